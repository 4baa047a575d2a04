import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import type { JobState } from '../../../src-shared/domain/job-states.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import { MIGRATIONS } from '../../../src-main/core/jobs/store/schema.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import type { TransitionPatch } from '../../../src-main/core/jobs/store/job-tables.ts';
import { RoundRequestError, VideoEngine } from '../../../src-main/core/jobs/video/video-engine.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { scaledClock } from '../../support/scaled-clock.ts';

const KEY = 'video-spending-key';
const MODEL = 'videomodel-2-5';
const clock = scaledClock(200);
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let take = 0;

function request(duration = 10): VideoGenerateRequest {
  take += 1;
  return {
    model: MODEL,
    content: [{ type: 'text', text: `Harbour lights, take ${take}` }],
    duration,
  };
}

function client(): VideoClient {
  return new VideoClient({
    baseUrl: sim.videoBaseUrl,
    key: () => KEY,
    transport,
    retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
  });
}

function engine(store: JobStore): VideoEngine {
  return new VideoEngine({
    store,
    client: client(),
    transport,
    poller: new Poller({ clock }),
    settings: () => settings,
    defaultOutputDir: path.join(dir, 'videos'),
  });
}

function openStore(): JobStore {
  return JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const generates = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-spending-'));
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [{ key: KEY, balanceUsd: 200 }],
    video: { pendingMs: 3000, processingMs: 30_000, jitter: 0.2 },
    faults: { retryAfterSeconds: 0 },
  });
  transport = createTransport({ timeoutMs: 5000 });
  settings = { ...DEFAULT_SETTINGS, concurrency: { watermark: 4, video: 3 } };
});

afterEach(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('video spending counts every round the service may have billed', () => {
  it('counts rounds that failed or were canceled after sending, keeps earlier attempts, and leaves out unsent and demo rounds', () => {
    const store = openStore();
    const rounds = new VideoRounds(store);
    const shot = rounds.addShot(rounds.createProject('Ledger'));
    let task = 0;
    const round = (cents: number, ...steps: Array<[JobState, TransitionPatch?]>) => {
      const id = rounds.addRound(shot, request(), cents);
      for (const [to, patch] of steps) {
        store.transition('video', id, to, patch);
      }
      return id;
    };
    const sent = (demo = false): Array<[JobState, TransitionPatch?]> => [
      ['preparing'],
      ['submitting', { demo }],
      ['submitted', { remoteTaskId: `task-${(task += 1)}` }],
      ['processing'],
    ];
    round(110, ...sent(), ['downloading'], ['done', { chargedCents: 120 }]);
    const lostDownload = round(220, ...sent(), ['failed', { error: { code: 'x', message: 'y' } }]);
    round(330, ...sent(), ['canceled']);
    round(440, ['preparing'], ['submitting'], ['needs-attention']);
    round(550, ...sent(), ['failed', { chargedCents: 0 }]);
    round(660, ['preparing'], ['failed']);
    round(770);
    round(880, ...sent(true), ['downloading'], ['done', { chargedCents: 880 }]);
    round(990, ['preparing'], ['submitting', { demo: true }], ['needs-attention']);

    // done 120 (its charge) + failed after sending 220 + canceled after sending 330.
    expect(rounds.spending()).toEqual({ spentCents: 670, inFlightCents: 440 });

    // A retry starts a new attempt; what the last one may have cost stays counted.
    store.transition('video', lostDownload, 'queued', { detail: { retry: true } });
    expect(rounds.spending()).toEqual({ spentCents: 670, inFlightCents: 440 });
    for (const [to, patch] of sent()) store.transition('video', lostDownload, to, patch);
    expect(rounds.spending()).toEqual({ spentCents: 670, inFlightCents: 660 });
    store.transition('video', lostDownload, 'downloading');
    store.transition('video', lostDownload, 'done', { chargedCents: 200 });
    expect(rounds.spending()).toEqual({ spentCents: 870, inFlightCents: 440 });
    store.close();
  });

  it('refuses a round over the cap when a round canceled after sending already took the room', async () => {
    settings = { ...settings, budgetCapUsd: 3 };
    const store = openStore();
    const run = engine(store);
    const shot = run.rounds.addShot(run.rounds.createProject('Cap'));
    const first = run.addRound(shot, request()).roundId;
    await until(() => run.rounds.round(first)?.state === 'processing');
    run.cancel([first]);
    await run.whenIdle();
    expect(run.rounds.round(first)?.state).toBe('canceled');

    const second = run.addRound(shot, request()).roundId;
    await run.whenIdle();
    expect(JSON.parse(run.rounds.round(second)?.error_json ?? '{}')).toMatchObject({
      code: 'SpendingRefusedError',
      message: expect.stringMatching(
        /would take video spending to 4\.40 USD, over your budget cap of 3\.00 USD: 2\.20 USD spent/,
      ),
    });
    expect(generates()).toHaveLength(1);
    store.close();
  });
});

describe('a task attached from the service list', () => {
  it('a database from before this change marks the rounds it attached as having no known prompt', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = new Database(file);
    old.exec(MIGRATIONS[0] ?? '');
    old.pragma('user_version = 1');
    old.exec(`
      INSERT INTO video_projects (id, name, created_at) VALUES ('p', 'Old', 0);
      INSERT INTO video_shots (id, project_id, position) VALUES ('s', 'p', 1);
      INSERT INTO video_rounds (id, shot_id, position, request_json, estimate_cents, state, remote_task_id, created_at, updated_at)
        VALUES ('attached', 's', 1, '{}', 0, 'submitted', 't1', 0, 0),
               ('written', 's', 2, '{}', 220, 'submitted', 't2', 0, 0);
      INSERT INTO job_events (job_id, kind, seq, state, at, detail_json)
        VALUES ('attached', 'video', 1, 'submitted', 0, '{"attached":true}'),
               ('written', 'video', 1, 'submitted', 0, NULL);
    `);
    old.close();
    const store = JobStore.open(file);
    const rounds = new VideoRounds(store);
    expect(rounds.round('attached')).toMatchObject({ prompt_unknown: 1, demo: 0 });
    expect(rounds.round('written')).toMatchObject({ prompt_unknown: 0, earlier_billed_cents: 0 });
    store.close();
  });

  it('is stored with what the task tells, estimated at the tier price, and never sent again for its stand-in prompt', async () => {
    const store = openStore();
    const run = engine(store);
    const shot = run.rounds.addShot(run.rounds.createProject('Attached'));
    const elsewhere = await client().generate(request(8));

    // A finished task tells its length: the estimate follows it.
    const told = run.attach(shot, { id: elsewhere.id, model: MODEL, duration: 8 });
    const toldRow = run.rounds.round(told);
    expect(toldRow).toMatchObject({ estimate_cents: 176, prompt_unknown: 1 });
    expect(JSON.parse(toldRow?.request_json ?? '{}')).toMatchObject({ model: MODEL, duration: 8 });
    await run.whenIdle();
    expect(run.rounds.round(told)?.state).toBe('done');
    // Its sidecar names the task, and no prompt: the stand-in is not what the task was made of.
    const { sidecar } = JSON.parse(run.rounds.round(told)?.outputs_json ?? '{}') as {
      sidecar: string;
    };
    const facts = JSON.parse(await readFile(sidecar, 'utf8')) as Record<string, unknown>;
    expect(facts).toMatchObject({ taskId: elsewhere.id });
    expect(facts).not.toHaveProperty('prompt');

    // A task still running tells no length: the cap sees the longest a round can be, not 0.
    const running = await client().generate(request(5));
    const untold = run.attach(shot, { id: running.id, model: MODEL });
    expect(run.rounds.round(untold)?.estimate_cents).toBe(660);
    expect(run.rounds.spending().inFlightCents).toBe(660);
    run.cancel([untold]);
    await run.whenIdle();
    expect(run.rounds.round(untold)?.state).toBe('canceled');

    const sentBefore = generates().length;
    expect(() => run.sendAgain([untold])).toThrow(RoundRequestError);
    expect(() => run.sendAgain([untold])).toThrow(/prompt is not known.*Write the prompt/);
    expect(() => run.duplicate(told)).toThrow(/prompt is not known/);
    expect(run.rounds.round(untold)?.state).toBe('canceled');
    // Retry of a round that holds a task id asks the service again, which is free.
    expect(run.retry([untold])).toBe(1);
    await run.whenIdle();
    expect(generates()).toHaveLength(sentBefore);
    store.close();
  });
});
