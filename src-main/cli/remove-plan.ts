import path from 'node:path';
import { RETRYABLE_STATES, canCheckAgain } from '../../src-shared/domain/job-states.ts';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import { saidNow } from '../../src-shared/i18n/sentence.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { DoubtChoice } from '../../src-shared/domain/job-doubt.ts';
import { doubtOf } from '../core/jobs/watermark/doubt.ts';
import { readStoredError } from '../core/jobs/lifecycle/outcome.ts';
import { shownError } from '../core/jobs/store/damaged-record.ts';
import type { WatermarkJobRow } from '../core/jobs/store/job-tables.ts';
import { damagedJobError, readWatermarkRecord } from '../core/jobs/watermark/watermark-record.ts';
import { cliIntl, words } from './words.ts';

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
  | { kind: 'already-done'; job: WatermarkJobRow }
  /** A result in doubt the user settles by a flag: kept as it is, or sent to the service. */
  | { kind: 'decide'; jobId: string; choice: DoubtChoice };

export function planFile(
  job: WatermarkJobRow | undefined,
  flags: { retry: boolean; force: boolean; doubted?: DoubtChoice | undefined },
): FilePlan {
  if (!job) return { kind: 'add' };
  if (job.state === 'done' && flags.doubted && doubtOf(job)) {
    return { kind: 'decide', jobId: job.id, choice: flags.doubted };
  }
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
    : words('cli.plan.drawnMask');
}

/** The mask a job was sent with, as the user would give it on the command line. */
export function jobMaskText(job: WatermarkJobRow): string {
  const record = readWatermarkRecord(job);
  if (!record.ok) return words('cli.plan.unreadableMask');
  const { options, strokes } = record.value;
  if (options.maskFile) return `--mask ${options.maskFile}`;
  if (!strokes) return words('cli.plan.noMask');
  const [only] = strokes;
  return strokes.length === 1 && only ? rectText(only) : words('cli.plan.drawnMask');
}

/** The mask this run was given, in the same words, or undefined when none was given. */
export function choiceText(choice: MaskChoice): string | undefined {
  if (choice.maskFile) return `--mask ${choice.maskFile}`;
  if (choice.rect) return rectText(choice.rect);
  return choice.drawn ? words('cli.plan.drawnMask') : undefined;
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
  return words('cli.plan.alreadyCleaned', {
    file: path.basename(job.input_path),
    used,
    asked,
    credits: oneCredit(),
  });
}

/**
 * What this run will do that is worth saying before it does it: what it pays for again
 * (or for the first time, a result in doubt sent to the service), and files named again
 * with another mask than they were cleaned with.
 */
export function announcePlans(
  plans: ReadonlyMap<string, FilePlan>,
  run: {
    force: boolean;
    maskOf: (input: string) => { strokes?: Stroke[]; maskFile?: string };
    say: (event: string, message: string, extra?: Record<string, unknown>) => void;
  },
): void {
  const all = [...plans.values()];
  const again = run.force
    ? all.filter((plan) => plan.kind === 'add' || plan.kind === 'send-again').length
    : 0;
  const doubted = all.filter((plan) => plan.kind === 'decide' && plan.choice === 'send').length;
  for (const [count, id] of [
    [again, 'cli.remove.payingAgain'],
    [doubted, 'cli.remove.sendingDoubted'],
  ] as const) {
    if (count === 0) continue;
    const credits = formatCredits(cliIntl(), count);
    run.say('paying-again', words(id, { count, credits }), { files: count });
  }
  for (const plan of plans.values()) {
    if (plan.kind !== 'already-done') continue;
    const asked = run.maskOf(plan.job.input_path);
    const note = alreadyDoneNote(plan.job, {
      ...(asked.strokes?.length === 1 && asked.strokes[0]?.kind === 'rect'
        ? { rect: asked.strokes[0] }
        : {}),
      ...(asked.strokes && !(asked.strokes[0]?.kind === 'rect') ? { drawn: true } : {}),
      ...(asked.maskFile ? { maskFile: asked.maskFile } : {}),
    });
    if (note) run.say('already-done', note, { input: plan.job.input_path });
  }
}

/** What one more attempt at one image costs. */
const oneCredit = () => formatCredits(cliIntl(), 1);

/** What went wrong with a job, or what in its record cannot be read; undefined when nothing did. */
export function jobErrorText(job: WatermarkJobRow): string | undefined {
  const error = shownError(
    readStoredError(job.error_json),
    [readWatermarkRecord(job)],
    damagedJobError,
  );
  // In this run's language, though the app may have stored it in another.
  return error ? saidNow(words, error) : undefined;
}

/** What the user can do about a job that is not done, in command-line words. */
export function nextStepHint(job: WatermarkJobRow): string {
  if (!readWatermarkRecord(job).ok) {
    return words('cli.plan.forceDamaged', { credits: oneCredit() });
  }
  if (canCheckAgain(job.state, job.remote_task_id !== null)) {
    return words('cli.plan.retryFree', { credits: oneCredit() });
  }
  if (job.state === 'needs-attention') {
    return words('cli.plan.forceAgain', { credits: oneCredit() });
  }
  if (job.state === 'failed' || job.state === 'canceled') {
    return words('cli.plan.retryLater', { credits: oneCredit() });
  }
  return '';
}
