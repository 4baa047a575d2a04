import { z } from 'zod';
import { CLIP_CONTAINERS, CLIP_REFUSALS } from '../domain/clip-jobs.ts';
import { JOB_STATES } from '../domain/job-states.ts';
import { decodeMask, MASK_TEXT_LIMIT } from '../video-clean/mask-runs.ts';
import { countSchema, errorSchema, idsSchema, pathsSchema, type DomainContract } from './common.ts';

/** A clip being cleaned in the window, or cleaned, as its list shows it. */
export const clipViewSchema = z.object({
  id: z.string(),
  input: z.string(),
  state: z.enum(JOB_STATES),
  output: z.string().nullable(),
  error: errorSchema.nullable(),
  /** Frames cleaned so far of the whole, while the window cleans it. */
  frames: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
});
export type ClipView = z.infer<typeof clipViewSchema>;

const jobIdSchema = z.string().min(1).max(64);
/** A mask the person accepted over a frame of the clip (see mask-runs.ts). */
const maskSchema = z
  .string()
  .max(MASK_TEXT_LIMIT)
  .refine((text) => decodeMask(text) !== undefined);
const doneSchema = z.object({});

const segmentSchema = z.number().int().min(0);

/** How the window's clean-up of a clip ended: every segment written, refused, or an error. */
export const clipFinishSchema = z.union([
  z.object({ container: z.enum(CLIP_CONTAINERS), frames: z.number().int() }),
  z.object({ refused: z.enum(CLIP_REFUSALS) }),
  z.object({ failed: z.string().max(2000) }),
]);

/**
 * The clips desk (issue #38). Clips are cleaned by the window's worker (WebCodecs), on the
 * engine's word: the engine asks with `clips:work` from a segment on, the window fetches the
 * clip from the preview address it is given, writes each finished segment back in pieces,
 * says when one is whole (`clips:segment`, from then on it is kept) and how the run ended.
 */
export const clipsContract = {
  /** Queues clips to be cleaned, with the same output rules as images. */
  'clips:add': {
    request: z.strictObject({
      paths: pathsSchema,
      /** The mask accepted for a clip, by its path; a clip without one has its mark found. */
      masks: z.record(z.string(), maskSchema).optional(),
    }),
    response: idsSchema,
  },
  /**
   * Clips dropped and not yet run: each gets a token, so the window can read it from the
   * preview address (`clip/<token>/input`) to show its proposal and preview before Run.
   */
  'clips:stage': {
    request: z.strictObject({ paths: pathsSchema }),
    response: z.object({ clips: z.array(z.object({ path: z.string(), token: z.string() })) }),
  },
  'clips:list': { request: z.undefined(), response: z.object({ clips: z.array(clipViewSchema) }) },
  'clips:cancel': { request: idsSchema, response: countSchema },
  /** Cleans failed clips again, from the segments they kept; answers how many were queued. */
  'clips:retry': { request: idsSchema, response: countSchema },
  /**
   * Pause stops the clip being cleaned and keeps its finished segments: on resume it carries
   * on from the first unfinished one.
   */
  'clips:pause': {
    request: z.strictObject({ paused: z.boolean() }),
    response: z.object({ paused: z.boolean() }),
  },
  /** The window can clean clips now: queued ones start. */
  'clips:ready': { request: z.undefined(), response: doneSchema },
  /** A piece of a cleaned segment, base64, at its byte offset in the segment. */
  'clips:write': {
    request: z.strictObject({
      jobId: jobIdSchema,
      segment: segmentSchema,
      offset: z.number().int().min(0),
      chunk: z.string().max(16 * 1024 * 1024),
    }),
    response: doneSchema,
  },
  /** Every piece of the segment was written: it is kept, with its frames, from now on. */
  'clips:segment': {
    request: z.strictObject({
      jobId: jobIdSchema,
      segment: segmentSchema,
      frames: z.number().int().min(1),
    }),
    response: doneSchema,
  },
  'clips:progress': {
    request: z.strictObject({
      jobId: jobIdSchema,
      done: z.number().int().min(0),
      total: z.number().int().min(0),
    }),
    response: doneSchema,
  },
  'clips:finished': {
    request: z.strictObject({ jobId: jobIdSchema, outcome: clipFinishSchema }),
    response: doneSchema,
  },
} as const satisfies DomainContract;

/** What the engine tells the window about clips. */
export const clipEvents = {
  /**
   * Clean this clip from segment `from.segment` on (`from.frames` frames come before it), with
   * the mask the person accepted when there is one: fetch it from `source`, write each segment
   * back with `clips:write` and `clips:segment`.
   */
  'clips:work': z.object({
    jobId: z.string(),
    source: z.string(),
    from: z.object({ segment: segmentSchema, frames: z.number().int().min(0) }),
    mask: z.string().optional(),
  }),
  /** Stop cleaning this clip (cancelled or paused); the finished segments are the engine's. */
  'clips:stop': z.object({ jobId: z.string() }),
  'clips:changed': z.object({ clips: z.array(clipViewSchema) }),
} as const;
