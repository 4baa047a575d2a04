import { z } from 'zod';
import { videoGenerateShape } from '../api/video.ts';
import { JOB_STATES } from '../domain/job-states.ts';
import { TAKEN_FRAME_MAX_BASE64, VIDEO_LIMITS } from '../domain/limits.ts';
import { countSchema, errorSchema, roundIdSchema, type DomainContract } from './common.ts';

/** One video round as the screens see it. */
export const videoRoundViewSchema = z.object({
  id: z.string(),
  shotId: z.string(),
  position: z.number().int(),
  state: z.enum(JOB_STATES),
  request: videoGenerateShape,
  estimateCents: z.number().int(),
  chargedCents: z.number().int().nullable(),
  /** Sent to the built-in simulator: its cost is what it would be, not spending. */
  demo: z.boolean(),
  /** Taken from the service's task list: the prompt is a stand-in, so it is never sent again. */
  promptUnknown: z.boolean(),
  /** File names of the downloaded clips, served as `round/<id>/video`. */
  videos: z.array(z.string()),
  hasLastFrame: z.boolean(),
  /** The service's address of the last frame, while a later round may start from it. */
  lastFrameUrl: z.string().nullable(),
  /** The clip's `asset://` address when the service gave one: it can be a reference video. */
  videoAsset: z.string().nullable(),
  error: errorSchema.nullable(),
  attempt: z.number().int(),
  /** It holds a task id and may be asked again for free (Check again) before any new payment. */
  checkAgain: z.boolean(),
  createdAt: z.number(),
  submittedAt: z.number().nullable(),
  updatedAt: z.number(),
  seq: z.number().int(),
});
export type VideoRoundView = z.infer<typeof videoRoundViewSchema>;

export const videoShotViewSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  rounds: z.array(videoRoundViewSchema),
  /** The round the user chose as the shot's take (see `takeOf` for the one the film uses). */
  chosenTakeId: z.string().nullable(),
});
export type VideoShotView = z.infer<typeof videoShotViewSchema>;

export const videoProjectViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  shots: z.array(videoShotViewSchema),
});
export type VideoProjectView = z.infer<typeof videoProjectViewSchema>;

const queuedRoundSchema = z.object({
  roundId: z.string(),
  estimate: z.object({ usd: z.number(), seconds: z.number(), upperBound: z.boolean() }),
});
const projectsSchema = z.object({ projects: z.array(videoProjectViewSchema) });
const arrangedKindSchema = z.enum(['project', 'shot', 'round']);

/** Where a continuation of a clip goes: a new shot after the clip's, or the clip's own shot. */
export const EXTEND_PLACES = ['new-shot', 'this-shot'] as const;
export type ExtendPlace = (typeof EXTEND_PLACES)[number];

/** The video desk: projects, shots and rounds, and what they are sent as. */
export const videoContract = {
  'video:projects': { request: z.undefined(), response: projectsSchema },
  'video:createProject': {
    request: z.strictObject({ name: z.string().trim().min(1, 'core.rounds.nameProject').max(200) }),
    /** The new project as the tree shows it, so the window adds it without reading the tree. */
    response: z.object({
      projectId: z.string(),
      shotId: z.string(),
      project: videoProjectViewSchema,
    }),
  },
  'video:addShot': {
    request: z.strictObject({ projectId: roundIdSchema, title: z.string().max(200).optional() }),
    response: z.object({ shotId: z.string(), shot: videoShotViewSchema }),
  },
  'video:queueRounds': {
    /** Rounds are checked again in main; one that breaks a rule stops the whole batch, unpaid. */
    request: z.strictObject({
      rounds: z
        .array(z.strictObject({ shotId: roundIdSchema, request: videoGenerateShape }))
        .min(1)
        .max(200),
    }),
    response: z.object({ queued: z.array(queuedRoundSchema) }),
  },
  'video:cancel': {
    request: z.strictObject({ ids: z.array(roundIdSchema).max(1000) }),
    response: countSchema,
  },
  /** Check again (free) for rounds that hold a task id; the others go back to the queue. */
  'video:retry': {
    request: z.strictObject({ ids: z.array(roundIdSchema).max(1000) }),
    response: countSchema,
  },
  /** A new paid attempt at each round's estimate, forgetting any task id: only on the user's word. */
  'video:sendAgain': {
    request: z.strictObject({ ids: z.array(roundIdSchema).max(1000) }),
    response: countSchema,
  },
  'video:duplicate': {
    request: z.strictObject({ roundId: roundIdSchema }),
    response: queuedRoundSchema,
  },
  'video:extend': {
    request: z.strictObject({
      roundId: roundIdSchema,
      prompt: z.string().trim().min(1, 'ipc.problem.sayNext'),
      /** A new shot right after the round's (the film holds both), or the round's own shot. */
      into: z.enum(EXTEND_PLACES).default('new-shot'),
      /** Start from the round's last frame, or use its clip as the reference video. */
      from: z.enum(['last-frame', 'video']).default('last-frame'),
      /** The clip's asset address, for `from: 'video'` when the service did not return one. */
      videoAsset: z.string().max(2048).optional(),
      /**
       * For `from: 'last-frame'` when the service kept no last frame: the clip's last frame
       * as the window's player drew it, a PNG in base64.
       */
      takenFrame: z
        .string()
        .max(TAKEN_FRAME_MAX_BASE64, 'ipc.problem.frameTooLarge')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'ipc.problem.frameNotBase64')
        .optional(),
    }),
    response: queuedRoundSchema,
  },
  'video:history': {
    /** The service's own task list (its last days), including tasks started elsewhere. */
    request: z.undefined(),
    response: z.object({
      tasks: z.array(
        z.object({
          id: z.string(),
          status: z.string(),
          model: z.string().nullable(),
          createdAt: z.number().nullable(),
          /** The round that holds this task, when one does. */
          roundId: z.string().nullable(),
        }),
      ),
    }),
  },
  'video:attach': {
    request: z.strictObject({ taskId: z.string().min(1).max(128), shotId: roundIdSchema }),
    response: z.object({ roundId: z.string() }),
  },
  'video:renameProject': {
    request: z.strictObject({
      projectId: roundIdSchema,
      name: z.string().trim().min(1, 'core.rounds.nameProject').max(200),
    }),
    response: projectsSchema,
  },
  /** Swaps a project, shot or round with its neighbour before (-1) or after (1) it. */
  'video:move': {
    request: z.strictObject({
      kind: arrangedKindSchema,
      id: roundIdSchema,
      by: z.union([z.literal(-1), z.literal(1)]),
    }),
    response: projectsSchema,
  },
  /**
   * Takes a project, shot or round off the list; its clips stay where they were saved and
   * what it cost stays in the spending. Refused while any of its rounds is not over.
   */
  'video:remove': {
    request: z.strictObject({ kind: arrangedKindSchema, id: roundIdSchema }),
    response: projectsSchema,
  },
  /**
   * Where a round's clip is on this computer, to be cleaned of a still logo in the Images
   * screen's Videos area; refused with a sentence while the round has no clip here.
   */
  'video:takeFile': {
    request: z.strictObject({ roundId: roundIdSchema }),
    response: z.object({ path: z.string() }),
  },
  /** The round a shot uses in the film; null: the newest round with a clip. */
  'video:chooseTake': {
    request: z.strictObject({ shotId: roundIdSchema, roundId: roundIdSchema.nullable() }),
    response: projectsSchema,
  },
  /**
   * The length of each reference video whose length can be known on this computer (a clip of
   * a project, or in demo mode one of the simulator's assets); the others are left out.
   */
  'video:referenceLengths': {
    request: z.strictObject({
      urls: z.array(z.string().max(2048)).max(VIDEO_LIMITS.contentItems.max),
    }),
    response: z.object({ lengths: z.record(z.string(), z.number()) }),
  },
  /** A picture dropped or pasted onto the prompt bar, held to the rules of 'video:chooseImage'. */
  'video:inlineImage': {
    request: z.strictObject({
      name: z.string().max(1024),
      data: z
        .string()
        .max(TAKEN_FRAME_MAX_BASE64)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/),
    }),
    response: z.object({
      url: z.string(),
      name: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      bytes: z.number().int(),
    }),
  },
} as const satisfies DomainContract;
