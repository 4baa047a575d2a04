import { z } from 'zod';
import { JOB_DOUBTS } from '../domain/job-doubt.ts';
import { JOB_STATES } from '../domain/job-states.ts';
import { profileNameSchema } from '../domain/profile.ts';
import { errorSchema, type DomainContract } from './common.ts';

/** A watched folder as the window names it: an absolute path, as the folder dialog gives it. */
const folderSchema = z.string().min(1).max(4096);

/** Who cleans a watched folder's images: this computer (free) or the service (paid, per day). */
export const WATCH_ENGINES = ['local', 'service'] as const;

/** The most credits a day the window lets a watch commit: a typing slip, not a budget. */
export const MAX_WATCH_CREDITS_PER_DAY = 100_000;

/** One file a watch took, as its list shows it: the job's state, and its doubt when done. */
export const watchedFileSchema = z.object({
  name: z.string(),
  inputPath: z.string(),
  state: z.enum(JOB_STATES),
  /** Done, but the self-check cannot vouch for it: the list says it needs a look. */
  doubt: z.enum(JOB_DOUBTS).nullable(),
  outputPath: z.string().nullable(),
  error: errorSchema.nullable(),
});

/** One watched folder with what the window shows of it. */
export const watchViewSchema = z.object({
  dir: z.string(),
  profile: z.string(),
  recursive: z.boolean(),
  engine: z.enum(WATCH_ENGINES),
  paused: z.boolean(),
  /** Looked at by this app now: not paused, and this app holds the data folder. */
  running: z.boolean(),
  /** Paid watching's limit per local day (credits); 0 for a free watch. */
  creditsPerDay: z.number().int(),
  /** Credits committed today, before anything was sent. */
  spentToday: z.number().int(),
  /** The files taken last, newest first. */
  recent: z.array(watchedFileSchema),
  /** What it said since the app started, newest first: files left out, the day's limit. */
  notes: z.array(z.string()),
});
export type WatchView = z.infer<typeof watchViewSchema>;

/**
 * Watched folders (every new image cleaned with a profile once it has finished arriving),
 * answered by the watches desk. The folder is chosen with the shell's `dialog:chooseFolder`.
 */
export const watchesContract = {
  'watches:list': {
    request: z.undefined(),
    response: z.object({
      watches: z.array(watchViewSchema),
      /** Why no watch runs here now (another process holds the data folder), else null. */
      waitingFor: z.string().nullable(),
      /** What one image sent to the service costs, shown before a paid watch is added. */
      creditsPerImage: z.number().int(),
    }),
  },
  'watches:add': {
    /** A paid watch needs its day's limit: nothing is spent on a default. */
    request: z.strictObject({
      dir: folderSchema,
      profile: profileNameSchema,
      recursive: z.boolean(),
      engine: z.enum(WATCH_ENGINES),
      creditsPerDay: z.number().int().min(0).max(MAX_WATCH_CREDITS_PER_DAY).optional(),
    }),
    response: z.object({ dir: z.string() }),
  },
  'watches:pause': {
    request: z.strictObject({ dir: folderSchema, paused: z.boolean() }),
    response: z.object({ paused: z.boolean() }),
  },
  'watches:forget': {
    request: z.strictObject({ dir: folderSchema }),
    response: z.object({ forgotten: z.literal(true) }),
  },
} as const satisfies DomainContract;
