import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_STATES, allowedNext, canTransition } from '../../../src-shared/domain/job-states.ts';
import { MIGRATIONS } from '../../../src-main/core/jobs/store/schema.ts';
import {
  DatabaseDamagedError,
  IllegalTransitionError,
  JobStore,
} from '../../../src-main/core/jobs/store/store.ts';
import { makeDamagedDatabase } from '../../support/damaged-database.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-store-'));
  file = path.join(dir, 'clearframe.sqlite');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('job state machine', () => {
  it('lets a job run from queued to done, and from done only back to the queue', () => {
    const path = [
      'queued',
      'preparing',
      'submitting',
      'submitted',
      'processing',
      'downloading',
      'done',
    ] as const;
    for (let i = 1; i < path.length; i += 1)
      expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
    // Only a result in doubt, sent to the service on the user's word (see job-doubt.ts).
    expect(allowedNext('done')).toEqual(['queued']);
  });

  it('never lets a submission whose outcome is unknown go back to the queue by itself', () => {
    expect(canTransition('submitted', 'queued')).toBe(false);
    expect(canTransition('processing', 'submitting')).toBe(false);
    expect(canTransition('needs-attention', 'submitted')).toBe(true);
    for (const state of JOB_STATES)
      expect(canTransition(state, 'submitting')).toBe(state === 'preparing');
  });
});

describe('job store on a real SQLite file', () => {
  it('opens in WAL with full sync and foreign keys, at the latest schema', () => {
    const store = JobStore.open(file);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    store.close();
  });

  it('adds a batch at once and keeps it across a reopen', () => {
    const store = JobStore.open(file);
    const ids = store.addWatermarkJobs([
      { inputPath: '/photos/a.jpg' },
      { inputPath: '/photos/b.jpg', mask: [{ kind: 'rect' }] },
    ]);
    store.close();
    const again = JobStore.open(file);
    expect(again.watermarks.inStates(['queued']).map((job) => job.id)).toEqual(ids);
    expect(again.getWatermarkJob(ids[1]!)?.mask_json).toBe('[{"kind":"rect"}]');
    again.close();
  });

  it('writes the task id in the same transaction that makes the job submitted, with an event', () => {
    let clock = 1000;
    const store = JobStore.open(file, { now: () => clock });
    const [id] = store.addWatermarkJobs([{ inputPath: '/photos/a.jpg' }]) as [string];
    store.transition('watermark', id, 'preparing');
    store.transition('watermark', id, 'submitting');
    clock = 2000;
    const event = store.transition('watermark', id, 'submitted', { remoteTaskId: 'wm_abc' });
    expect(event).toMatchObject({ seq: 4, state: 'submitted' });
    store.close();
    const again = JobStore.open(file);
    expect(again.getWatermarkJob(id)).toMatchObject({
      state: 'submitted',
      remote_task_id: 'wm_abc',
      submitted_at: 2000,
    });
    expect(again.events(id).map((e) => [e.seq, e.state])).toEqual([
      [1, 'queued'],
      [2, 'preparing'],
      [3, 'submitting'],
      [4, 'submitted'],
    ]);
    again.close();
  });

  it('refuses an illegal transition and changes nothing', () => {
    const store = JobStore.open(file);
    const [id] = store.addWatermarkJobs([{ inputPath: '/photos/a.jpg' }]) as [string];
    expect(() => store.transition('watermark', id, 'submitted', { remoteTaskId: 'wm_x' })).toThrow(
      IllegalTransitionError,
    );
    expect(store.getWatermarkJob(id)).toMatchObject({ state: 'queued', remote_task_id: null });
    expect(store.events(id)).toHaveLength(1);
    store.close();
  });

  it('retries a failed job as a new attempt and keeps the old outcome in the log', () => {
    const store = JobStore.open(file);
    const [id] = store.addWatermarkJobs([{ inputPath: '/photos/a.jpg' }]) as [string];
    store.transition('watermark', id, 'preparing');
    store.transition('watermark', id, 'failed', {
      error: { code: 'corrupt', message: 'The image is damaged.' },
    });
    store.transition('watermark', id, 'queued');
    expect(store.getWatermarkJob(id)).toMatchObject({ state: 'queued', attempt: 2 });
    expect(store.events(id)[2]).toMatchObject({
      state: 'failed',
      detail: { error: { code: 'corrupt' } },
    });
    store.close();
  });

  it('shows no error on a job that is done, even one whose wait for disk space was never ended', () => {
    const store = JobStore.open(file);
    const [id] = store.addWatermarkJobs([{ inputPath: '/photos/a.jpg' }]) as [string];
    for (const state of ['preparing', 'submitting', 'submitted', 'downloading'] as const)
      store.transition('watermark', id, state, state === 'submitted' ? { remoteTaskId: 't' } : {});
    // A restart resumes a waiting job without ending its wait; its write then succeeds.
    store.noteWaiting('watermark', id, { code: 'DiskFullError', message: 'The disk is full.' });
    store.transition('watermark', id, 'done', { outputPath: '/photos/clearframe/a.jpg' });
    expect(store.getWatermarkJob(id)).toMatchObject({ state: 'done', error_json: null });
    store.close();
  });

  it('finds a damaged file on open, says what to do, and can set it aside', async () => {
    await makeDamagedDatabase(file);
    const error = (() => {
      try {
        JobStore.open(file).close();
        return undefined;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    expect((error as DatabaseDamagedError).userMessage).toMatch(
      /set it aside and start with an empty queue/,
    );
    const aside = JobStore.setAside(file);
    expect((await readdir(dir)).some((name) => name === path.basename(aside))).toBe(true);
    const fresh = JobStore.open(file);
    expect(fresh.watermarks.inStates(['queued'])).toEqual([]);
    fresh.close();
  });
});
