import { z } from 'zod';
import { estimateIdSchema } from '../domain/estimate-id.ts';
import { VIDEO_LIMITS } from '../domain/limits.ts';
import { CORNERS, MASK_ANCHORS } from '../domain/mask-anchor.ts';
import { strokesSchema } from '../domain/strokes.ts';
import {
  boxSchema,
  MAX_ITEMS_PER_REQUEST,
  pathsSchema,
  skippedSchema,
  stagingRunSchema,
  type DomainContract,
} from './common.ts';

/** What "Find the watermark" proposes for a set of staged images. */
export const watermarkProposalSchema = z.object({
  groups: z.array(
    z.object({
      /** `size`: images of one size; a corner: photos of several sizes sharing that corner. */
      anchor: z.enum(['size', ...CORNERS]),
      images: z.array(
        z.object({
          token: z.string(),
          /** How strongly the image carries the mark, about 0 (not at all) to 1. */
          score: z.number(),
          /** The score says the mark is there: only these should get the mask. */
          present: z.boolean(),
          /**
           * The mark is there and Clearframe vouches for the mask on it: only these are
           * ticked by default. `doubt` says why an image found with the mark is not.
           */
          sure: z.boolean(),
          doubt: z.string().nullable(),
          /** The mask for this image's size; null when the group shares no mark. */
          maskToken: z.string().nullable(),
        }),
      ),
      /**
       * The mark measured across the group's images, so they can be cleaned on this computer
       * for free (`watermark:add` items' `estimate`); null when the group cannot be measured
       * (several sizes, or the mark on fewer than 3 images).
       */
      estimateId: estimateIdSchema.nullable(),
      /**
       * The quality cleaning on this computer is expected to give, in dB (PSNR inside the
       * mark grown 3 px), from the engine's self-check on the group's own photos
       * (src-main/core/media/unblend/self-check.ts); null when the group is not measured.
       */
      expectedDb: z.number().nullable().optional(),
      /**
       * Why what was found is not proposed (it would cover too much of each image: no mark is
       * shared), as a sentence; null when it is, or when nothing was found.
       */
      refused: z.string().nullable(),
      /** One mask per size in the group; empty when no mark was found or it was refused. */
      masks: z.array(
        z.object({
          width: z.number().int(),
          height: z.number().int(),
          maskToken: z.string(),
          /** Where the mark was found, in the image's pixels: one box per mark. */
          boxes: z.array(boxSchema),
          /** Share of the image the mask covers, margin included. */
          fraction: z.number(),
        }),
      ),
    }),
  ),
  /** Images too few of their size to tell a mark from a photo: to be marked by hand. */
  tooFew: z.array(z.object({ token: z.string(), reason: z.string() })),
  /** Images that could not be read (damaged, incomplete, gone), each with why: left out. */
  unreadable: z.array(z.object({ token: z.string(), reason: z.string() })),
});

/** How far one search for the watermark is: steps done of all (images read, then compared). */
export const finderProgressSchema = z.object({
  run: z.string(),
  done: z.number().int(),
  total: z.number().int(),
});
export type WatermarkProposal = z.infer<typeof watermarkProposalSchema>;

/** A file looked at before it becomes a job: for the list, the mask editor and "same size". */
export const stagedFileSchema = z.object({
  /** Names the file in preview URLs (`staged/<token>`), so the page never sends paths to read. */
  token: z.string(),
  path: z.string(),
  name: z.string(),
  /** The dropped or chosen folder it was found in: same-named files are told apart by it. */
  root: z.string().optional(),
  format: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** Set for an image given by URL: it is sent as that URL; `path` is the copy made for the preview. */
  sourceUrl: z.string().optional(),
  /** Set when the same image was cleaned before: what the list says of it. */
  cleaned: z.string().optional(),
  /**
   * The mask it was last cleaned with ([] for none), brought back with it: with that mask it
   * is left out unless the user ticks "Clean again". Absent when that mask cannot be drawn
   * (a mask file, or a result written before masks were kept).
   */
  cleanedWith: strokesSchema.optional(),
});
export type StagedFile = z.infer<typeof stagedFileSchema>;

/** Files staged so far by one look at dropped files, sent while the walk goes on. */
export const stagedBatchSchema = z.object({
  run: z.string(),
  items: z.array(stagedFileSchema),
  skipped: z.array(skippedSchema),
});
export type StagedBatch = z.infer<typeof stagedBatchSchema>;

/** The staging desk: files looked at before they become jobs, and their masks. */
export const stagingContract = {
  'media:probe': {
    /**
     * Looks at every file in the dropped files and folders; what is staged arrives as
     * `media:staged` events under `run` while the walk goes on, all of it before this answers.
     */
    request: z.strictObject({
      paths: pathsSchema,
      recursive: z.boolean().optional(),
      run: stagingRunSchema.optional(),
    }),
    response: z.object({
      run: z.string(),
      staged: z.number().int(),
      skipped: z.number().int(),
      /** The walk was stopped (media:cancelProbe) before it ended: what was staged stays. */
      canceled: z.boolean(),
    }),
  },
  'media:cancelProbe': {
    request: z.strictObject({ run: stagingRunSchema }),
    response: z.object({ canceled: z.boolean() }),
  },
  'media:stagePasted': {
    /** An image pasted from the clipboard, which has no file: its bytes, kept in the data folder. */
    request: z.strictObject({
      name: z.string().min(1).max(255),
      base64: z
        .string()
        .max(
          Math.ceil((VIDEO_LIMITS.referenceImage.maxBytes * 4) / 3),
          'ipc.problem.pastedTooLarge',
        )
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'ipc.problem.pastedNotImage'),
    }),
    response: stagedFileSchema,
  },
  'media:probeUrl': {
    /**
     * An image by web address, or an uploaded asset's `asset://` address, which only demo
     * mode's stand-in can show (its own pictures); any other asset is refused with why.
     */
    request: z.strictObject({
      url: z
        .string()
        .max(4096)
        .regex(/^(https?:\/\/[^\s]+|asset:\/\/[^\s/?#]+)$/, 'check.address'),
    }),
    response: stagedFileSchema,
  },
  'media:previewClean': {
    /**
     * A free repaint of one staged image made on this computer with these strokes, to judge
     * the mask before the batch: served at \`local-preview/<previewId>\` on the preview scheme.
     */
    request: z.strictObject({ token: z.string().min(1).max(64), strokes: strokesSchema.min(1) }),
    response: z.object({ previewId: z.uuid() }),
  },
  'media:previewUnblend': {
    /**
     * A free preview of one staged image cleaned on this computer by undoing the blend of
     * the mark measured for its group: served at \`local-preview/<previewId>\`.
     */
    request: z.strictObject({ token: z.string().min(1).max(64), estimateId: estimateIdSchema }),
    response: z.object({ previewId: z.uuid() }),
  },
  'media:findWatermark': {
    /**
     * Finds the watermark staged images share: one proposal per group of images of one size
     * (or, for photos of several sizes, one corner), a presence score for each image, and the
     * mask per size as an imported mask (`{kind: 'bitmap', token: maskToken}`, previewed at
     * `<previewBase>mask/<maskToken>`). A rough box (`hint`) narrows where to look. With
     * `run`, how far the search is comes as `media:finderProgress` events under it.
     */
    request: z.strictObject({
      run: stagingRunSchema.optional(),
      tokens: z
        .array(z.string().min(1).max(64))
        .min(1, 'ipc.problem.chooseImage')
        .max(MAX_ITEMS_PER_REQUEST),
      hint: z
        .strictObject({
          x: z.number().finite(),
          y: z.number().finite(),
          width: z.number().finite().positive(),
          height: z.number().finite().positive(),
          anchor: z.enum(MASK_ANCHORS),
        })
        .optional(),
    }),
    response: watermarkProposalSchema,
  },
  /**
   * How much of each staged image its mask covers (0 to 1), shown before Start pays for it
   * and asked about above `LARGE_MASK_SHARE`; null for an image that is gone since.
   */
  'mask:shares': {
    request: z.strictObject({
      items: z
        .array(z.strictObject({ token: z.string().min(1).max(64), strokes: strokesSchema.min(1) }))
        .max(100_000),
    }),
    response: z.object({ shares: z.array(z.number().min(0).max(1).nullable()) }),
  },
  'mask:transform': {
    /**
     * A whole-mask tool on the mask these strokes make for a staged image: grow or shrink the
     * marks by some pixels, invert them, or keep only what lies inside a box (image pixels).
     * The result is kept as an imported mask, used as `{kind: 'bitmap', token: maskToken}`.
     */
    request: z.strictObject({
      token: z.string().min(1).max(64),
      strokes: strokesSchema.min(1),
      tool: z.discriminatedUnion('kind', [
        z.strictObject({
          kind: z.enum(['grow', 'shrink']),
          pixels: z.number().int().min(1, 'ipc.problem.growAtLeast').max(500),
        }),
        z.strictObject({ kind: z.literal('invert') }),
        z.strictObject({
          kind: z.literal('keepInside'),
          box: z.strictObject({
            x: z.number().finite(),
            y: z.number().finite(),
            width: z.number().finite().positive(),
            height: z.number().finite().positive(),
          }),
        }),
      ]),
    }),
    response: z.object({ maskToken: z.string(), fraction: z.number() }),
  },
} as const satisfies DomainContract;
