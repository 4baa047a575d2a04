import { z } from 'zod';
import type { JobKind, JobState } from '../../../../src-shared/domain/job-states.ts';
import type { JobDoubt } from '../../../../src-shared/domain/job-doubt.ts';
import { storedErrorSchema, type StoredError } from '../lifecycle/outcome.ts';

/** A row of `watermark_jobs` as SQLite returns it. */
export interface WatermarkJobRow {
  id: string;
  batch_id: string;
  input_path: string;
  mask_json: string | null;
  options_json: string;
  state: JobState;
  remote_task_id: string | null;
  output_path: string | null;
  error_json: string | null;
  attempt: number;
  created_at: number;
  updated_at: number;
  submitted_at: number | null;
  /** Set on a done job whose result Clearframe cannot vouch for (a `JobDoubt`). */
  doubt: string | null;
}

export interface JobEvent {
  jobId: string;
  kind: JobKind;
  seq: number;
  state: JobState;
  at: number;
  detail: unknown;
}

/**
 * What an event's `detail_json` holds that a reader acts on: why a job waits, or that it
 * waits no more. Events also carry notes of how a job moved (`recovered`, `attached`, …);
 * every key is optional and any other is kept as written, so events of every version read.
 */
export const eventDetailSchema = z.looseObject({
  waiting: storedErrorSchema.optional(),
  resumed: z.literal(true).optional(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** The detail of an event `noteWaiting` appends: a wait begins, or it ends. */
export type WaitDetail = { waiting: StoredError } | { resumed: true };

/** The wait an event records, if it records one. */
export function waitOf(event: Pick<JobEvent, 'detail'>): WaitDetail | undefined {
  const detail = eventDetailSchema.safeParse(event.detail);
  if (!detail.success) return undefined;
  if (detail.data.resumed) return { resumed: true };
  return detail.data.waiting && { waiting: detail.data.waiting };
}

/** Columns a transition may set along with the state, in the same transaction. */
export interface TransitionPatch {
  remoteTaskId?: string;
  /** Watermark jobs: the cleaned image; clip jobs: the cleaned clip. */
  outputPath?: string;
  /** Video rounds: what was downloaded, and what it cost. */
  outputs?: unknown;
  lastFramePath?: string;
  chargedCents?: number;
  /** Video rounds: sent to the built-in simulator, so none of it is real spending. */
  demo?: boolean;
  error?: StoredError | null;
  detail?: EventDetail;
  /** Watermark jobs going `done`: why the result cannot be vouched for, when it cannot. */
  doubt?: JobDoubt;
}

/** The fields of a `TransitionPatch` that name a column of their own in some kind's table. */
export type ColumnField = 'outputPath' | 'outputs' | 'lastFramePath' | 'chargedCents' | 'demo';

/**
 * What the store knows of one job kind's table: its name, the patch fields it has columns
 * for, and the rules that only some kinds keep. A new kind describes its table here and the
 * state machine, events and waits work for it unchanged.
 */
export interface JobTable {
  table: string;
  columns: Partial<Record<ColumnField, string>>;
  /** Keeps a `doubt` column: set by a move to `done`, cleared by every other move. */
  doubt?: boolean;
  /**
   * Its attempts may have been billed: a new attempt records what the one it replaces may
   * have cost (`earlier_billed_cents` and the event's `earlierAttempt`) and starts at none.
   */
  billed?: boolean;
}

export const JOB_TABLES: Record<JobKind, JobTable> = {
  watermark: { table: 'watermark_jobs', columns: { outputPath: 'output_path' }, doubt: true },
  video: {
    table: 'video_rounds',
    columns: {
      outputs: 'outputs_json',
      lastFramePath: 'last_frame_path',
      chargedCents: 'charged_cents',
      demo: 'demo',
    },
    billed: true,
  },
  clip: { table: 'clip_jobs', columns: { outputPath: 'output_path' } },
};
