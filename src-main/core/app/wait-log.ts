import type { AppLogger } from '../diagnostics/logger.ts';
import { waitOf, type JobEvent } from '../jobs/store/job-tables.ts';

/** A wait for disk space moves no job to another state, so only its event can tell the log. */
export function logWait(log: AppLogger, event: JobEvent, what: string): void {
  const wait = waitOf(event);
  if (!wait) return;
  if ('waiting' in wait) log.warn('jobs', `${what} waits for disk space:`, wait.waiting.message);
  else log.info('jobs', `${what} goes on: there is room on the disk again`);
}
