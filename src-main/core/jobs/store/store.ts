import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import {
  RETRYABLE_STATES,
  canTransition,
  type JobKind,
  type JobState,
} from '../../../../src-shared/domain/job-states.ts';
import { UserFacingError } from '../../user-error.ts';
import { MIGRATIONS } from './schema.ts';
import {
  ATTEMPT_BILLED_CENTS_SQL,
  EARLIER_ATTEMPT_SQL,
  type EarlierAttempt,
} from '../spending/billing.ts';
import { storedErrorJson, type StoredError } from '../lifecycle/outcome.ts';
import {
  JOB_TABLES,
  eventDetailSchema,
  type ColumnField,
  type EventDetail,
  type JobEvent,
  type JobTable,
  type TransitionPatch,
  type WaitDetail,
  type WatermarkJobRow,
} from './job-tables.ts';
import type { StoreSql } from './store-sql.ts';
import { WatermarkHistory } from './watermark-history.ts';
import { WatermarkQueue } from './watermark-queue.ts';
import { WrittenResults } from './written-results.ts';
import { readStoredJson } from './stored-json.ts';
import { errorCode } from '../../error-code.ts';

export class DatabaseDamagedError extends UserFacingError {
  readonly file: string;

  constructor(file: string, detail: string) {
    super({ id: 'core.jobs.databaseDamaged', values: { detail } });
    this.file = file;
  }
}

/** The error as damage to the file, when SQLite's code says the file is not a sound database. */
export function damageOf(file: string, error: unknown): DatabaseDamagedError | undefined {
  if (error instanceof DatabaseDamagedError) return error;
  const code = errorCode(error);
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return new DatabaseDamagedError(file, (error as Error).message);
  }
  return undefined;
}

export class IllegalTransitionError extends Error {
  constructor(jobId: string, from: JobState, to: JobState) {
    super(`job ${jobId} cannot go from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/**
 * The durable queue on SQLite: WAL so readers never wait for the writer, `synchronous=FULL`
 * so a state change that returned has reached the disk, foreign keys on, migrations by
 * `user_version`, and an integrity check on open. Transactions that write begin IMMEDIATE:
 * the app and a command line may share the file, and a transaction that read before it
 * wrote would fail at once with "database is locked" when the other committed in between,
 * where one that takes the write lock first waits its turn (busy timeout) instead.
 */
export class JobStore implements StoreSql {
  readonly db: Database.Database;
  readonly now: () => number;
  /** Statements compiled once: compiling costs more than most of the lookups they make. */
  private readonly statements = new Map<string, Database.Statement>();
  private readonly tables = new Map<JobKind, JobTable>(
    Object.entries(JOB_TABLES) as Array<[JobKind, JobTable]>,
  );
  /** The watermark jobs by state and batch, as the engine's scheduler and the screens ask. */
  readonly watermarks: WatermarkQueue = new WatermarkQueue(this);
  /** The watermark jobs as the window lists them. */
  readonly history: WatermarkHistory = new WatermarkHistory(this);
  /** The results Clearframe wrote, by their bytes' hash. */
  readonly written: WrittenResults = new WrittenResults(this);

  private constructor(db: Database.Database, now: () => number) {
    this.db = db;
    this.now = now;
  }

  /**
   * Opens (or creates) the job database. Unless `checked` says the caller has checked the
   * whole file already (see `checkJobStoreOffThread`), SQLite's quick check runs here first.
   */
  static open(file: string, options: { now?: () => number; checked?: boolean } = {}): JobStore {
    mkdirSync(path.dirname(file), { recursive: true });
    let db: Database.Database;
    try {
      db = new Database(file);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      const check = options.checked ? 'ok' : (db.pragma('quick_check', { simple: true }) as string);
      if (check !== 'ok') {
        db.close();
        throw new DatabaseDamagedError(file, check);
      }
    } catch (error) {
      throw damageOf(file, error) ?? error;
    }
    const store = new JobStore(db, options.now ?? Date.now);
    store.migrate();
    return store;
  }

  /** The way out of a damaged file: rename it (and its WAL) aside, so a new one can start. */
  static setAside(file: string): string {
    const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, aside);
    for (const suffix of ['-wal', '-shm']) {
      try {
        renameSync(`${file}${suffix}`, `${aside}${suffix}`);
      } catch {
        // A database closed cleanly has no WAL or shared-memory file beside it.
      }
    }
    return aside;
  }

  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  private migrate(): void {
    for (let version = this.schemaVersion; version < MIGRATIONS.length; version += 1) {
      this.db
        .transaction(() => {
          this.db.exec(MIGRATIONS[version] as string);
          this.db.pragma(`user_version = ${version + 1}`);
        })
        .immediate();
    }
  }

  close(): void {
    this.db.close();
  }

  /** The statement for this SQL, compiled on its first use and kept for the next. */
  statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Teaches the store a kind of job whose table a migration (or a test) has made. */
  addJobTable(kind: JobKind, table: JobTable): void {
    this.tables.set(kind, table);
  }

  private tableOf(kind: JobKind): JobTable {
    const table = this.tables.get(kind);
    if (!table) throw new Error(`no table for ${kind} jobs`);
    return table;
  }

  /** Adds a batch in one transaction: all of it or none. */
  addWatermarkJobs(
    inputs: ReadonlyArray<{ inputPath: string; mask?: unknown; options?: unknown }>,
    batchId = randomUUID(),
  ): string[] {
    const insert = this.statement(
      `INSERT INTO watermark_jobs (id, batch_id, input_path, mask_json, options_json, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)`,
    );
    return this.db
      .transaction(() =>
        inputs.map((input) => {
          const id = randomUUID();
          const at = this.now();
          insert.run(
            id,
            batchId,
            input.inputPath,
            input.mask === undefined ? null : JSON.stringify(input.mask),
            JSON.stringify(input.options ?? {}),
            at,
            at,
          );
          this.appendEvent(id, 'watermark', 'queued', undefined);
          return id;
        }),
      )
      .immediate();
  }

  getWatermarkJob(id: string): WatermarkJobRow | undefined {
    return this.statement('SELECT * FROM watermark_jobs WHERE id = ?').get(id) as
      WatermarkJobRow | undefined;
  }

  /** The newest job for an input file, to avoid adding the same file twice. */
  latestWatermarkJobFor(inputPath: string): WatermarkJobRow | undefined {
    return this.statement(
      'SELECT * FROM watermark_jobs WHERE input_path = ? ORDER BY rowid DESC LIMIT 1',
    ).get(inputPath) as WatermarkJobRow | undefined;
  }

  /** How many jobs of a kind are in each state, for summaries. */
  stateCounts(kind: JobKind): Partial<Record<JobState, number>> {
    const rows = this.statement(
      `SELECT state, COUNT(*) AS n FROM ${this.tableOf(kind).table} GROUP BY state`,
    ).all() as Array<{ state: JobState; n: number }>;
    return Object.fromEntries(rows.map((row) => [row.state, row.n]));
  }

  /**
   * Moves a job to a new state when the state machine allows it, with the columns that go
   * with it and an event, in one transaction. A task id is therefore on disk before anyone
   * can see the job as submitted, and before the first poll.
   */
  transition(kind: JobKind, jobId: string, to: JobState, patch: TransitionPatch = {}): JobEvent {
    const spec = this.tableOf(kind);
    const { table } = spec;
    return this.db
      .transaction(() => {
        const row = this.statement(`SELECT state FROM ${table} WHERE id = ?`).get(jobId) as
          { state: JobState } | undefined;
        if (!row) throw new Error(`no ${kind} job ${jobId}`);
        if (!canTransition(row.state, to)) throw new IllegalTransitionError(jobId, row.state, to);
        const at = this.now();
        const sets = ['state = @to', 'updated_at = @at'];
        if (patch.remoteTaskId !== undefined) sets.push('remote_task_id = @remoteTaskId');
        if (to === 'submitted') sets.push('submitted_at = COALESCE(submitted_at, @at)');
        for (const [field, column] of Object.entries(spec.columns)) {
          if (patch[field as ColumnField] !== undefined) sets.push(`${column} = @${field}`);
        }
        // A doubt belongs to the result it was found in: a new result, or none yet, has none.
        if (spec.doubt) sets.push('doubt = @doubt');
        // A job that is done has no error left to show, whatever it met on the way there.
        if (patch.error !== undefined || to === 'done') sets.push('error_json = @error');
        let detail = patch.detail ?? (patch.error ? { error: patch.error } : undefined);
        if (to === 'queued' && (RETRYABLE_STATES.has(row.state) || row.state === 'done')) {
          sets.push('attempt = attempt + 1', 'remote_task_id = NULL', 'submitted_at = NULL');
          if (spec.billed) {
            const earlierAttempt = this.endingAttempt(jobId);
            if (earlierAttempt) detail = { ...detail, earlierAttempt };
            // What the attempt left behind may have been billed: it stays counted (every SET
            // expression reads the row as it was before this update).
            sets.push(
              `earlier_billed_cents = earlier_billed_cents + ${ATTEMPT_BILLED_CENTS_SQL}`,
              'charged_cents = NULL',
              'demo = 0',
            );
          }
        }
        this.statement(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = @id`).run({
          id: jobId,
          to,
          at,
          remoteTaskId: patch.remoteTaskId ?? null,
          outputPath: patch.outputPath ?? null,
          outputs: patch.outputs === undefined ? null : JSON.stringify(patch.outputs),
          lastFramePath: patch.lastFramePath ?? null,
          chargedCents: patch.chargedCents ?? null,
          demo: patch.demo ? 1 : 0,
          doubt: to === 'done' ? (patch.doubt ?? null) : null,
          error:
            patch.error === undefined || patch.error === null ? null : storedErrorJson(patch.error),
        });
        return this.appendEvent(jobId, kind, to, detail);
      })
      .immediate();
  }

  /**
   * The attempt a new one replaces, when the service may have billed it: the retry's event
   * keeps what it cost and when, so the spending history and a monthly cap can date it.
   */
  private endingAttempt(roundId: string): EarlierAttempt | undefined {
    const row = this.statement(EARLIER_ATTEMPT_SQL).get(roundId) as
      { attempt: number; cents: number; demo: number; at: number; committed: number } | undefined;
    if (!row || row.committed !== 1 || row.cents <= 0) return undefined;
    return { attempt: row.attempt, cents: row.cents, at: row.at, demo: row.demo === 1 };
  }

  /**
   * When a job last entered a state, from its events: a job asked again after it gave up
   * entered `submitted` then, which is when its new wait for the service began.
   */
  lastEnteredAt(jobId: string, state: JobState): number | undefined {
    const row = this.statement(
      'SELECT MAX(at) AS at FROM job_events WHERE job_id = ? AND state = ?',
    ).get(jobId, state) as { at: number | null };
    return row.at ?? undefined;
  }

  events(jobId: string): JobEvent[] {
    const rows = this.statement('SELECT * FROM job_events WHERE job_id = ? ORDER BY seq').all(
      jobId,
    ) as Array<{
      job_id: string;
      kind: JobKind;
      seq: number;
      state: JobState;
      at: number;
      detail_json: string | null;
    }>;
    return rows.map((r) => {
      const detail = readStoredJson(eventDetailSchema, r.detail_json, 'detail_json');
      // A note that cannot be read is left out: the event's state and time still stand.
      return {
        jobId: r.job_id,
        kind: r.kind,
        seq: r.seq,
        state: r.state,
        at: r.at,
        detail: detail.ok ? detail.value : undefined,
      };
    });
  }

  /** Notes the last frame kept beside a finished round's clip (taken from it on this computer). */
  setLastFramePath(roundId: string, file: string): void {
    this.statement('UPDATE video_rounds SET last_frame_path = ?, updated_at = ? WHERE id = ?').run(
      file,
      this.now(),
      roundId,
    );
  }

  /**
   * Records why a job waits, or that it waits no more (`error: null`), without moving it:
   * a job whose disk is full keeps its state, so a restart resumes it from the same step.
   */
  noteWaiting(kind: JobKind, jobId: string, error: StoredError | null): JobEvent | undefined {
    const { table } = this.tableOf(kind);
    return this.db
      .transaction(() => {
        const row = this.statement(`SELECT state FROM ${table} WHERE id = ?`).get(jobId) as
          { state: JobState } | undefined;
        if (!row) return undefined;
        this.statement(`UPDATE ${table} SET error_json = ?, updated_at = ? WHERE id = ?`).run(
          error ? storedErrorJson(error) : null,
          this.now(),
          jobId,
        );
        return this.appendEvent(
          jobId,
          kind,
          row.state,
          (error ? { waiting: error } : { resumed: true }) satisfies WaitDetail,
        );
      })
      .immediate();
  }

  /**
   * Events carry a sequence number per job, so a screen can apply them in order and drop
   * repeats. Call inside the transaction that made the change.
   */
  appendEvent(
    jobId: string,
    kind: JobKind,
    state: JobState,
    detail: EventDetail | undefined,
  ): JobEvent {
    const { next } = this.statement(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM job_events WHERE job_id = ?',
    ).get(jobId) as { next: number };
    const at = this.now();
    this.statement(
      'INSERT INTO job_events (job_id, kind, seq, state, at, detail_json) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(jobId, kind, next, state, at, detail === undefined ? null : JSON.stringify(detail));
    return { jobId, kind, seq: next, state, at, detail };
  }
}
