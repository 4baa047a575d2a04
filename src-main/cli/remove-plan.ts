import path from 'node:path';
import { RETRYABLE_STATES, canCheckAgain } from '../../src-shared/domain/job-states.ts';
import { formatCredits } from '../../src-shared/domain/pricing.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { readStoredError } from '../core/jobs/outcome.ts';
import { shownError } from '../core/jobs/stored-json.ts';
import type { WatermarkJobRow } from '../core/jobs/store.ts';
import { damagedJobError, readWatermarkRecord } from '../core/jobs/watermark-record.ts';

/** The mask a run of `remove` was given. */
export interface MaskChoice {
  rect?: Stroke;
  maskFile?: string;
  /** A mask Clearframe made: found in the batch, or changed by the mask tools. */
  drawn?: boolean;
}

/**
 * What `remove` does with one named file, given its newest job. Nothing already paid for is
 * sent again unless `--force` says so; `--retry` asks again for free where a task id is
 * known and prepares again a job the service never took (its file may have been replaced).
 */
export type FilePlan =
  | { kind: 'add' }
  | { kind: 'leave' }
  | { kind: 'retry'; jobId: string }
  | { kind: 'send-again'; jobId: string }
  | { kind: 'already-done'; job: WatermarkJobRow };

export function planFile(
  job: WatermarkJobRow | undefined,
  flags: { retry: boolean; force: boolean },
): FilePlan {
  if (!job) return { kind: 'add' };
  if (job.state === 'done') return flags.force ? { kind: 'add' } : { kind: 'already-done', job };
  if (!RETRYABLE_STATES.has(job.state)) return { kind: 'leave' };
  // A job whose record cannot be read would only stop again: --force adds the file anew.
  if (!readWatermarkRecord(job).ok) return flags.force ? { kind: 'add' } : { kind: 'leave' };
  if (flags.force) return { kind: 'send-again', jobId: job.id };
  // An image whose sending was cut off may already be paid for: only --force sends it.
  if (flags.retry && job.state !== 'needs-attention') return { kind: 'retry', jobId: job.id };
  return { kind: 'leave' };
}

function rectText(stroke: Stroke): string {
  return stroke.kind === 'rect'
    ? `--mask-rect ${stroke.x},${stroke.y},${stroke.width},${stroke.height}`
    : 'a drawn mask';
}

/** The mask a job was sent with, as the user would give it on the command line. */
export function jobMaskText(job: WatermarkJobRow): string {
  const record = readWatermarkRecord(job);
  if (!record.ok) return 'a mask Clearframe cannot read back (its record of the job is damaged)';
  const { options, strokes } = record.value;
  if (options.maskFile) return `--mask ${options.maskFile}`;
  if (!strokes) return 'no mask (the corner the service picks)';
  const [only] = strokes;
  return strokes.length === 1 && only ? rectText(only) : 'a drawn mask';
}

/** The mask this run was given, in the same words, or undefined when none was given. */
export function choiceText(choice: MaskChoice): string | undefined {
  if (choice.maskFile) return `--mask ${choice.maskFile}`;
  if (choice.rect) return rectText(choice.rect);
  return choice.drawn ? 'a drawn mask' : undefined;
}

/**
 * Said for a finished file named again: it is not cleaned twice by accident. Only when this
 * run asks for another mask than the one it was cleaned with, since that is when a user may
 * expect a new result.
 */
export function alreadyDoneNote(job: WatermarkJobRow, choice: MaskChoice): string | undefined {
  const asked = choiceText(choice);
  const used = jobMaskText(job);
  if (asked === undefined || asked === used) return undefined;
  return `${path.basename(job.input_path)}: already cleaned with ${used}, so ${asked} was not used. Add --force to pay for a new attempt with it (${formatCredits(1)}).`;
}

/** What went wrong with a job, or what in its record cannot be read; undefined when nothing did. */
export function jobErrorText(job: WatermarkJobRow): string | undefined {
  return shownError(readStoredError(job.error_json), [readWatermarkRecord(job)], damagedJobError)
    ?.message;
}

/** What the user can do about a job that is not done, in command-line words. */
export function nextStepHint(job: WatermarkJobRow): string {
  if (!readWatermarkRecord(job).ok) {
    return `From the command line, --force adds it again as a new job (${formatCredits(1)}).`;
  }
  if (canCheckAgain(job.state, job.remote_task_id !== null)) {
    return `Run again with --retry to ask the service again (free); --force pays for a new attempt (${formatCredits(1)}).`;
  }
  if (job.state === 'needs-attention') {
    return `--force sends it again (${formatCredits(1)}, which may be a second payment).`;
  }
  if (job.state === 'failed' || job.state === 'canceled') {
    return `Once the cause is fixed, run again with --retry (${formatCredits(1)} if the service takes it).`;
  }
  return '';
}
