/**
 * The job database's schema, one migration per version. `PRAGMA user_version` records how
 * far a file has been brought; each step runs in its own transaction.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE watermark_jobs (
    id TEXT PRIMARY KEY,
    batch_id TEXT NOT NULL,
    input_path TEXT NOT NULL,
    mask_json TEXT,
    options_json TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL,
    remote_task_id TEXT,
    output_path TEXT,
    error_json TEXT,
    attempt INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    submitted_at INTEGER
  );
  CREATE INDEX watermark_jobs_state ON watermark_jobs (state);
  CREATE INDEX watermark_jobs_batch ON watermark_jobs (batch_id);

  CREATE TABLE video_projects (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE video_shots (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES video_projects (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE video_rounds (
    id TEXT PRIMARY KEY,
    shot_id TEXT NOT NULL REFERENCES video_shots (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    request_json TEXT NOT NULL,
    estimate_cents INTEGER NOT NULL,
    state TEXT NOT NULL,
    remote_task_id TEXT,
    outputs_json TEXT,
    last_frame_path TEXT,
    charged_cents INTEGER,
    error_json TEXT,
    attempt INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    submitted_at INTEGER
  );
  CREATE INDEX video_rounds_state ON video_rounds (state);

  CREATE TABLE job_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    at INTEGER NOT NULL,
    detail_json TEXT,
    UNIQUE (job_id, seq)
  );
  `,
  // Video money: what earlier attempts of a round may have cost, whether the simulator ran
  // it (demo), and whether its prompt is unknown (a task attached from the service's list).
  // A detail that is not valid JSON would stop json_extract, and with it the whole upgrade:
  // it is passed over, as it names no attached task.
  `
  ALTER TABLE video_rounds ADD COLUMN earlier_billed_cents INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE video_rounds ADD COLUMN demo INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE video_rounds ADD COLUMN prompt_unknown INTEGER NOT NULL DEFAULT 0;
  UPDATE video_rounds SET prompt_unknown = 1 WHERE id IN (
    SELECT job_id FROM job_events
    WHERE kind = 'video'
      AND CASE WHEN json_valid(detail_json) THEN json_extract(detail_json, '$.attached') END = 1
  );
  `,
  // Every result written, by the hash of its bytes, so a result is known wherever it is
  // copied or moved, and kept when its job is cleared from the list. The source's hash and
  // the mask tell a file already cleaned with the same mask. The sizes let a file be ruled
  // out without reading it whole.
  `
  CREATE TABLE written_results (
    sha256 TEXT PRIMARY KEY,
    bytes INTEGER NOT NULL,
    output_path TEXT NOT NULL,
    source_path TEXT NOT NULL,
    source_sha256 TEXT,
    source_bytes INTEGER,
    mask_key TEXT NOT NULL,
    written_at INTEGER NOT NULL
  );
  CREATE INDEX written_results_bytes ON written_results (bytes);
  CREATE INDEX written_results_source ON written_results (source_bytes, source_sha256, mask_key);
  `,
  // Lookups that run once per file or per job, whatever the history's length: a file's
  // latest job when it is added again (by its path); the next queued jobs of each batch, in
  // the order they were added, for the scheduler (by state, batch and time, which also
  // serves every lookup by state alone); the page of the history the list shows (by rowid,
  // the order jobs were added in, which needs no index of its own).
  `
  CREATE INDEX watermark_jobs_input ON watermark_jobs (input_path);
  CREATE INDEX watermark_jobs_queue ON watermark_jobs (state, batch_id, created_at);
  DROP INDEX watermark_jobs_state;
  `,
  // Projects the user arranges: an order of their own, and a take chosen per shot. Removing a
  // project, shot or round hides it (removed_at) and keeps its row, so what it cost stays in
  // the spending and the budget cap; only settled rounds may be removed.
  `
  ALTER TABLE video_projects ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
  UPDATE video_projects SET position = (
    SELECT COUNT(*) FROM video_projects AS earlier
    WHERE earlier.created_at < video_projects.created_at
      OR (earlier.created_at = video_projects.created_at AND earlier.rowid <= video_projects.rowid)
  );
  ALTER TABLE video_projects ADD COLUMN removed_at INTEGER;
  ALTER TABLE video_shots ADD COLUMN removed_at INTEGER;
  ALTER TABLE video_shots ADD COLUMN take_round_id TEXT;
  ALTER TABLE video_rounds ADD COLUMN removed_at INTEGER;
  CREATE INDEX video_shots_project ON video_shots (project_id, position);
  CREATE INDEX video_rounds_shot ON video_rounds (shot_id, position);
  `,
  // A result keeps the mask it was cleaned with, so a file added again gets that mask back
  // and is known as cleaned with it (the key alone cannot be drawn); rows written before are
  // given their job's mask where the job is still listed. A job's `doubt` says why a result
  // that was written cannot be vouched for (see `JobDoubt`): it is shown, not called done.
  `
  ALTER TABLE written_results ADD COLUMN mask_json TEXT;
  UPDATE written_results SET mask_json = (
    SELECT w.mask_json FROM watermark_jobs AS w
    WHERE w.output_path = written_results.output_path
    ORDER BY w.updated_at DESC LIMIT 1
  );
  ALTER TABLE watermark_jobs ADD COLUMN doubt TEXT;
  `,
  // Clips cleaned in the window (issue #38): the clip, the folder it was dropped from (for the
  // mirrored output tree), the complete cleaned clip before it takes its name (`work_path`, a
  // hidden file beside `planned_path`, the name it is to take) and the result.
  `
  CREATE TABLE clip_jobs (
    id TEXT PRIMARY KEY,
    input_path TEXT NOT NULL,
    root TEXT,
    state TEXT NOT NULL,
    remote_task_id TEXT,
    work_path TEXT,
    planned_path TEXT,
    output_path TEXT,
    error_json TEXT,
    attempt INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    submitted_at INTEGER
  );
  CREATE INDEX clip_jobs_state ON clip_jobs (state, created_at);
  `,
  // The mask the person accepted over a frame of the clip before Run (mask-runs.ts), so a
  // restart cleans with it too; null: the clean-up finds the mark itself.
  `
  ALTER TABLE clip_jobs ADD COLUMN mask TEXT;
  `,
];
