import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src-main/core/jobs/store/schema.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { MAX_HISTORY_PAGE } from '../../../src-main/core/jobs/store/watermark-history.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-history-'));
  file = path.join(dir, 'clearframe.sqlite');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const inputs = (names: string[]) => names.map((name) => ({ inputPath: `/photos/${name}.jpg` }));

describe('the watermark history, a page at a time', () => {
  it('pages newest first to the oldest job, each with its latest event, then says there is no more', () => {
    const store = JobStore.open(file);
    const names = Array.from({ length: 25 }, (_, i) => `p${i}`);
    const ids = store.addWatermarkJobs(inputs(names));
    store.transition('watermark', ids[24] as string, 'preparing');

    const first = store.history.page({ limit: 10 });
    expect(first.rows.map((row) => row.input_path)).toEqual(
      names
        .slice(15)
        .reverse()
        .map((name) => `/photos/${name}.jpg`),
    );
    expect(first.rows[0]).toMatchObject({ id: ids[24], state: 'preparing', seq: 2 });
    expect(first.rows[1]).toMatchObject({ id: ids[23], state: 'queued', seq: 1 });
    expect(first.next).toBeDefined();

    const second = store.history.page({ limit: 10, before: first.next });
    expect(second.rows.map((row) => row.id)).toEqual(ids.slice(5, 15).reverse());
    const last = store.history.page({ limit: 10, before: second.next });
    expect(last.rows.map((row) => row.id)).toEqual(ids.slice(0, 5).reverse());
    expect(last.next).toBeUndefined();
    expect(last.rows[0]).not.toHaveProperty('cursor');
    store.close();
  });

  it('gives no next page when the last page is exactly full', () => {
    const store = JobStore.open(file);
    store.addWatermarkJobs(inputs(['a', 'b', 'c', 'd']));
    const first = store.history.page({ limit: 2 });
    const second = store.history.page({ limit: 2, before: first.next });
    expect(second.rows).toHaveLength(2);
    expect(second.next).toBeUndefined();
    store.close();
  });

  it('keeps to one batch when asked, and its cursor holds while jobs are added and cleared', () => {
    const store = JobStore.open(file);
    const [olderBatch, newerBatch, noBatch] = [randomUUID(), randomUUID(), randomUUID()];
    const older = store.addWatermarkJobs(inputs(['o1', 'o2', 'o3']), olderBatch);
    store.addWatermarkJobs(inputs(['n1', 'n2']), newerBatch);
    const first = store.history.page({ limit: 2, batchId: olderBatch });
    expect(first.rows.map((row) => row.id)).toEqual([older[2], older[1]]);

    store.addWatermarkJobs(inputs(['later']), olderBatch);
    store.transition('watermark', older[2] as string, 'canceled');
    store.watermarks.clearFinished();
    const rest = store.history.page({
      limit: 2,
      batchId: olderBatch,
      before: first.next,
    });
    expect(rest).toEqual({ rows: [expect.objectContaining({ id: older[0] })] });
    expect(store.history.page({ limit: 5, batchId: noBatch })).toEqual({ rows: [] });
    store.close();
  });

  it('refuses a page size or cursor it cannot use, saying what to pass', () => {
    const store = JobStore.open(file);
    for (const limit of [0, -1, 2.5, MAX_HISTORY_PAGE + 1, Number.NaN]) {
      expect(() => store.history.page({ limit })).toThrow(
        `A history page holds 1 to ${MAX_HISTORY_PAGE} jobs, not ${String(limit)}; ask for fewer and page on with the cursor it returns.`,
      );
    }
    for (const before of [0, -3, 1.5]) {
      expect(() => store.history.page({ limit: 10, before })).toThrow(
        `${String(before)} is not a history cursor; pass the \`next\` of the page before, or none for the newest jobs.`,
      );
    }
    store.close();
  });
});

describe('lookups that run once per file or per job', () => {
  it('finds a file’s latest job through an index, not by reading the history', () => {
    const store = JobStore.open(file);
    const [first] = store.addWatermarkJobs(inputs(['same', 'other']));
    store.transition('watermark', first as string, 'canceled');
    const [again] = store.addWatermarkJobs(inputs(['same']));
    expect(store.latestWatermarkJobFor('/photos/same.jpg')?.id).toBe(again);
    expect(store.latestWatermarkJobFor('/photos/never.jpg')).toBeUndefined();
    const plan = store.db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM watermark_jobs WHERE input_path = ? ORDER BY rowid DESC LIMIT 1',
      )
      .all('/photos/same.jpg') as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toContain(
      'USING INDEX watermark_jobs_input',
    );
    store.close();
  });

  it('finds the results made from a source by its size and hash through an index', () => {
    const store = JobStore.open(file);
    const result = (n: number, sourceBytes: number, sourceSha256: string) => ({
      sha256: `result-${n}`,
      bytes: 100 + n,
      output_path: `/photos/clearframe/${n}.jpg`,
      source_path: `/photos/${n}.jpg`,
      source_sha256: sourceSha256,
      source_bytes: sourceBytes,
      mask_key: 'none',
      mask_json: null,
    });
    store.written.record(result(1, 5000, 'same-bytes'));
    store.written.record(result(2, 5000, 'other-bytes'));
    store.written.record(result(3, 5000, 'same-bytes'));
    expect(store.written.ofSource('same-bytes', 5000).map((row) => row.sha256)).toEqual([
      'result-3',
      'result-1',
    ]);
    expect(store.written.ofSource('same-bytes', 4999)).toEqual([]);
    const plan = store.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM written_results WHERE source_bytes = ? AND source_sha256 = ?
           ORDER BY written_at DESC, rowid DESC`,
      )
      .all(5000, 'same-bytes') as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toContain(
      'USING INDEX written_results_source',
    );
    store.close();
  });

  it('tells whether any job is queued without counting them', () => {
    const store = JobStore.open(file);
    expect(store.watermarks.anyIn(['queued'])).toBe(false);
    const [id] = store.addWatermarkJobs(inputs(['one']));
    expect(store.watermarks.anyIn(['queued'])).toBe(true);
    store.transition('watermark', id as string, 'canceled');
    expect(store.watermarks.anyIn(['queued', 'preparing'])).toBe(false);
    expect(store.watermarks.anyIn(['canceled'])).toBe(true);
    store.close();
  });

  it('gives the scheduler the first queued jobs of each batch, in the order they were added', () => {
    let now = 1000;
    const store = JobStore.open(file, { now: () => (now += 1) });
    const [big, small, done] = [randomUUID(), randomUUID(), randomUUID()];
    const bigIds = store.addWatermarkJobs(inputs(['b1', 'b2', 'b3', 'b4']), big);
    const doneIds = store.addWatermarkJobs(inputs(['d1']), done);
    const smallIds = store.addWatermarkJobs(inputs(['s1']), small);
    store.transition('watermark', doneIds[0] as string, 'canceled');
    store.transition('watermark', bigIds[0] as string, 'preparing');
    expect(store.watermarks.queuedHeads(2).map((row) => row.id)).toEqual([
      bigIds[1],
      bigIds[2],
      smallIds[0],
    ]);
    expect(store.watermarks.queuedHeads(1).map((row) => row.id)).toEqual([bigIds[1], smallIds[0]]);
    store.close();
  });

  it('counts the states of the batches under way, not of the whole history', () => {
    const store = JobStore.open(file);
    const [oldBatch, newBatch] = [randomUUID(), randomUUID()];
    for (const id of store.addWatermarkJobs(inputs(['o1', 'o2']), oldBatch)) {
      store.transition('watermark', id, 'canceled');
    }
    expect(store.watermarks.openBatchStateCounts()).toEqual({});
    const [first] = store.addWatermarkJobs(inputs(['n1', 'n2', 'n3']), newBatch);
    store.transition('watermark', first as string, 'canceled');
    expect(store.watermarks.openBatchStateCounts()).toEqual({ queued: 2, canceled: 1 });
    store.close();
  });

  it('brings a data file from the version before up, with its jobs, and indexes them', () => {
    const old = new Database(file);
    MIGRATIONS.slice(0, 3).forEach((step, version) => {
      old.exec(step);
      old.pragma(`user_version = ${version + 1}`);
    });
    old.exec(`
      INSERT INTO watermark_jobs (id, batch_id, input_path, state, created_at, updated_at)
        VALUES ('a', 'b', '/photos/kept.jpg', 'done', 1, 1),
               ('c', 'b', '/photos/kept.jpg', 'queued', 2, 2);
    `);
    old.close();

    const store = JobStore.open(file);
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    const indexes = store.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'watermark_jobs'`,
      )
      .all() as Array<{ name: string }>;
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['watermark_jobs_input', 'watermark_jobs_queue']),
    );
    expect(indexes.map((index) => index.name)).not.toContain('watermark_jobs_state');
    expect(store.latestWatermarkJobFor('/photos/kept.jpg')?.id).toBe('c');
    expect(store.history.page({ limit: 5 }).rows.map((row) => row.id)).toEqual(['c', 'a']);
    store.close();
  });
});
