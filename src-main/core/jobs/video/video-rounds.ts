import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { videoGenerateShape, type VideoGenerateRequest } from '../../../../src-shared/api/video.ts';
import type { JobState } from '../../../../src-shared/domain/job-states.ts';
import type { BudgetPeriod, CapSpending, Spending } from '../../../../src-shared/domain/budget.ts';
import { monthBounds, monthOf } from '../../../../src-shared/domain/calendar-month.ts';
import type { Wording } from '../../i18n/core-words.ts';
import { CHARGES_CTE } from '../spending/billing.ts';
import type { StoredError } from '../lifecycle/outcome.ts';
import { damagedRecordError } from '../store/damaged-record.ts';
import { readStoredJson, type StoredJsonProblem, type StoredRead } from '../store/stored-json.ts';
import type { JobStore } from '../store/store.ts';

export interface VideoProjectRow {
  id: string;
  name: string;
  created_at: number;
  /** Its place in the user's order of projects. */
  position: number;
  /** When the user removed it; a removed project is kept for what it cost, and not listed. */
  removed_at: number | null;
}

export interface VideoShotRow {
  id: string;
  project_id: string;
  position: number;
  title: string;
  removed_at: number | null;
  /** The round the user chose as the shot's take; none: the newest done round. */
  take_round_id: string | null;
}

export interface VideoRoundRow {
  id: string;
  shot_id: string;
  position: number;
  request_json: string;
  estimate_cents: number;
  state: JobState;
  remote_task_id: string | null;
  outputs_json: string | null;
  last_frame_path: string | null;
  charged_cents: number | null;
  error_json: string | null;
  attempt: number;
  created_at: number;
  updated_at: number;
  submitted_at: number | null;
  /** What earlier attempts of this round may have been billed, in cents. */
  earlier_billed_cents: number;
  /** 1 when the built-in simulator ran the current attempt. */
  demo: number;
  /** 1 for a task attached from the service's list: its prompt is not known here. */
  prompt_unknown: number;
  removed_at: number | null;
}

/** What a finished round left on disk and where it came from; stored as `outputs_json`. */
export const roundOutputsSchema = z.object({
  videos: z.array(z.string()),
  sidecar: z.string(),
  /** The service's URL of the last frame: a later round may start from it while it lives. */
  lastFrameUrl: z.string().optional(),
  /** The service's addresses of the clips: an `asset://` one can be a later round's reference. */
  videoUrls: z.array(z.string()).optional(),
});
export type RoundOutputs = z.infer<typeof roundOutputsSchema>;

/**
 * A round's request as stored: the shape the service takes, not its rules, which a request
 * is checked against before it is paid for; an attached round's stand-in need not meet them.
 */
export function readRoundRequest(
  round: Pick<VideoRoundRow, 'request_json'>,
): StoredRead<VideoGenerateRequest> {
  return readStoredJson(videoGenerateShape, round.request_json, 'request_json');
}

/** A finished round's outputs; undefined before it finishes. */
export function readRoundOutputs(
  round: Pick<VideoRoundRow, 'outputs_json'>,
): StoredRead<RoundOutputs | undefined> {
  return readStoredJson(roundOutputsSchema, round.outputs_json, 'outputs_json');
}

/**
 * The error of a round whose record is damaged, with what the user can do about it: a round
 * whose request is lost cannot be sent, one whose outputs or error are lost keeps its clips.
 */
export function damagedRoundError(
  problem: StoredJsonProblem,
  advice: Wording = problem.source === 'request_json'
    ? { id: 'core.jobs.damagedRequestAdvice' }
    : { id: 'core.jobs.damagedClipsAdvice' },
): StoredError & { sentence: Wording } {
  return damagedRecordError('round', problem, advice);
}

export interface ProjectTree extends VideoProjectRow {
  shots: Array<VideoShotRow & { rounds: VideoRoundRow[] }>;
}

/**
 * Video projects, their shots and rounds, in the same database and transactions as the
 * watermark jobs. Rounds go through the job store's state machine as kind `video`.
 */
export class VideoRounds {
  private readonly store: JobStore;

  constructor(store: JobStore) {
    this.store = store;
  }

  private get db() {
    return this.store.db;
  }

  createProject(name: string): string {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO video_projects (id, name, created_at, position)
         VALUES (?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM video_projects))`,
      )
      .run(id, name, this.store.now());
    return id;
  }

  addShot(projectId: string, title = ''): string {
    if (!this.project(projectId)) throw new Error(`no video project ${projectId}`);
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO video_shots (id, project_id, position, title)
         VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM video_shots WHERE project_id = ? AND removed_at IS NULL), ?)`,
      )
      .run(id, projectId, projectId, title);
    return id;
  }

  /**
   * A new empty shot right after `shotId` in its project, the shots after it moved one on:
   * where a continuation goes so the film holds both the clip and what follows it.
   */
  addShotAfter(shotId: string): string {
    const shot = this.shot(shotId);
    if (!shot) throw new Error(`no video shot ${shotId}`);
    const id = randomUUID();
    this.db
      .transaction(() => {
        this.db
          .prepare(
            'UPDATE video_shots SET position = position + 1 WHERE project_id = ? AND position > ? AND removed_at IS NULL',
          )
          .run(shot.project_id, shot.position);
        this.db
          .prepare('INSERT INTO video_shots (id, project_id, position, title) VALUES (?, ?, ?, ?)')
          .run(id, shot.project_id, shot.position + 1, '');
      })
      .immediate();
    return id;
  }

  /**
   * A queued round with its request as it will be sent and the estimate the user saw.
   * `promptUnknown` marks a task taken from the service's list, whose request is a stand-in.
   */
  addRound(
    shotId: string,
    request: VideoGenerateRequest,
    estimateCents: number,
    options: { promptUnknown?: boolean } = {},
  ): string {
    const id = randomUUID();
    const at = this.store.now();
    this.db
      .transaction(() => {
        this.db
          .prepare(
            `INSERT INTO video_rounds (id, shot_id, position, request_json, estimate_cents, state, created_at, updated_at, prompt_unknown)
           VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM video_rounds WHERE shot_id = ? AND removed_at IS NULL), ?, ?, 'queued', ?, ?, ?)`,
          )
          .run(
            id,
            shotId,
            shotId,
            JSON.stringify(request),
            estimateCents,
            at,
            at,
            options.promptUnknown ? 1 : 0,
          );
        this.store.appendEvent(id, 'video', 'queued', { estimateCents });
      })
      .immediate();
    return id;
  }

  /** A project the user has not removed. */
  project(id: string): VideoProjectRow | undefined {
    return this.db
      .prepare('SELECT * FROM video_projects WHERE id = ? AND removed_at IS NULL')
      .get(id) as VideoProjectRow | undefined;
  }

  /** A project, listed or removed: a removed one is kept for what it cost. */
  anyProject(id: string): VideoProjectRow | undefined {
    return this.db.prepare('SELECT * FROM video_projects WHERE id = ?').get(id) as
      VideoProjectRow | undefined;
  }

  /** The projects listed, in the user's order. */
  projects(): VideoProjectRow[] {
    return this.db
      .prepare(
        'SELECT * FROM video_projects WHERE removed_at IS NULL ORDER BY position, created_at, rowid',
      )
      .all() as VideoProjectRow[];
  }

  /** A shot the user has not removed, in a project not removed. */
  shot(id: string): VideoShotRow | undefined {
    return this.db
      .prepare(
        `SELECT s.* FROM video_shots s JOIN video_projects p ON p.id = s.project_id
         WHERE s.id = ? AND s.removed_at IS NULL AND p.removed_at IS NULL`,
      )
      .get(id) as VideoShotRow | undefined;
  }

  round(id: string): VideoRoundRow | undefined {
    return this.db.prepare('SELECT * FROM video_rounds WHERE id = ?').get(id) as
      VideoRoundRow | undefined;
  }

  roundsIn(states: readonly JobState[]): VideoRoundRow[] {
    const marks = states.map(() => '?').join(', ');
    return this.db
      .prepare(`SELECT * FROM video_rounds WHERE state IN (${marks}) ORDER BY created_at, rowid`)
      .all(...states) as VideoRoundRow[];
  }

  /** Whether any round is in one of these states; stops at the first it finds. */
  anyIn(states: readonly JobState[]): boolean {
    const marks = states.map(() => '?').join(', ');
    const row = this.store
      .statement(`SELECT EXISTS (SELECT 1 FROM video_rounds WHERE state IN (${marks})) AS found`)
      .get(...states) as { found: number };
    return row.found === 1;
  }

  tree(projectId: string): ProjectTree | undefined {
    const project = this.project(projectId);
    if (!project) return undefined;
    const shots = this.db
      .prepare(
        'SELECT * FROM video_shots WHERE project_id = ? AND removed_at IS NULL ORDER BY position',
      )
      .all(projectId) as VideoShotRow[];
    const rounds = this.db.prepare(
      'SELECT * FROM video_rounds WHERE shot_id = ? AND removed_at IS NULL ORDER BY position',
    );
    return {
      ...project,
      shots: shots.map((shot) => ({ ...shot, rounds: rounds.all(shot.id) as VideoRoundRow[] })),
    };
  }

  /** Every remote task id a round holds, with that round, to tell our tasks from others. */
  taskHolders(): Map<string, string> {
    const rows = this.db
      .prepare('SELECT remote_task_id, id FROM video_rounds WHERE remote_task_id IS NOT NULL')
      .all() as Array<{ remote_task_id: string; id: string }>;
    return new Map(rows.map((row) => [row.remote_task_id, row.id]));
  }

  knownTaskIds(): Set<string> {
    return new Set(this.taskHolders().keys());
  }

  /**
   * Money in cents, as the service may have billed it (see `CHARGES_CTE`): `spentCents` for
   * rounds that are over (done, failed, canceled) and every earlier attempt, `inFlightCents`
   * for rounds sent or possibly sent and not over, leaving out the round being checked.
   * `within` keeps to charges made from `start` up to `end` (ms). The budget cap, the balance
   * check and the account panel all read this.
   */
  spending(excludeRoundId?: string, within?: { start: number; end: number }): Spending {
    const row = this.store
      .statement(
        `WITH ${CHARGES_CTE}
         SELECT
           COALESCE(SUM(CASE WHEN over THEN cents END), 0) AS spent,
           COALESCE(SUM(CASE WHEN NOT over AND round_id IS NOT @exclude THEN cents END), 0) AS inflight
         FROM charges WHERE demo = 0 AND at >= @start AND at < @end`,
      )
      .get({
        exclude: excludeRoundId ?? null,
        start: within?.start ?? Number.MIN_SAFE_INTEGER,
        end: within?.end ?? Number.MAX_SAFE_INTEGER,
      }) as { spent: number; inflight: number };
    return { spentCents: row.spent, inFlightCents: row.inflight };
  }

  /**
   * The spending the budget cap is held against at `now`: of all time, or, for a monthly cap,
   * of the calendar month `now` falls in here (named, for the message that stops a round).
   */
  spendingForCap(period: BudgetPeriod, now: number, excludeRoundId?: string): CapSpending {
    if (period === 'all-time') return this.spending(excludeRoundId);
    const month = monthOf(now);
    return { ...this.spending(excludeRoundId, monthBounds(month)), month };
  }

  /** What the rounds still waiting would cost if they all ran. */
  queuedEstimateCents(): number {
    const row = this.db
      .prepare(
        `SELECT COALESCE(SUM(estimate_cents), 0) AS n FROM video_rounds WHERE state = 'queued'`,
      )
      .get() as { n: number };
    return row.n;
  }
}
