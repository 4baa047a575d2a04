import path from 'node:path';
import type { WatermarkJobRow } from '../jobs/store/job-tables.ts';
import type { JobStore } from '../jobs/store/store.ts';

/**
 * The newest jobs of files inside `dir`, newest first: what a watched folder's list shows
 * as the files it took. Read as a range of the `input_path` index (every path that starts
 * with `dir/` sorts between `dir/` and `dir0`), so a long history costs no more than the
 * folder's own jobs.
 */
export function recentJobsIn(store: JobStore, dir: string, limit: number): WatermarkJobRow[] {
  const from = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
  const to = `${from.slice(0, -1)}${String.fromCharCode(from.charCodeAt(from.length - 1) + 1)}`;
  return store
    .statement(
      'SELECT * FROM watermark_jobs WHERE input_path >= ? AND input_path < ? ORDER BY rowid DESC LIMIT ?',
    )
    .all(from, to, limit) as WatermarkJobRow[];
}
