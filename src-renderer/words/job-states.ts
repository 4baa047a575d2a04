import type { JobState } from '../../src-shared/domain/job-states.ts';

/** What a job's state is called on screen: the words a person uses, not the engine's names. */
export const JOB_STATE_WORDS: Readonly<Record<JobState, string>> = {
  queued: 'Waiting',
  preparing: 'Getting ready',
  submitting: 'Sending',
  submitted: 'Sent',
  processing: 'Being cleaned',
  downloading: 'Saving the result',
  done: 'Done',
  failed: 'Failed',
  canceled: 'Cancelled',
  'needs-attention': 'Needs your decision',
};

/** A video round's state: the same words, but a round is made, not cleaned, and ends as a clip. */
export const ROUND_STATE_WORDS: Readonly<Record<JobState, string>> = {
  ...JOB_STATE_WORDS,
  processing: 'Being made',
  downloading: 'Saving the clip',
};
