import { DeadlineError, DownloadError } from '../../api/errors.ts';
import type { Poller, TrackRequest } from '../../api/poller.ts';
import { UserFacingError } from '../../user-error.ts';
import type { JobStore } from '../store/store.ts';

/** Fresh links asked for, by the same task id, when a result link has gone, before giving up. */
export const FRESH_LINK_ASKS = 3;

/**
 * A job gave up waiting on a task the service holds: the task id is kept, so the user can
 * ask again for free. The message says so and never suggests paying again.
 */
export class CheckAgainError extends UserFacingError {}

/** The service's answer to one poll: finished with a value, still going, or a word we do not know. */
export type Seen<T> = { done: true; value: T } | { done: false; status?: string };

/**
 * Polls a task through the shared poller. A status word the client does not know is asked
 * again like one in progress; when the local deadline passes, the job gives up with the last
 * word it read, and the task id it holds lets the user check again.
 */
export async function waitForTask<T>(
  poller: Poller,
  request: Omit<TrackRequest<T>, 'check'> & { check: () => Promise<Seen<T>> },
): Promise<T> {
  let unknownStatus: string | undefined;
  try {
    return await poller.track<T>({
      ...request,
      check: async () => {
        const seen = await request.check();
        if (seen.done) return seen;
        unknownStatus = seen.status;
        return { done: false };
      },
    });
  } catch (error) {
    if (!(error instanceof DeadlineError)) throw error;
    throw new CheckAgainError(
      unknownStatus === undefined
        ? { id: 'core.jobs.stoppedWaiting', values: { reason: error.waited } }
        : { id: 'core.jobs.unknownStatus', values: { status: unknownStatus } },
    );
  }
}

/**
 * When a job's present wait for the service began: its last move to `submitted`, which for a
 * job checked again is the moment the user asked, so it gets a whole new local wait.
 */
export function waitStart(store: JobStore, id: string): { deadlineFrom?: number } {
  const at = store.lastEnteredAt(id, 'submitted');
  return at === undefined ? {} : { deadlineFrom: at };
}

/**
 * Fetches a finished task's results from the links the service gave. When a link has gone,
 * expired or is refused, the service is asked again by the same task id for fresh links
 * (free), at most `FRESH_LINK_ASKS` times, before the download error stands.
 */
export async function withFreshLinks<L, T>(
  first: L,
  fetch: (links: L) => Promise<T>,
  askAgain: () => Promise<L>,
): Promise<T> {
  let links = first;
  for (let asked = 0; ; asked += 1) {
    try {
      return await fetch(links);
    } catch (error) {
      if (!(error instanceof DownloadError) || !error.linkGone || asked === FRESH_LINK_ASKS) {
        throw error;
      }
    }
    links = await askAgain();
  }
}
