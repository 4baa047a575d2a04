import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobKind, JobState } from '../../../src-shared/domain/job-states.ts';
import {
  TaskEngine,
  type JobAdapter,
  type JobRow,
  type Lifecycle,
} from '../../../src-main/core/jobs/lifecycle/task-engine.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';

/** A job of the kind a later issue adds (the video-logo cleaner): only what the lifecycle needs. */
type FakeRow = JobRow & { grp: string };
const KIND = 'fake' as JobKind;

/** The service a fake job is sent to: tasks answered when the test says, each submit counted. */
type Deferred = { promise: Promise<boolean>; resolve: (ok: boolean) => void };
function deferred(): Deferred {
  let resolve: (ok: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((done) => (resolve = done));
  return { promise, resolve };
}

class FakeService {
  submits = 0;
  private readonly answers = new Map<string, Deferred>();
  send(): string {
    this.submits += 1;
    return `task-${this.submits}`;
  }
  private answerOf(task: string): Deferred {
    let answer = this.answers.get(task);
    if (!answer) this.answers.set(task, (answer = deferred()));
    return answer;
  }
  /** Answers a task; a task answered again (after a retry) gives the new answer. */
  answer(task: string, ok: boolean): void {
    const waiting = this.answers.get(task);
    if (waiting) this.answers.delete(task);
    waiting?.resolve(ok);
    if (!waiting) this.answerOf(task).resolve(ok);
  }
  wait(task: string, signal: AbortSignal): Promise<boolean> {
    const { promise } = this.answerOf(task);
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
    );
    return Promise.race([promise, aborted]);
  }
}

/** The whole third kind: its rows, and its submit and check, in a few dozen lines. */
function fakeKind(service: FakeService) {
  return (life: Lifecycle): JobAdapter<FakeRow> => {
    const rows = (where: string, ...args: unknown[]) =>
      life.store.db.prepare(`SELECT * FROM fake_jobs WHERE ${where}`).all(...args) as FakeRow[];
    const follow = async (row: FakeRow, signal: AbortSignal) => {
      const task = row.remote_task_id ?? '';
      if (rows('id = ?', row.id)[0]?.state === 'submitted') life.move(row.id, 'processing');
      if (!(await service.wait(task, signal))) throw new Error('the service failed the task');
      life.move(row.id, 'downloading');
      life.move(row.id, 'done');
    };
    return {
      kind: KIND,
      row: (id) => rows('id = ?', id)[0],
      inFlight: () =>
        rows(`state NOT IN ('queued', 'done', 'failed', 'canceled', 'needs-attention')`),
      queued: () => rows(`state = 'queued' ORDER BY rowid`),
      anyQueued: () => rows(`state = 'queued'`).length > 0,
      group: (row) => row.grp,
      concurrency: () => 2,
      start: async (row, signal) => {
        life.move(row.id, 'preparing');
        life.move(row.id, 'submitting');
        const task = service.send();
        life.move(row.id, 'submitted', { remoteTaskId: task });
        await follow({ ...row, state: 'submitted', remote_task_id: task }, signal);
      },
      follow,
      unknownOutcome: () => ({ id: 'core.jobs.imageUnknownOutcome' }),
      canceledNote: () => 'Stopped waiting for the fake job.',
    };
  };
}

let dir: string;
let store: JobStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'third-kind-'));
  store = JobStore.open(path.join(dir, 'jobs.sqlite'));
  store.db
    .exec(`CREATE TABLE fake_jobs (id TEXT PRIMARY KEY, grp TEXT NOT NULL, state TEXT NOT NULL,
    remote_task_id TEXT, error_json TEXT, attempt INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL DEFAULT 0, submitted_at INTEGER)`);
  store.addJobTable(KIND, { table: 'fake_jobs', columns: {} });
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

function addJob(id: string, state: JobState = 'queued', task: string | null = null): void {
  store.db
    .prepare('INSERT INTO fake_jobs (id, grp, state, remote_task_id) VALUES (?, ?, ?, ?)')
    .run(id, 'g', state, task);
}
const stateOf = (id: string) =>
  (store.db.prepare('SELECT state FROM fake_jobs WHERE id = ?').get(id) as { state: string }).state;

describe('a third kind of job, added without touching the lifecycle', () => {
  it('is recovered after a restart: followed by its task id, requeued, or left for the user', async () => {
    const service = new FakeService();
    addJob('sent', 'processing', 'task-old');
    addJob('preparing', 'preparing');
    addJob('cut-off', 'submitting');
    const engine = new TaskEngine({ store }, fakeKind(service));
    engine.recover();
    service.answer('task-old', true);
    service.answer('task-1', true);
    await engine.whenIdle();
    expect([stateOf('sent'), stateOf('preparing'), stateOf('cut-off')]).toEqual([
      'done',
      'done',
      'needs-attention',
    ]);
    // Only the job that was never sent was sent: the others were not paid for twice.
    expect(service.submits).toBe(1);
  });

  it('is retried by its task id for free after the service failed it, and cancelled while it waits', async () => {
    const service = new FakeService();
    addJob('a');
    addJob('b');
    const engine = new TaskEngine({ store }, fakeKind(service));
    engine.wake();
    await expect.poll(() => [stateOf('a'), stateOf('b')]).toEqual(['processing', 'processing']);
    service.answer('task-1', false);
    await expect.poll(() => stateOf('a')).toBe('failed');
    expect(engine.cancel(['b', 'a', 'missing'])).toBe(1);
    await engine.whenIdle();
    expect(stateOf('b')).toBe('canceled');
    service.answer('task-1', true);
    expect(engine.retry(['a'])).toBe(1);
    await engine.whenIdle();
    expect(stateOf('a')).toBe('done');
    expect(service.submits).toBe(2);
    expect(store.events('b').at(-1)?.kind).toBe(KIND);
  });
});
