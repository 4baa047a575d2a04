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

/** How the window's clean-up of a clip ended: the clip written, refused, or an error. */
export const clipFinishSchema = z.union([
  z.object({ container: z.enum(CLIP_CONTAINERS), frames: z.number().int() }),
  z.object({ refused: z.enum(CLIP_REFUSALS) }),
  z.object({ failed: z.string().max(2000) }),
]);

/**
 * The clips desk (issue #38). Clips are cleaned by the window's worker (WebCodecs), on the
 * engine's word: the engine asks with `clips:work`, the window fetches the clip from the
 * preview address it is given, writes the cleaned clip back in pieces and says how it ended.
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
  /** Pause stops the clip being cleaned (it starts again from its first frame on resume). */
  'clips:pause': {
    request: z.strictObject({ paused: z.boolean() }),
    response: z.object({ paused: z.boolean() }),
  },
  /** The window can clean clips now: queued ones start. */
  'clips:ready': { request: z.undefined(), response: doneSchema },
  /** A piece of the cleaned clip, base64, at its byte offset. */
  'clips:write': {
    request: z.strictObject({
      jobId: jobIdSchema,
      offset: z.number().int().min(0),
      chunk: z.string().max(16 * 1024 * 1024),
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
  /** Clean this clip: fetch it from `source`, write it back with `clips:write`. */
  'clips:work': z.object({ jobId: z.string(), source: z.string(), mask: z.string().optional() }),
  /** Stop cleaning this clip (cancelled or paused); what was written is removed. */
  'clips:stop': z.object({ jobId: z.string() }),
  'clips:changed': z.object({ clips: z.array(clipViewSchema) }),
} as const;
