import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';

/** What a row in doubt says instead of "Done". */
export const DOUBT_WORDS = {
  unchanged: 'jobs.doubt.unchanged',
  'mark-visible': 'jobs.doubt.markVisible',
} as const;

/**
 * What sending a result in doubt to the service asks: a result made on this computer was
 * never paid for, so it is the first payment, not a second.
 */
export function sendQuestionId(job: Pick<WatermarkJobView, 'local'>) {
  return job.local ? 'retry.firstQuestion' : 'retry.question';
}
