/**
 * Why a watermark job that wrote its result cannot be called done: Clearframe cannot vouch
 * for it. `unchanged`: the service returned the image without changing it where it was asked
 * to (or anywhere, with no mask). `mark-visible`: what remains inside the mask still follows
 * the mark's pattern, so its outline can be read. The job is `done` in the state machine (its
 * result is written, and paid for when the service made it) but is shown as what it is, and
 * the user decides: keep it as it is, send it (again) to the service, or mark it by hand.
 */
export const JOB_DOUBTS = ['unchanged', 'mark-visible'] as const;
export type JobDoubt = (typeof JOB_DOUBTS)[number];

/** What the user may do with a result in doubt, besides marking it by hand in the window. */
export const DOUBT_CHOICES = ['keep', 'send'] as const;
export type DoubtChoice = (typeof DOUBT_CHOICES)[number];
