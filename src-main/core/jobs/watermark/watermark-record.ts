import { z } from 'zod';
import { strokesSchema, type Stroke } from '../../../../src-shared/domain/strokes.ts';
import { estimateIdSchema } from '../../../../src-shared/domain/estimate-id.ts';
import { OUTPUT_FORMATS } from '../../../../src-shared/domain/settings.ts';
import type { StoredError } from '../lifecycle/outcome.ts';
import { damagedRecordError } from '../store/damaged-record.ts';
import { readStoredJson, type StoredJsonProblem, type StoredRead } from '../store/stored-json.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';

/**
 * What a watermark job keeps in `options_json`. Every field is optional: rows of every
 * version hold only those that applied (`{}` for a plain file from the command line).
 */
export const jobOptionsSchema = z.object({
  maskFile: z.string().optional(),
  /** The image's address, when the user gave one; the job's input is then a local copy. */
  sourceUrl: z.string().optional(),
  /** The file's size when it was added, for the list. */
  bytes: z.number().int().nonnegative().optional(),
  /** The folder the file was dropped as part of, mirrored under the output folder. */
  root: z.string().optional(),
  /**
   * `local`: cleaned on this computer by undoing the blend (free, nothing is sent), with
   * the measurement of the mark named by `estimate`. Absent: sent to the service.
   */
  engine: z.literal('local').optional(),
  estimate: estimateIdSchema.optional(),
  /**
   * What the self-check expected of cleaning this job on this computer (dB), kept when no
   * one looked at it first (the command line): when it expects a trace of the mark
   * (`expectsTrace`), its result stays in doubt
   * unless the check after cleaning finds no trace of the mark.
   */
  expectedDb: z.number().optional(),
  /** The format its result is written in, when the job's own (a watch's profile keeps one). */
  outputFormat: z.enum(OUTPUT_FORMATS).optional(),
});
export type JobOptions = z.infer<typeof jobOptionsSchema>;

/** A job's stored options and drawn mask (`mask_json`, absent when none was drawn). */
export interface WatermarkRecord {
  options: JobOptions;
  strokes: Stroke[] | undefined;
}

export function readJobOptions(job: Pick<WatermarkJobRow, 'options_json'>): StoredRead<JobOptions> {
  return readStoredJson(jobOptionsSchema, job.options_json, 'options_json');
}

/** Everything a job needs of its row to be worked on, or what in it cannot be read. */
export function readWatermarkRecord(
  job: Pick<WatermarkJobRow, 'options_json' | 'mask_json'>,
): StoredRead<WatermarkRecord> {
  const options = readJobOptions(job);
  if (!options.ok) return options;
  const strokes = readStoredJson(strokesSchema, job.mask_json, 'mask_json');
  if (!strokes.ok) return strokes;
  return { ok: true, value: { options: options.value, strokes: strokes.value } };
}

/**
 * The error of a job whose record is damaged. Nothing more is sent for it, and a canceled
 * job's file may be added again (the app refuses a file already in the list otherwise).
 */
export function damagedJobError(problem: StoredJsonProblem): StoredError {
  return damagedRecordError('image', problem, { id: 'core.jobs.damagedImageAdvice' });
}
