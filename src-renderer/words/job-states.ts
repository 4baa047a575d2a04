import type { JobState } from '../../src-shared/domain/job-states.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';

/** What a job's state is called on screen: the words a person uses, not the engine's names. */
export const JOB_STATE_MESSAGES: Readonly<Record<JobState, MessageId>> = {
  queued: 'state.queued',
  preparing: 'state.preparing',
  submitting: 'state.submitting',
  submitted: 'state.submitted',
  processing: 'state.processing',
  downloading: 'state.downloading',
  done: 'state.done',
  failed: 'state.failed',
  canceled: 'state.canceled',
  'needs-attention': 'state.needs-attention',
};

/** A video round's state: the same words, but a round is made, not cleaned, and ends as a clip. */
export const ROUND_STATE_MESSAGES: Readonly<Record<JobState, MessageId>> = {
  ...JOB_STATE_MESSAGES,
  processing: 'state.round.processing',
  downloading: 'state.round.downloading',
};
