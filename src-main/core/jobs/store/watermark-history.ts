import { JOB_STATES, SETTLED_STATES } from '../../../../src-shared/domain/job-states.ts';
import type { WatermarkJobRow } from './job-tables.ts';
import { marksFor, type StoreSql } from './store-sql.ts';

/** A watermark job as the list shows it: the row and the sequence number of its latest event. */
export type HistoryRow = WatermarkJobRow & { seq: number };

/** Where a page of the history ended; pass it back as `before` for the next, older page. */
export type HistoryCursor = number;

export interface HistoryPage {
  rows: HistoryRow[];
  /** The cursor of the next, older page; absent on the last page. */
  next?: HistoryCursor;
}

/** The most jobs one history page holds: a screenful many times over, never the whole table. */
export const MAX_HISTORY_PAGE = 1000;

/** The watermark jobs as the window lists them: the current ones, and older ones by page. */
export class WatermarkHistory {
  private readonly sql: StoreSql;

  constructor(sql: StoreSql) {
    this.sql = sql;
  }

  /**
   * A page of the watermark history, newest first: up to `limit` jobs added before the
   * cursor `before` (from the newest when absent), each with the sequence number of its
   * latest event, and the cursor of the next page while there are older jobs. `batchId`
   * keeps to one batch. A page costs the same whatever the history's length: it walks the
   * table's own key (the order jobs were added in) from the cursor, never the whole table.
   */
  page(options: { before?: HistoryCursor; limit: number; batchId?: string }): HistoryPage {
    const { before, limit, batchId } = options;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_PAGE) {
      throw new RangeError(
        `A history page holds 1 to ${MAX_HISTORY_PAGE} jobs, not ${String(limit)}; ask for fewer and page on with the cursor it returns.`,
      );
    }
    if (before !== undefined && (!Number.isSafeInteger(before) || before < 1)) {
      throw new RangeError(
        `${String(before)} is not a history cursor; pass the \`next\` of the page before, or none for the newest jobs.`,
      );
    }
    const rows = this.sql
      .statement(
        `SELECT w.*, w.rowid AS cursor,
         COALESCE((SELECT MAX(seq) FROM job_events e WHERE e.job_id = w.id), 0) AS seq
       FROM watermark_jobs w
       WHERE w.rowid < @before ${batchId === undefined ? '' : 'AND w.batch_id = @batchId'}
       ORDER BY w.rowid DESC LIMIT @take`,
      )
      .all({
        before: before ?? Number.MAX_SAFE_INTEGER,
        take: limit + 1,
        ...(batchId === undefined ? {} : { batchId }),
      }) as Array<HistoryRow & { cursor: number }>;
    const page = rows.slice(0, limit).map(({ cursor: _cursor, ...row }) => row);
    const last = rows[limit - 1];
    return rows.length > limit && last ? { rows: page, next: last.cursor } : { rows: page };
  }

  /**
   * What the window lists without being asked for history: the batch added last, and every
   * job of an earlier batch that has yet to settle, oldest first, each with its latest
   * sequence number. Reads by index, so a long history costs nothing here.
   */
  current(): HistoryRow[] {
    const unsettled = JOB_STATES.filter((state) => !SETTLED_STATES.has(state));
    return this.sql
      .statement(
        `SELECT w.*, COALESCE((SELECT MAX(seq) FROM job_events e WHERE e.job_id = w.id), 0) AS seq
       FROM watermark_jobs w
       WHERE w.batch_id = (SELECT batch_id FROM watermark_jobs ORDER BY rowid DESC LIMIT 1)
          OR w.state IN (${marksFor(unsettled)})
       ORDER BY w.batch_id = (SELECT batch_id FROM watermark_jobs ORDER BY rowid DESC LIMIT 1),
         w.created_at, w.rowid`,
      )
      .all(...unsettled) as HistoryRow[];
  }
}
