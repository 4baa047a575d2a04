import { z } from 'zod';
import { estimateIdSchema } from '../domain/estimate-id.ts';
import { videoGenerateShape } from '../api/video.ts';
import { API_KEY_KINDS } from '../domain/api-keys.ts';
import { BUDGET_PERIODS, SPENDING_STATUSES } from '../domain/budget.ts';
import { MONTH_PATTERN } from '../domain/calendar-month.ts';
import { DOUBT_CHOICES, JOB_DOUBTS } from '../domain/job-doubt.ts';
import { JOB_STATES } from '../domain/job-states.ts';
import { TAKEN_FRAME_MAX_BASE64, VIDEO_LIMITS } from '../domain/limits.ts';
import { CORNERS, MASK_ANCHORS } from '../domain/mask-anchor.ts';
import { settingsSchema } from '../domain/settings.ts';
import { sentenceSchema } from '../i18n/sentence.ts';
import { strokesSchema } from '../domain/strokes.ts';
import type { EventChannel, InvokeChannel } from './channels.ts';
import type { IpcResult } from './result.ts';

// A request's own complaints below are catalogue message ids: the dispatch says them, and
// Zod's, in the reader's language (`issueWords`).

/** Largest number of paths or ids one request may carry: a big drop, not a flood. */
export const MAX_ITEMS_PER_REQUEST = 10_000;

/** Most history rows one page may ask for: a few screens' worth, cheap to send. */
export const HISTORY_PAGE_MAX = 1_000;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** True while the built-in simulator stands in for the watermark service. */
  demoMode: z.boolean(),
  /** Every service the built-in simulator stands in for: demo mode is per service. */
  demoServices: z.array(z.enum(API_KEY_KINDS)),
  /** Where previews of local files come from: `<previewBase>job/<id>/input`, `staged/<token>`… */
  previewBase: z.string(),
  /** The operating system's preferred languages, best first; absent when the host cannot tell. */
  languages: z.array(z.string()).optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const noticeSchema = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A failure: its sentence as said, and, when known, its message id to say it in the reader's language. */
const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  sentence: sentenceSchema.optional(),
});

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

const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

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

/** A file that was not taken, with the reason in words. */
const skippedSchema = z.object({ path: z.string(), reason: z.string() });

/** Names one look at dropped files: the window chooses it, to follow and to stop that look. */
const stagingRunSchema = z.string().min(1).max(64);

/** Files staged so far by one look at dropped files, sent while the walk goes on. */
export const stagedBatchSchema = z.object({
  run: z.string(),
  items: z.array(stagedFileSchema),
  skipped: z.array(skippedSchema),
});
export type StagedBatch = z.infer<typeof stagedBatchSchema>;

const pathsSchema = z
  .array(z.string().min(1).max(4096))
  .min(1, 'ipc.problem.dropSomething')
  .max(MAX_ITEMS_PER_REQUEST);
const idsSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).max(MAX_ITEMS_PER_REQUEST),
});
const countSchema = z.object({ count: z.number().int() });
const keyKindSchema = z.enum(API_KEY_KINDS);
const keyStatusSchema = z.object({
  kind: keyKindSchema,
  set: z.boolean(),
  source: z.enum(['keychain', 'environment']).nullable(),
});

/** What one service says is left, labelled by the host that said it. */
export const quotaFigureSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    kind: keyKindSchema,
    host: z.string(),
    credits: z.object({ remaining: z.number(), limit: z.number() }),
    balanceUsd: z.number().nullable(),
    /** The built-in simulator's figures: what demo mode would spend, not the account's. */
    demo: z.boolean(),
  }),
  z.object({ ok: z.literal(false), kind: keyKindSchema, host: z.string(), message: z.string() }),
]);
export type QuotaFigure = z.infer<typeof quotaFigureSchema>;

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
const roundIdSchema = z.string().min(1).max(64);
const projectsSchema = z.object({ projects: z.array(videoProjectViewSchema) });
const arrangedKindSchema = z.enum(['project', 'shot', 'round']);

/** Which charges a spending history or its CSV covers: one project, one month, or all. */
export const spendingFilterSchema = z.strictObject({
  projectId: roundIdSchema.optional(),
  month: z.string().regex(MONTH_PATTERN, 'check.month').optional(),
});
export type SpendingFilter = z.infer<typeof spendingFilterSchema>;

/** Where a continuation of a clip goes: a new shot after the clip's, or the clip's own shot. */
export const EXTEND_PLACES = ['new-shot', 'this-shot'] as const;
export type ExtendPlace = (typeof EXTEND_PLACES)[number];

/** Most charges one page of the spending history holds. */
export const SPENDING_PAGE_MAX = 500;

/** One attempt of a round the service may have billed (`status`: see `SPENDING_STATUSES`). */
export const spendingLineSchema = z.object({
  roundId: z.string(),
  /** Which attempt of the round; null for earlier attempts counted together before this was kept. */
  attempt: z.number().int().nullable(),
  /** When it was sent (ms), which sets the month it counts in. */
  at: z.number(),
  /** `YYYY-MM` in this computer's time zone. */
  month: z.string(),
  projectId: z.string(),
  project: z.string(),
  shot: z.number().int(),
  round: z.number().int(),
  /** Its project, shot or round was removed from the list; its money still counts. */
  removed: z.boolean(),
  /** The start of the prompt; empty when it is not known (a task added from the service). */
  prompt: z.string(),
  /** The length the service reported for a finished clip; null when it reported none. */
  seconds: z.number().nullable(),
  /** The price per second the charge was made at; null with `seconds`. */
  pricePerSecondUsd: z.number().nullable(),
  cents: z.number().int(),
  status: z.enum(SPENDING_STATUSES),
  demo: z.boolean(),
});
export type SpendingLine = z.infer<typeof spendingLineSchema>;

const spendingSumSchema = z.object({
  /** Over: charged, or estimated where the service never said. Never the simulator's. */
  spentCents: z.number().int(),
  /** Sent and not over yet, at their estimates. */
  inFlightCents: z.number().int(),
  /** What the simulator's rounds would have cost: not spending. */
  demoCents: z.number().int(),
  /** How many attempts, demo ones included. */
  count: z.number().int(),
});
export type SpendingSum = z.infer<typeof spendingSumSchema>;

export const spendingHistorySchema = z.object({
  /** The charges of the filter, newest first, one page. */
  lines: z.array(spendingLineSchema),
  /** The offset of the next page; null on the last. */
  next: z.number().int().nullable(),
  /** Everything the filter covers, on every page. */
  totals: spendingSumSchema,
  /** Each month with charges, newest first, for the filter's project (every month). */
  byMonth: z.array(spendingSumSchema.extend({ month: z.string() })),
  /** Each project with charges, for the filter's month (every project). */
  byProject: z.array(
    spendingSumSchema.extend({ projectId: z.string(), project: z.string(), removed: z.boolean() }),
  ),
});
export type SpendingHistory = z.infer<typeof spendingHistorySchema>;

/** What importing a file of rounds would queue, or why it would queue nothing. */
export const importPlanSchema = z.object({
  /** The file's name, as the messages call it. */
  name: z.string(),
  rounds: z.array(
    z.object({
      /** "Row 4", or "Round 2 (line 9)" in a JSON file. */
      label: z.string(),
      /** The shot it goes to: `Shot 3 "Dock" (new)`. */
      shot: z.string(),
      kind: z.string(),
      prompt: z.string(),
      seconds: z.number(),
      cents: z.number().int(),
      /** The model picks the length: `cents` is the most it can cost. */
      upperBound: z.boolean(),
      /** What could not be checked here. */
      notes: z.array(z.string()),
    }),
  ),
  /** Every rule a row breaks, in the round editor's words; any at all: nothing is queued. */
  problems: z.array(z.object({ label: z.string(), message: z.string() })),
  totalCents: z.number().int(),
  upperBound: z.boolean(),
});
export type ImportPlanView = z.infer<typeof importPlanSchema>;

const importFileSchema = z.string().trim().min(1, 'ipc.problem.chooseImportFile').max(4096);

interface InvokeSpec {
  request: z.ZodType;
  response: z.ZodType;
}

/** Every invoke channel with the schema of what the renderer sends and what it gets back. */
export const invokeContract = {
  'app:info': { request: z.undefined(), response: appInfoSchema },
  /** What the window should say about how start-up went (a damaged database set aside, no keychain…). */
  'app:notices': {
    request: z.undefined(),
    response: z.object({ notices: z.array(noticeSchema) }),
  },
  /**
   * The files and folders opened with Clearframe (Open with, a second launch, `clearframe
   * open`) since the window last asked; each is given once. `app:opened` says there are more.
   */
  'app:takeOpened': {
    request: z.undefined(),
    response: z.object({ paths: z.array(z.string()) }),
  },
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
  'mask:import': {
    /** Asks the user for a mask file for this staged image; null when they chose none. */
    request: z.strictObject({ token: z.string().min(1).max(64) }),
    response: z
      .object({
        maskToken: z.string(),
        fraction: z.number(),
        convention: z.enum(['service-colours', 'white-on-black']),
        resized: z.boolean(),
        warnings: z.array(z.string()),
        /** It marks every pixel: the window asks whether the whole image or nothing was meant. */
        everything: z.enum(['all-white', 'all-marked']).optional(),
      })
      .nullable(),
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
  'mask:export': {
    /** Saves the mask these strokes make for this staged image where the user chooses. */
    request: z.strictObject({ token: z.string().min(1).max(64), strokes: strokesSchema }),
    response: z.object({ path: z.string().nullable() }),
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
  'video:chooseImage': {
    /**
     * A picture on this computer as a reference image, chosen in the system's dialog and
     * checked against the service's rules; `image` is null when no file was chosen.
     */
    request: z.undefined(),
    response: z.object({
      image: z
        .object({
          url: z.string(),
          name: z.string(),
          width: z.number().int(),
          height: z.number().int(),
          bytes: z.number().int(),
        })
        .nullable(),
    }),
  },
  'video:exportProject': {
    /** Copies a project's takes (one a shot, as the film uses them), in order, into a folder the user chooses. */
    request: z.strictObject({ projectId: roundIdSchema }),
    response: z.object({
      folder: z.string().nullable(),
      count: z.number().int(),
      /** Shots left out: none of their rounds has a clip yet. */
      leftOut: z.array(z.number().int()),
    }),
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
  /** Reads a CSV or JSON file of rounds and checks every row; nothing is queued or paid. */
  'video:planImport': {
    request: z.strictObject({ path: importFileSchema, projectId: roundIdSchema }),
    response: importPlanSchema,
  },
  /**
   * Queues the rounds of a file, all or none, once the user has seen what they cost: the
   * file is read again, and a file that no longer makes `count` rounds for `totalCents` is
   * refused, so nothing is paid that was not shown.
   */
  'video:importRounds': {
    request: z.strictObject({
      path: importFileSchema,
      projectId: roundIdSchema,
      count: z.number().int().min(1),
      totalCents: z.number().int().min(0),
    }),
    response: z.object({ roundIds: z.array(z.string()) }),
  },
  'video:joinProject': {
    /**
     * Joins one take a shot, in shot order, into one MP4 in a folder the user chooses, without
     * re-encoding: the rounds given, or each shot's take as `filmTakes` picks it.
     */
    request: z.strictObject({
      projectId: roundIdSchema,
      roundIds: z.array(roundIdSchema).min(1).max(1000).optional(),
    }),
    /** `path` is null when no folder was chosen; `filmId` names the film for the preview. */
    response: z.object({ path: z.string().nullable(), filmId: z.string().nullable() }),
  },
  /**
   * The spending history: every attempt the service may have billed, newest first, a page at a
   * time, with totals per month and per project. A project or month it does not know is an
   * error value saying so.
   */
  'video:spending': {
    request: spendingFilterSchema.extend({
      limit: z.number().int().min(1).max(SPENDING_PAGE_MAX),
      offset: z.number().int().min(0).optional(),
    }),
    response: spendingHistorySchema,
  },
  /** Writes the history of the filter as CSV into a folder the user chooses; never over a file. */
  'video:exportSpending': {
    request: spendingFilterSchema,
    /** `path` is null when no folder was chosen; `count` charges, `demo` demo rounds besides. */
    response: z.object({
      path: z.string().nullable(),
      count: z.number().int(),
      demo: z.number().int(),
    }),
  },
  'settings:get': { request: z.undefined(), response: settingsSchema },
  'settings:update': {
    request: z.record(z.string(), z.unknown()),
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), settings: settingsSchema }),
      z.object({ ok: z.literal(false), errors: z.record(z.string(), z.string()) }),
    ]),
  },
  'keys:status': { request: z.undefined(), response: z.object({ keys: z.array(keyStatusSchema) }) },
  'keys:set': {
    request: z.strictObject({ kind: keyKindSchema, value: z.string().max(4096) }),
    response: z.object({
      status: keyStatusSchema,
      /** Whether the service accepted the key; the message says what it said. */
      test: z.object({ ok: z.boolean(), message: z.string() }),
    }),
  },
  'keys:clear': { request: z.strictObject({ kind: keyKindSchema }), response: keyStatusSchema },
  'shell:openExternal': {
    request: z.strictObject({ url: z.string().max(2048) }),
    response: z.object({ opened: z.boolean() }),
  },
  'shell:reveal': {
    /** Shows a job's result or a round's clip in the file manager, or with `open`, in its default app. */
    request: z.strictObject({ jobId: z.string().min(1).max(64), open: z.boolean().optional() }),
    response: z.object({ revealed: z.boolean() }),
  },
  'shell:openLogsFolder': { request: z.undefined(), response: z.object({ opened: z.boolean() }) },
  'dialog:chooseFolder': {
    request: z.undefined(),
    response: z.object({ path: z.string().nullable() }),
  },
  'media:chooseFolders': {
    /** Asks the user for folders of images to stage, as if dropped; none when they chose none. */
    request: z.undefined(),
    response: z.object({ paths: z.array(z.string()) }),
  },
  'account:quota': {
    request: z.undefined(),
    response: z.object({
      services: z.array(quotaFigureSchema),
      tier: z.string(),
      pricePerSecondUsd: z.number(),
      /** What the video rounds still queued would cost if they all ran. */
      queuedUsd: z.number(),
      /** What the images still queued would use, in credits (one each). */
      queuedCredits: z.number().int(),
      /**
       * Video spending as the budget cap counts it: every round the service may have billed
       * (its charge when known, else its estimate), never a round the simulator ran.
       */
      spending: z.object({
        spentUsd: z.number(),
        inFlightUsd: z.number(),
        capUsd: z.number().nullable(),
        /** What the cap counts; for a monthly cap the figures are this month's (`YYYY-MM`). */
        period: z.enum(BUDGET_PERIODS),
        month: z.string().nullable(),
      }),
    }),
  },
  'diagnostics:report': { request: z.undefined(), response: z.object({ text: z.string() }) },
  'updates:check': {
    request: z.undefined(),
    response: z.object({
      status: z.enum(['disabled', 'up-to-date', 'available', 'failed']),
      message: z.string(),
    }),
  },
} as const satisfies Record<InvokeChannel, InvokeSpec>;

/** Every event channel with the schema of its payload. */
export const eventContract = {
  'app:notice': noticeSchema,
  'app:mode': z.object({ demoMode: z.boolean(), demoServices: z.array(z.enum(API_KEY_KINDS)) }),
  /** Files were opened with Clearframe: the window takes them with `app:takeOpened`. */
  'app:opened': z.object({ count: z.number().int() }),
  'jobs:changed': z.object({ jobs: z.array(watermarkJobViewSchema) }),
  'video:changed': z.object({ rounds: z.array(videoRoundViewSchema) }),
  'media:staged': stagedBatchSchema,
  'media:finderProgress': finderProgressSchema,
} as const satisfies Record<EventChannel, z.ZodType>;

export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<
  (typeof invokeContract)[C]['response']
>;
export type EventPayload<C extends EventChannel> = z.output<(typeof eventContract)[C]>;

/** What main implements for each invoke channel; the payload arrives already checked. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (
    request: z.output<(typeof invokeContract)[C]['request']>,
  ) => Promise<InvokeResponse<C>> | InvokeResponse<C>;
};

/** The object the preload exposes as `window.clearframe`, derived from the contract. */
export type ClearframeApi = {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...request: InvokeRequest<C> extends undefined ? [] : [InvokeRequest<C>]
  ): Promise<IpcResult<InvokeResponse<C>>>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
  pathForFile(file: unknown): string;
};
