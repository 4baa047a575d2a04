import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JOB_STATES } from '../../src-shared/domain/job-states.ts';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';

/** The states a finished job passed through, each an event, as the engine writes them. */
const LIFE = JOB_STATES.slice(0, JOB_STATES.indexOf('done') + 1);
const BATCH = 100;

/**
 * Writes `finished` watermark jobs that ran their whole life (with every event), then
 * `inFlight` jobs a crash left being processed, straight through SQL in one transaction: a
 * store a long-used app would have, in seconds rather than the minutes the engine would take.
 */
export function fillHistory(store: JobStore, finished: number, inFlight = 0): void {
  const job = store.db.prepare(
    `INSERT INTO watermark_jobs (id, batch_id, input_path, options_json, state, remote_task_id,
       output_path, created_at, updated_at, submitted_at)
     VALUES (@id, @batch, @input, '{}', @state, @task, @output, @at, @at, @at)`,
  );
  const event = store.db.prepare(
    'INSERT INTO job_events (job_id, kind, seq, state, at) VALUES (?, ?, ?, ?, ?)',
  );
  const start = store.now() - (finished + inFlight) * 1000;
  store.db.transaction(() => {
    for (let i = 0; i < finished + inFlight; i += 1) {
      const done = i < finished;
      const id = `history-${i}`;
      const at = start + i * 1000;
      job.run({
        id,
        batch: `batch-${Math.floor(i / BATCH)}`,
        input: `/photos/${Math.floor(i / BATCH)}/${i}.jpg`,
        state: done ? 'done' : 'processing',
        task: `task-${i}`,
        output: done ? `/photos/${Math.floor(i / BATCH)}/clearframe/${i}.jpg` : null,
        at,
      });
      const states = done ? LIFE : LIFE.slice(0, LIFE.indexOf('processing') + 1);
      states.forEach((state, seq) => event.run(id, 'watermark', seq + 1, state, at));
    }
  })();
}

/** A new store in a temporary folder holding such a history, closed; returns its file. */
export async function storeWithHistory(
  finished: number,
  inFlight = 0,
): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-history-bench-'));
  const file = path.join(dir, 'jobs.sqlite');
  const store = JobStore.open(file);
  fillHistory(store, finished, inFlight);
  store.close();
  return { dir, file };
}
