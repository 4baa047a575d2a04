import { z } from 'zod';
import { estimateIdSchema } from '../domain/estimate-id.ts';
import { DOUBT_CHOICES, JOB_DOUBTS } from '../domain/job-doubt.ts';
import { JOB_STATES } from '../domain/job-states.ts';
import { strokesSchema } from '../domain/strokes.ts';
import {
  countSchema,
  errorSchema,
  HISTORY_PAGE_MAX,
  idsSchema,
  MAX_ITEMS_PER_REQUEST,
  pathsSchema,
  skippedSchema,
  type DomainContract,
} from './common.ts';

/** One watermark job as the screens see it: no key, no request body, only what is shown. */
export const watermarkJobViewSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  name: z.string(),
  inputPath: z.string(),
  /** The dropped or chosen folder the input was found in: same-named files are told apart by it. */
  root: z.string().optional(),
  state: z.enum(JOB_STATES),
  outputPath: z.string().nullable(),
  error: errorSchema.nullable(),
  attempt: z.number().int(),
  /** It holds a task id and may be asked again for free (Check again) before any new payment. */
  checkAgain: z.boolean(),
  /** The input's size when it was added; unknown for jobs added by path from the command line. */
  bytes: z.number().int().nullable(),
  /** Cleaned on this computer by undoing the blend (free, nothing sent), not by the service. */
  local: z.boolean(),
  /** Done, but a result Clearframe cannot vouch for, waiting for the user (see job-doubt.ts). */
  doubt: z.enum(JOB_DOUBTS).nullable(),
  /** The sequence number of the job's latest event: a screen keeps the higher one. */
  seq: z.number().int(),
  updatedAt: z.number(),
});
export type WatermarkJobView = z.infer<typeof watermarkJobViewSchema>;

/** The watermark desk: the image queue, and the paid preview that uses the same service. */
export const watermarkContract = {
  'media:previewService': {
    /**
     * One staged image cleaned by the service with these strokes, as a preview served at
     * \`local-preview/<previewId>\`. Free in demo mode; otherwise it uses a credit, so it is
     * sent only with \`confirmed\`, and an image previewed before with the same strokes is
     * shown again rather than paid for twice.
     */
    request: z.strictObject({
      token: z.string().min(1).max(64),
      strokes: strokesSchema.min(1),
      confirmed: z.boolean(),
    }),
    response: z.object({ previewId: z.uuid(), reused: z.boolean() }),
  },
  'watermark:add': {
    request: z.union([
      z.strictObject({
        paths: pathsSchema,
        recursive: z.boolean().optional(),
        strokes: strokesSchema.optional(),
      }),
      z.strictObject({
        /** Files already looked at, each with its own mask (or none). */
        items: z
          .array(
            z.strictObject({
              /** A token from media:probe or media:probeUrl: only files the page was shown. */
              token: z.string().min(1).max(64),
              strokes: strokesSchema.optional(),
              /** Send it even if it was cleaned before with the same mask (paid again). */
              again: z.boolean().optional(),
              /**
               * Clean it on this computer (free, nothing sent) with this measurement of the
               * mark (`media:findWatermark`'s group `estimateId`); absent: the service.
               */
              estimate: estimateIdSchema.optional(),
            }),
          )
          .min(1, 'ipc.problem.chooseImage')
          .max(MAX_ITEMS_PER_REQUEST),
      }),
    ]),
    response: z.object({
      added: z.number().int(),
      skipped: z.array(skippedSchema),
    }),
  },
  'watermark:list': {
    /** The batch added last and every earlier job yet to settle; the rest is history, paged. */
    request: z.undefined(),
    response: z.object({ jobs: z.array(watermarkJobViewSchema), paused: z.boolean() }),
  },
  'watermark:history': {
    /** One page of every job ever listed, newest first; `next` asks for the page after. */
    request: z.strictObject({
      before: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(HISTORY_PAGE_MAX),
    }),
    response: z.object({
      jobs: z.array(watermarkJobViewSchema),
      next: z.number().int().nullable(),
    }),
  },
  'watermark:cancel': { request: idsSchema, response: countSchema },
  /** Check again (free) for jobs that hold a task id; the others are prepared and sent. */
  'watermark:retry': { request: idsSchema, response: countSchema },
  /** A new paid attempt (one credit each), forgetting any task id: only on the user's word. */
  'watermark:sendAgain': { request: idsSchema, response: countSchema },
  /**
   * The user's word on results in doubt: `keep` them as they are (free), or `send` them to
   * the service (one credit each, asked first); jobs not in doubt are left alone.
   */
  'watermark:decide': {
    request: z.strictObject({ ids: idsSchema.shape.ids, choice: z.enum(DOUBT_CHOICES) }),
    response: countSchema,
  },
  'watermark:pause': { request: z.undefined(), response: z.object({ paused: z.boolean() }) },
  'watermark:resume': { request: z.undefined(), response: z.object({ paused: z.boolean() }) },
  'watermark:clearFinished': { request: z.undefined(), response: countSchema },
} as const satisfies DomainContract;
