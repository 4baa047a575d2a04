import {
  JOB_STATES,
  SETTLED_STATES,
  type JobState,
} from '../../../../src-shared/domain/job-states.ts';
import type { WatermarkJobRow } from './job-tables.ts';
import { marksFor, type StoreSql } from './store-sql.ts';

/**
 * What the watermark engine and the screens ask of the queue as a whole: jobs by state, each
 * batch's next jobs for the fair share, the batch under way, and clearing what is finished.
 */
export class WatermarkQueue {
  private readonly sql: StoreSql;

  constructor(sql: StoreSql) {
    this.sql = sql;
  }

  inStates(states: readonly JobState[]): WatermarkJobRow[] {
    return this.sql
      .statement(
        `SELECT * FROM watermark_jobs WHERE state IN (${marksFor(states)}) ORDER BY created_at, rowid`,
      )
      .all(...states) as WatermarkJobRow[];
  }

  /** Whether any watermark job is in one of these states; stops at the first it finds. */
  anyIn(states: readonly JobState[]): boolean {
    const row = this.sql
      .statement(
        `SELECT EXISTS (SELECT 1 FROM watermark_jobs WHERE state IN (${marksFor(states)})) AS found`,
      )
      .get(...states) as { found: number };
    return row.found === 1;
  }

  countIn(states: readonly JobState[]): number {
    const row = this.sql
      .statement(`SELECT COUNT(*) AS n FROM watermark_jobs WHERE state IN (${marksFor(states)})`)
      .get(...states) as { n: number };
    return row.n;
  }

  /** 1-based place of a job in its batch, in the order it was added (for `{n}`). */
  positionInBatch(id: string): number {
    const row = this.sql
      .statement(
        `SELECT COUNT(*) AS n FROM watermark_jobs
         WHERE batch_id = (SELECT batch_id FROM watermark_jobs WHERE id = @id)
           AND rowid <= (SELECT rowid FROM watermark_jobs WHERE id = @id)`,
      )
      .get({ id }) as { n: number };
    return row.n;
  }

  /**
   * How many watermark jobs are in each state, over the batches that still have a job to
   * run: the batch under way, not the whole history. Reads only those batches' jobs.
   */
  openBatchStateCounts(): Partial<Record<JobState, number>> {
    const open = JOB_STATES.filter((state) => !SETTLED_STATES.has(state));
    const rows = this.sql
      .statement(
        `SELECT state, COUNT(*) AS n FROM watermark_jobs WHERE batch_id IN
         (SELECT DISTINCT batch_id FROM watermark_jobs WHERE state IN (${marksFor(open)}))
       GROUP BY state`,
      )
      .all(...open) as Array<{ state: JobState; n: number }>;
    return Object.fromEntries(rows.map((row) => [row.state, row.n]));
  }

  /**
   * The first `perBatch` queued jobs of each batch, in the order they were added: all the
   * scheduler needs to share free slots fairly. The batches with queued jobs are found by
   * stepping through the queue index one batch at a time, and each batch's first jobs are
   * read from it, so a 10,000-job queue costs what a short one does.
   */
  queuedHeads(perBatch: number): WatermarkJobRow[] {
    const batches = this.sql
      .statement(
        `WITH RECURSIVE queued (batch) AS (
         SELECT MIN(batch_id) FROM watermark_jobs WHERE state = 'queued'
         UNION ALL
         SELECT (SELECT MIN(batch_id) FROM watermark_jobs WHERE state = 'queued' AND batch_id > batch)
         FROM queued WHERE batch IS NOT NULL)
       SELECT batch FROM queued WHERE batch IS NOT NULL`,
      )
      .pluck()
      .all() as string[];
    const heads = this.sql.statement(
      `SELECT *, rowid AS added FROM watermark_jobs
       WHERE state = 'queued' AND batch_id = ? ORDER BY created_at, rowid LIMIT ?`,
    );
    return batches
      .flatMap((batch) => heads.all(batch, perBatch) as Array<WatermarkJobRow & { added: number }>)
      .sort((a, b) => a.created_at - b.created_at || a.added - b.added);
  }

  /**
   * Removes done and canceled watermark jobs with their events; failed ones stay to be
   * retried, and results in doubt stay for the user's word.
   */
  clearFinished(): number {
    const finished = `(state = 'canceled' OR (state = 'done' AND doubt IS NULL))`;
    return this.sql.db
      .transaction(() => {
        this.sql.db.exec(
          `DELETE FROM job_events WHERE kind = 'watermark' AND job_id IN
           (SELECT id FROM watermark_jobs WHERE ${finished})`,
        );
        return this.sql.statement(`DELETE FROM watermark_jobs WHERE ${finished}`).run().changes;
      })
      .immediate();
  }
}
