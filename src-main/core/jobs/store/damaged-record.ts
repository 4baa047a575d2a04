import type { Wording } from '../../i18n/core-words.ts';
import { storedError, type StoredError } from '../lifecycle/outcome.ts';
import { DAMAGED_RECORD, type StoredJsonProblem, type StoredRead } from './stored-json.ts';

/**
 * The error a job keeps when its stored record is damaged: which value, what is wrong with
 * it, and what the user can do (`advice`, which differs between images and video rounds).
 */
export function damagedRecordError(
  what: 'image' | 'round',
  problem: StoredJsonProblem,
  advice: Wording,
): StoredError & { sentence: Wording } {
  return storedError(DAMAGED_RECORD, {
    id: 'core.jobs.damagedRecord',
    values: { what, problem: problem.sentence, advice },
  });
}

/**
 * The error a row shows: the one it keeps and the damage of the first of its stored values
 * that cannot be read, either or both, so a damaged row still appears in a list and says
 * what is wrong with it. An error that already tells the damage is not told twice.
 */
export function shownError(
  kept: StoredRead<StoredError | undefined>,
  others: ReadonlyArray<StoredRead<unknown>>,
  damaged: (problem: StoredJsonProblem) => StoredError,
): StoredError | null {
  const own = kept.ok ? kept.value : undefined;
  if (own?.code === DAMAGED_RECORD) return own;
  const unread = [kept, ...others].find((read) => !read.ok);
  const damage = unread && !unread.ok ? damaged(unread.problem) : undefined;
  if (own && damage) return { code: own.code, message: `${own.message} ${damage.message}` };
  return own ?? damage ?? null;
}
