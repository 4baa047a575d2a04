import { hasClip } from '../../../../src-shared/domain/film-takes.ts';
import { FINAL_STATES } from '../../../../src-shared/domain/job-states.ts';
import { UserFacingError } from '../../user-error.ts';
import type { JobStore } from '../store/store.ts';
import { readRoundOutputs, type VideoRoundRow, type VideoRounds } from './video-rounds.ts';

export type ArrangedKind = 'project' | 'shot' | 'round';

/** Each kind's table and the column its siblings share, for moving and removing alike. */
const TABLES = {
  project: { table: 'video_projects', parent: null },
  shot: { table: 'video_shots', parent: 'project_id' },
  round: { table: 'video_rounds', parent: 'shot_id' },
} as const;

interface Placed {
  id: string;
  position: number;
}

/** A stored round as the take rule reads it (see `hasClip`): an unreadable record has no clip. */
function canBeTake(round: VideoRoundRow): boolean {
  const outputs = readRoundOutputs(round);
  return hasClip({ state: round.state, videos: outputs.ok ? (outputs.value?.videos ?? []) : [] });
}

/**
 * How the user arranges video work: names, order, the take each shot uses, and removal.
 * Removing hides a project, shot or round and keeps its rows, so what it cost stays in the
 * spending and the budget cap, and its clips stay where they were saved. Only what is over
 * (done, failed, cancelled) may be removed: a round waiting or running holds money or a
 * task id that must not be lost.
 */
export class VideoArrangement {
  private readonly store: JobStore;
  private readonly rounds: VideoRounds;

  constructor(store: JobStore, rounds: VideoRounds) {
    this.store = store;
    this.rounds = rounds;
  }

  private get db() {
    return this.store.db;
  }

  renameProject(projectId: string, name: string): void {
    const trimmed = name.trim();
    if (!trimmed) throw new UserFacingError({ id: 'core.rounds.nameProject' });
    if (!this.rounds.project(projectId))
      throw new UserFacingError({ id: 'core.rounds.gone', values: { kind: 'project' } });
    this.db.prepare('UPDATE video_projects SET name = ? WHERE id = ?').run(trimmed, projectId);
  }

  /** Swaps a project, shot or round with its neighbour before (-1) or after (1) it. */
  move(kind: ArrangedKind, id: string, by: -1 | 1): void {
    this.db
      .transaction(() => {
        const siblings = this.siblings(kind, id);
        const at = siblings.findIndex((item) => item.id === id);
        const other = siblings[at + by];
        const self = siblings[at];
        if (!self || !other) return;
        const { table } = TABLES[kind];
        const update = this.db.prepare(`UPDATE ${table} SET position = ? WHERE id = ?`);
        update.run(other.position, self.id);
        update.run(self.position, other.id);
      })
      .immediate();
  }

  /** Hides a project, shot or round whose rounds are all over, and renumbers what is left. */
  remove(kind: ArrangedKind, id: string): void {
    this.db
      .transaction(() => {
        const siblings = this.siblings(kind, id);
        if (!siblings.some((item) => item.id === id)) {
          throw new UserFacingError({ id: 'core.rounds.gone', values: { kind } });
        }
        const open = this.roundsUnder(kind, id).filter((round) => !FINAL_STATES.has(round.state));
        if (open.length > 0) {
          throw new UserFacingError({
            id: 'core.rounds.stillOpen',
            values: { kind, count: open.length },
          });
        }
        const { table } = TABLES[kind];
        this.db
          .prepare(`UPDATE ${table} SET removed_at = ? WHERE id = ?`)
          .run(this.store.now(), id);
        const update = this.db.prepare(`UPDATE ${table} SET position = ? WHERE id = ?`);
        siblings
          .filter((item) => item.id !== id)
          .forEach((item, index) => update.run(index + 1, item.id));
        if (kind === 'round') {
          this.db
            .prepare('UPDATE video_shots SET take_round_id = NULL WHERE take_round_id = ?')
            .run(id);
        }
      })
      .immediate();
  }

  /** The round a shot uses in the film; null goes back to the newest done round. */
  chooseTake(shotId: string, roundId: string | null): void {
    if (!this.rounds.shot(shotId))
      throw new UserFacingError({ id: 'core.rounds.gone', values: { kind: 'shot' } });
    if (roundId !== null) {
      const round = this.rounds.round(roundId);
      if (!round || round.shot_id !== shotId || round.removed_at !== null) {
        throw new UserFacingError({ id: 'core.rounds.notThisShot' });
      }
      if (!canBeTake(round)) {
        throw new UserFacingError({ id: 'core.rounds.takeNeedsClip' });
      }
    }
    this.db.prepare('UPDATE video_shots SET take_round_id = ? WHERE id = ?').run(roundId, shotId);
  }

  /** The listed items sharing the parent of `id`, in order; empty when `id` is not listed. */
  private siblings(kind: ArrangedKind, id: string): Placed[] {
    if (kind === 'project') {
      return this.rounds.projects().map(({ id: listed, position }) => ({ id: listed, position }));
    }
    const { table, parent } = TABLES[kind];
    const self = this.db
      .prepare(`SELECT ${parent} AS parent FROM ${table} WHERE id = ? AND removed_at IS NULL`)
      .get(id) as { parent: string } | undefined;
    // A shot of a removed project, or a round of a removed shot, is not listed either.
    const shotId = kind === 'shot' ? id : self?.parent;
    if (!self || !shotId || !this.rounds.shot(shotId)) return [];
    return this.db
      .prepare(
        `SELECT id, position FROM ${table}
         WHERE ${parent} = ? AND removed_at IS NULL ORDER BY position, rowid`,
      )
      .all(self.parent) as Placed[];
  }

  private roundsUnder(kind: ArrangedKind, id: string): VideoRoundRow[] {
    const where =
      kind === 'round'
        ? 'r.id = ?'
        : kind === 'shot'
          ? 'r.shot_id = ?'
          : 'r.shot_id IN (SELECT id FROM video_shots WHERE project_id = ?)';
    return this.db
      .prepare(`SELECT r.* FROM video_rounds r WHERE ${where} AND r.removed_at IS NULL`)
      .all(id) as VideoRoundRow[];
  }
}
