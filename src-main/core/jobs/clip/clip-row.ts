import type { JobRow } from '../lifecycle/task-engine.ts';

/** A row of `clip_jobs` as SQLite returns it. */
export interface ClipRow extends JobRow {
  input_path: string;
  /** The folder the clip was dropped as part of, for the mirrored output tree. */
  root: string | null;
  /** The hidden file the cleaned clip is written to, once it is complete. */
  work_path: string | null;
  /** The name the cleaned clip is to take (or `-1`, `-2`… after it when taken). */
  planned_path: string | null;
  output_path: string | null;
  /** The accepted mask's text (mask-runs.ts), or null to find the mark from the clip. */
  mask: string | null;
  error_json: string | null;
  attempt: number;
  created_at: number;
  updated_at: number;
}
