/**
 * The life of a job, written once. Every kind shares the states: a watermark job and a video
 * round are each queued, prepared, submitted (paid), polled, downloaded; a clip cleaned in
 * the window (`clip`) goes from preparing (its frames being cleaned) to downloading (its
 * finished file taking its name). `needs-attention`
 * holds a job whose submission may or may not have reached the service, or a watermark job
 * whose stored record can no longer be read: it is never sent again without the user's word.
 */
export const JOB_KINDS = ['watermark', 'video', 'clip'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = [
  'queued',
  'preparing',
  'submitting',
  'submitted',
  'processing',
  'downloading',
  'done',
  'failed',
  'canceled',
  'needs-attention',
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const FINAL_STATES: ReadonlySet<JobState> = new Set(['done', 'failed', 'canceled']);

/**
 * Jobs the user may retry: what failed, was canceled, or waits for them. What Retry does
 * depends on whether the job holds a task id (see `retryTarget`).
 */
export const RETRYABLE_STATES: ReadonlySet<JobState> = new Set([
  'failed',
  'canceled',
  'needs-attention',
]);

/** Nothing more happens to these without the user: final, or waiting for their decision. */
export const SETTLED_STATES: ReadonlySet<JobState> = new Set([...FINAL_STATES, 'needs-attention']);

/** Started and not yet settled: what a restart has to pick up. */
export const IN_FLIGHT_STATES: readonly JobState[] = JOB_STATES.slice(
  JOB_STATES.indexOf('preparing'),
  JOB_STATES.indexOf('done'),
);

const TRANSITIONS: Readonly<Record<JobState, readonly JobState[]>> = {
  queued: ['preparing', 'canceled'],
  // Preparing is local work (reading, checking, the mask); a bad input fails here, unpaid.
  // `needs-attention` from here on: the job's own stored record turned out damaged.
  // `downloading` straight on: a job cleaned on this computer sends nothing and writes its
  // result as a downloaded one is written.
  preparing: ['submitting', 'downloading', 'queued', 'failed', 'canceled', 'needs-attention'],
  // `queued` again only when the request provably never left (refused connection, 429).
  submitting: ['submitted', 'queued', 'failed', 'needs-attention'],
  submitted: ['processing', 'downloading', 'failed', 'canceled', 'needs-attention'],
  processing: ['downloading', 'failed', 'canceled', 'needs-attention'],
  downloading: ['done', 'failed', 'canceled', 'needs-attention'],
  // `queued` again only for a result in doubt (see job-doubt.ts) that the user chose to send
  // to the service, paid and confirmed; `sendDoubtedAgain` is the one way there.
  done: ['queued'],
  // `submitted` again: the service is asked once more by the task id the job kept (free).
  // `queued`: a new paid attempt, which forgets that task id; the old outcome stays in the
  // event log.
  failed: ['queued', 'submitted'],
  canceled: ['queued', 'submitted'],
  // The user decides: found on the service (submitted), send again (queued), or give up.
  'needs-attention': ['submitted', 'queued', 'failed', 'canceled'],
};

/**
 * Where Retry takes a job, or undefined when Retry does not apply. A job that holds a task
 * id is asked again by that id (`submitted`), which is free; one the service never took goes
 * back to the queue, to be sent. A job that may already be paid for, because it holds a task
 * id or because its sending was cut off (`needs-attention`), is sent again only by the
 * separate, confirmed Send again (`queued` from a retryable state), never by Retry.
 */
export function retryTarget(state: JobState, taskIdKnown: boolean): JobState | undefined {
  if (!RETRYABLE_STATES.has(state)) return undefined;
  if (taskIdKnown) return 'submitted';
  return state === 'needs-attention' ? undefined : 'queued';
}

/** Whether a job may be asked again for free: it is retryable and holds a task id. */
export function canCheckAgain(state: JobState, taskIdKnown: boolean): boolean {
  return retryTarget(state, taskIdKnown) === 'submitted';
}

export function canTransition(from: JobState, to: JobState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function allowedNext(from: JobState): readonly JobState[] {
  return TRANSITIONS[from];
}

/** How far along a job is, from 0 to 1, for a progress bar; settled jobs are full. */
export function stateProgress(state: JobState): number {
  if (SETTLED_STATES.has(state)) return 1;
  return JOB_STATES.indexOf(state) / JOB_STATES.indexOf('done');
}
