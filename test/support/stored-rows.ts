import Database from 'better-sqlite3';
import { JOB_STATES, type JobKind, type JobState } from '../../src-shared/domain/job-states.ts';
import type { JobStore } from '../../src-main/core/jobs/store/store.ts';
import type { TransitionPatch } from '../../src-main/core/jobs/store/job-tables.ts';

/** Writes `text` into one column of one row of a database file, by a connection of its own. */
export function damage(
  file: string,
  table: string,
  column: string,
  id: string,
  text: string,
): void {
  const db = new Database(file);
  try {
    db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`).run(text, id);
  } finally {
    db.close();
  }
}

/** The way a job takes from the queue to done when nothing goes wrong. */
const ORDINARY_PATH = JOB_STATES.slice(1, JOB_STATES.indexOf('done') + 1);

/**
 * Moves a queued job along the ordinary way up to `to`, as an engine would: it holds
 * `taskId` from `submitted` on, and the last move carries `patch`.
 */
export function advance(
  store: JobStore,
  kind: JobKind,
  id: string,
  to: JobState,
  taskId: string,
  patch: TransitionPatch = {},
): void {
  for (const state of ORDINARY_PATH.slice(0, ORDINARY_PATH.indexOf(to) + 1)) {
    store.transition(kind, id, state, {
      ...(state === 'submitted' ? { remoteTaskId: taskId } : {}),
      ...(state === to ? patch : {}),
    });
  }
}

/** Fails a queued job before anything is sent, with the error `It failed.`. */
export function failBeforeSending(store: JobStore, kind: JobKind, id: string): void {
  store.transition(kind, id, 'preparing');
  store.transition(kind, id, 'failed', { error: { code: 'x', message: 'It failed.' } });
}
