/**
 * The one definition of what a video round may have cost, as an SQL expression over a
 * `video_rounds` row (its current attempt only; earlier attempts are in
 * `earlier_billed_cents`). The budget cap, the balance check and the account panel all count
 * through it, so they cannot disagree.
 *
 * The service may have billed an attempt once it holds a task id (it reached `submitted`, and
 * whatever came after: done, failed on download, canceled while polling), or while its
 * submission is in the air or its outcome is unknown (`submitting`, `needs-attention`). It
 * costs its charge when the service told it (a task the service failed is charged 0), else
 * its estimate. Rounds the simulator ran are never real spending.
 */
export const ATTEMPT_BILLED_CENTS_SQL = `(CASE
  WHEN demo = 0 AND (remote_task_id IS NOT NULL OR state IN ('submitting', 'needs-attention'))
  THEN COALESCE(charged_cents, estimate_cents)
  ELSE 0 END)`;
