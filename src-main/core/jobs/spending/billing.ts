/**
 * The one definition of what video rounds may have cost, as SQL over `video_rounds` rows.
 * The budget cap (of all time or of a month), the balance check, the Account panel and the
 * spending history all count through it, so they cannot disagree.
 *
 * The service may have billed an attempt once it holds a task id (it reached `submitted`, and
 * whatever came after: done, failed on download, canceled while polling), or while its
 * submission is in the air or its outcome is unknown (`submitting`, `needs-attention`). It
 * costs its charge when the service told it (a task the service failed is charged 0), else
 * its estimate. Rounds the simulator ran are never real spending: they show what they would
 * cost.
 */

/** Whether a row's current attempt may have been billed. */
const ATTEMPT_COMMITTED_SQL = `(remote_task_id IS NOT NULL OR state IN ('submitting', 'needs-attention'))`;

/** What a row's current attempt costs or would cost, demo or not. */
const ATTEMPT_COST_SQL = 'COALESCE(charged_cents, estimate_cents)';

/**
 * When a row's current attempt may have been billed, which sets the month it counts in: when
 * the service took it, else when it was sent (the row has not moved since, or moved to
 * `needs-attention` right after).
 */
const ATTEMPT_BILLED_AT_SQL = 'COALESCE(submitted_at, updated_at)';

/** What the current attempt may have been billed, in cents; 0 for the simulator's rounds. */
export const ATTEMPT_BILLED_CENTS_SQL = `(CASE
  WHEN demo = 0 AND ${ATTEMPT_COMMITTED_SQL} THEN ${ATTEMPT_COST_SQL}
  ELSE 0 END)`;

/**
 * A row's current attempt as a retry records it in its `queued` event (`earlierAttempt`),
 * read before the retry clears it: what it may have cost and when, for the history and a
 * monthly cap once `earlier_billed_cents` holds only the sum.
 */
export const EARLIER_ATTEMPT_SQL = `SELECT attempt, ${ATTEMPT_COST_SQL} AS cents, demo,
  ${ATTEMPT_BILLED_AT_SQL} AS at, ${ATTEMPT_COMMITTED_SQL} AS committed
  FROM video_rounds WHERE id = ?`;

/** What a retry writes into its event about the attempt it ends. */
export interface EarlierAttempt {
  attempt: number;
  cents: number;
  at: number;
  demo: boolean;
}

/** A value of an event's `earlierAttempt`, or null where the note cannot be read. */
const earlier = (field: keyof EarlierAttempt) =>
  `(CASE WHEN json_valid(e.detail_json) THEN json_extract(e.detail_json, '$.earlierAttempt.${field}') END)`;
const RECORDED_EARLIER = `e.state = 'queued'
  AND (CASE WHEN json_valid(e.detail_json) THEN json_type(e.detail_json, '$.earlierAttempt.cents') END) = 'integer'`;

/**
 * `charges`: every attempt the service may have billed, one row each, with the round, the
 * attempt, when (`at`, ms), its cost (`cents`), whether the simulator ran it (`demo`),
 * whether it is over (`over`: its round is done, failed or canceled, or a later attempt
 * began) and whether the cost is the service's charge for a finished clip (`charged`). Attempts
 * that cost nothing (a task the service failed) are left out. Money earlier attempts left
 * before retries recorded them one by one is one row dated when the round was made.
 */
export const CHARGES_CTE = `charges AS (
  SELECT id AS round_id, attempt, ${ATTEMPT_BILLED_AT_SQL} AS at, ${ATTEMPT_COST_SQL} AS cents,
    demo, state IN ('done', 'failed', 'canceled') AS over,
    (state = 'done' AND charged_cents IS NOT NULL) AS charged
  FROM video_rounds
  WHERE ${ATTEMPT_COMMITTED_SQL} AND ${ATTEMPT_COST_SQL} > 0
  UNION ALL
  SELECT e.job_id, ${earlier('attempt')}, ${earlier('at')}, ${earlier('cents')},
    COALESCE(${earlier('demo')}, 0), 1, 0
  FROM video_rounds r JOIN job_events e ON e.job_id = r.id
  WHERE r.attempt > 1 AND ${RECORDED_EARLIER} AND ${earlier('cents')} > 0
  UNION ALL
  SELECT id, NULL, created_at, earlier_billed_cents - recorded, 0, 1, 0 FROM (
    SELECT r.id, r.created_at, r.earlier_billed_cents,
      (SELECT COALESCE(SUM(${earlier('cents')}), 0) FROM job_events e
        WHERE e.job_id = r.id AND ${RECORDED_EARLIER} AND COALESCE(${earlier('demo')}, 0) = 0) AS recorded
    FROM video_rounds r WHERE r.earlier_billed_cents > 0)
  WHERE earlier_billed_cents > recorded
)`;
