import { z } from 'zod';
import { monthBounds, monthOf } from '../../../../src-shared/domain/calendar-month.ts';
import type {
  SpendingFilter,
  SpendingHistory,
  SpendingLine,
  SpendingSum,
} from '../../../../src-shared/ipc/contract.ts';
import { UserFacingError } from '../../user-error.ts';
import { CHARGES_CTE } from './billing.ts';
import { readStoredJson } from '../store/stored-json.ts';
import type { JobStore } from '../store/store.ts';
import { readRoundRequest } from '../video/video-rounds.ts';

/** A filter that names a project or month the history cannot cover; nothing was read. */
export class SpendingFilterError extends UserFacingError {}

/**
 * What a finished round's `done` event keeps of its charge: the seconds the service reported
 * and the price per second they were charged at.
 */
export const chargeNoteSchema = z.looseObject({
  charge: z.object({ seconds: z.number(), pricePerSecondUsd: z.number() }),
});
export type ChargeNote = z.infer<typeof chargeNoteSchema>;

/** How much of a prompt a line shows: enough to tell rounds apart, never a whole page. */
const PROMPT_EXCERPT = 80;

/** Rounds of a page, in the order the history lists them: newest first, a round's attempts last first. */
const PAGE_SQL = `WITH ${CHARGES_CTE}
SELECT c.round_id, c.attempt, c.at, c.cents, c.demo, c.over, c.charged,
  r.request_json, r.prompt_unknown, r.position AS round_position,
  s.position AS shot_position, p.id AS project_id, p.name AS project_name,
  (r.removed_at IS NOT NULL OR s.removed_at IS NOT NULL OR p.removed_at IS NOT NULL) AS removed,
  CASE WHEN c.charged THEN (
    SELECT e.detail_json FROM job_events e
    WHERE e.job_id = c.round_id AND e.state = 'done' ORDER BY e.seq DESC LIMIT 1)
  END AS charge_json
FROM charges c
JOIN video_rounds r ON r.id = c.round_id
JOIN video_shots s ON s.id = r.shot_id
JOIN video_projects p ON p.id = s.project_id
WHERE (@project IS NULL OR p.id = @project) AND c.at >= @start AND c.at < @end
ORDER BY c.at DESC, c.round_id, c.attempt IS NULL, c.attempt DESC
LIMIT @take OFFSET @skip`;

/** The sums of a group of charges, as one row each: spent, in flight, demo, count. */
const SUMS_SQL = `SUM(CASE WHEN demo = 0 AND over THEN cents ELSE 0 END) AS spent,
  SUM(CASE WHEN demo = 0 AND NOT over THEN cents ELSE 0 END) AS inflight,
  SUM(CASE WHEN demo = 1 THEN cents ELSE 0 END) AS demo_cents,
  COUNT(*) AS n`;

const PLACED_CTE = `${CHARGES_CTE}, placed AS (
  SELECT c.*, s.project_id FROM charges c
  JOIN video_rounds r ON r.id = c.round_id JOIN video_shots s ON s.id = r.shot_id)`;

const BY_MONTH_SQL = `WITH ${PLACED_CTE}
SELECT clearframe_month(at) AS month, ${SUMS_SQL} FROM placed
WHERE @project IS NULL OR project_id = @project
GROUP BY month ORDER BY month DESC`;

const BY_PROJECT_SQL = `WITH ${PLACED_CTE}
SELECT p.id AS project_id, p.name AS project_name, p.removed_at IS NOT NULL AS removed, ${SUMS_SQL}
FROM placed JOIN video_projects p ON p.id = placed.project_id
WHERE at >= @start AND at < @end
GROUP BY p.id ORDER BY p.removed_at IS NOT NULL, p.position, p.created_at`;

interface PageRow {
  round_id: string;
  attempt: number | null;
  at: number;
  cents: number;
  demo: number;
  over: number;
  charged: number;
  request_json: string;
  prompt_unknown: number;
  round_position: number;
  shot_position: number;
  project_id: string;
  project_name: string;
  removed: number;
  charge_json: string | null;
}

interface SumRow {
  spent: number;
  inflight: number;
  demo_cents: number;
  n: number;
}

const sum = (row: SumRow): SpendingSum => ({
  spentCents: row.spent,
  inFlightCents: row.inflight,
  demoCents: row.demo_cents,
  count: row.n,
});

function excerpt(row: PageRow): string {
  if (row.prompt_unknown === 1) return '';
  const request = readRoundRequest(row);
  if (!request.ok) return '';
  const text = request.value.content.find((item) => item.type === 'text')?.text ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PROMPT_EXCERPT ? `${flat.slice(0, PROMPT_EXCERPT - 1)}…` : flat;
}

function lineOf(row: PageRow): SpendingLine {
  const note = row.charge_json
    ? readStoredJson(chargeNoteSchema, row.charge_json, 'detail_json')
    : undefined;
  const charge = note?.ok ? note.value?.charge : undefined;
  return {
    roundId: row.round_id,
    attempt: row.attempt,
    at: row.at,
    month: monthOf(row.at),
    projectId: row.project_id,
    project: row.project_name,
    shot: row.shot_position,
    round: row.round_position,
    removed: row.removed === 1,
    prompt: excerpt(row),
    seconds: charge?.seconds ?? null,
    pricePerSecondUsd: charge?.pricePerSecondUsd ?? null,
    cents: row.cents,
    // The simulator charges nobody: its rounds are never "charged", whatever their record says.
    status:
      row.demo === 1
        ? 'demo'
        : row.charged === 1
          ? 'charged'
          : row.over === 1
            ? 'estimated'
            : 'in-flight',
    demo: row.demo === 1,
  };
}

/**
 * The spending history: every attempt the service may have billed (the same rows the budget
 * cap and the Account panel count, `CHARGES_CTE`), read a page at a time, with sums per month
 * and per project. Months are this computer's local calendar months.
 */
export class SpendingLedger {
  private readonly store: JobStore;

  constructor(store: JobStore) {
    this.store = store;
    // The month a charge falls in, by the same local calendar as the rest of the app.
    store.db.function('clearframe_month', (at) => monthOf(Number(at)));
  }

  /** The filter as bounds to query by; a project that never existed is refused. */
  private bounds(filter: SpendingFilter) {
    const { projectId, month } = filter;
    if (projectId !== undefined) {
      const known = this.store
        .statement('SELECT 1 FROM video_projects WHERE id = ?')
        .get(projectId);
      if (known === undefined) {
        throw new SpendingFilterError({
          id: 'core.rounds.noProjectHere',
          values: { project: projectId },
        });
      }
    }
    const range = month === undefined ? undefined : monthBounds(month);
    return {
      project: projectId ?? null,
      start: range?.start ?? Number.MIN_SAFE_INTEGER,
      end: range?.end ?? Number.MAX_SAFE_INTEGER,
    };
  }

  /** Up to `limit` charges from `offset`, newest first, and the sums of the whole filter. */
  history(filter: SpendingFilter, page: { limit: number; offset?: number }): SpendingHistory {
    const bounds = this.bounds(filter);
    const skip = page.offset ?? 0;
    const rows = this.store
      .statement(PAGE_SQL)
      .all({ ...bounds, take: page.limit + 1, skip }) as PageRow[];
    const byMonth = (
      this.store.statement(BY_MONTH_SQL).all({ project: bounds.project }) as Array<
        SumRow & { month: string }
      >
    ).map((row) => ({ month: row.month, ...sum(row) }));
    const byProject = (
      this.store.statement(BY_PROJECT_SQL).all({ start: bounds.start, end: bounds.end }) as Array<
        SumRow & { project_id: string; project_name: string; removed: number }
      >
    ).map((row) => ({
      projectId: row.project_id,
      project: row.project_name,
      removed: row.removed === 1,
      ...sum(row),
    }));
    const covered = byMonth.filter((row) => !filter.month || row.month === filter.month);
    const totals = covered.reduce(
      (all, row) => ({
        spentCents: all.spentCents + row.spentCents,
        inFlightCents: all.inFlightCents + row.inFlightCents,
        demoCents: all.demoCents + row.demoCents,
        count: all.count + row.count,
      }),
      { spentCents: 0, inFlightCents: 0, demoCents: 0, count: 0 },
    );
    return {
      lines: rows.slice(0, page.limit).map(lineOf),
      next: rows.length > page.limit ? skip + page.limit : null,
      totals,
      byMonth,
      byProject,
    };
  }

  /** Every charge of the filter, newest first, a page at a time: for a CSV of any length. */
  *lines(filter: SpendingFilter, pageSize = 500): Generator<SpendingLine> {
    const bounds = this.bounds(filter);
    for (let skip = 0; ; skip += pageSize) {
      const rows = this.store
        .statement(PAGE_SQL)
        .all({ ...bounds, take: pageSize, skip }) as PageRow[];
      for (const row of rows) yield lineOf(row);
      if (rows.length < pageSize) return;
    }
  }
}
