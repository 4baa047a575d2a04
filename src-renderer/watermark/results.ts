import { RETRYABLE_STATES, SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { displayNames, type NamedFile } from '../../src-shared/domain/display-names.ts';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';
import { saidNow, type Say } from '../../src-shared/i18n/sentence.ts';

/** The batch started last: the one whose job first reached the window most recently. */
export function currentBatch(
  jobs: Readonly<Record<string, WatermarkJobView>>,
  order: readonly string[],
): string | null {
  const last = order.at(-1);
  return (last && jobs[last]?.batchId) ?? null;
}

/** The jobs of the batch started last, in the order they reached the window. */
export function batchJobs(
  jobs: Readonly<Record<string, WatermarkJobView>>,
  order: readonly string[],
): WatermarkJobView[] {
  const batch = currentBatch(jobs, order);
  return order
    .map((id) => jobs[id])
    .filter((job): job is WatermarkJobView => job !== undefined && job.batchId === batch);
}

/** Whether any job of the current batch has yet to settle: cheap, as it runs on every event. */
export function batchRunning(
  jobs: Readonly<Record<string, WatermarkJobView>>,
  order: readonly string[],
): boolean {
  const batch = currentBatch(jobs, order);
  return order.some((id) => {
    const job = jobs[id];
    return job !== undefined && job.batchId === batch && !SETTLED_STATES.has(job.state);
  });
}

const fileOf = (job: WatermarkJobView): NamedFile => ({
  name: job.name,
  path: job.inputPath,
  root: job.root,
});

/** How each of `jobs` is named in the results: by its folder too when another has its name. */
export function jobNames(jobs: readonly WatermarkJobView[]): (job: WatermarkJobView) => string {
  const nameOf = displayNames(jobs.map(fileOf));
  return (job) => nameOf(fileOf(job));
}

/**
 * An error belongs to the attempt that failed: once the job is retried, running again or
 * done, the old message would say something that is no longer true. It is said in the
 * window's language now, whatever it was when the job failed.
 */
export function shownError(job: WatermarkJobView, say: Say): string | null {
  return RETRYABLE_STATES.has(job.state) && job.error ? saidNow(say, job.error) : null;
}

/**
 * The seconds left, for "about 3 min left": the jobs still to settle times the average time
 * per finished job since the batch began, counted from the latest finish.
 */
export function secondsLeft(jobs: readonly WatermarkJobView[]): number | null {
  const done = jobs.filter((job) => job.state === 'done');
  const left = jobs.filter((job) => !SETTLED_STATES.has(job.state)).length;
  if (left === 0 || done.length < 2) return null;
  const first = jobs.reduce((min, job) => Math.min(min, job.updatedAt), Infinity);
  const last = done.reduce((max, job) => Math.max(max, job.updatedAt), -Infinity);
  const perJob = Math.max(1, last - first) / done.length;
  return Math.max(1, Math.round((left * perJob) / 1000));
}

/** "N of M done", what needs attention, and the time left, for one batch: never all history. */
export function figures(jobs: readonly WatermarkJobView[]): {
  done: number;
  total: number;
  failed: string[];
  running: boolean;
  /** Seconds left, or null while too few have finished to tell. */
  eta: number | null;
} {
  return {
    done: jobs.filter((job) => job.state === 'done').length,
    total: jobs.length,
    failed: jobs.filter((job) => RETRYABLE_STATES.has(job.state)).map((job) => job.id),
    running: jobs.some((job) => !SETTLED_STATES.has(job.state)),
    eta: secondsLeft(jobs),
  };
}

/**
 * Where a key moves the one focusable row of a list (roving focus), or null for a key that
 * does not move it. `page` is how many rows one screen of the list shows.
 */
export function movedRow(key: string, from: number, count: number, page: number): number | null {
  if (count === 0) return null;
  const to =
    key === 'ArrowDown'
      ? from + 1
      : key === 'ArrowUp'
        ? from - 1
        : key === 'PageDown'
          ? from + page
          : key === 'PageUp'
            ? from - page
            : key === 'Home'
              ? 0
              : key === 'End'
                ? count - 1
                : null;
  return to === null ? null : Math.min(count - 1, Math.max(0, to));
}
