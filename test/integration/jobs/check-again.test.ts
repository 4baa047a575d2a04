import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, videoPhase } from '../../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoEngine } from '../../../src-main/core/jobs/video/video-engine.ts';
import { WatermarkEngine } from '../../../src-main/core/jobs/watermark/watermark-engine.ts';
import type { FaultKind } from '../../../src-main/simulator/faults.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { scaledClock } from '../../support/scaled-clock.ts';

const KEY = 'check-again-key';
// Simulated time runs 100 times faster: the 5-10 s video poll interval takes 50-100 ms.
const clock = scaledClock(100);
/** The local wait for a task, in simulated time: far shorter than the app's, to keep tests short. */
const DEADLINE_MS = 60_000;
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let store: JobStore;
let photo = 0;

const watermarkClient = () =>
  new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => KEY, transport });
const videoClient = () => new VideoClient({ baseUrl: sim.videoBaseUrl, key: () => KEY, transport });
const poller = () =>
  new Poller({ clock, deadlines: { watermark: DEADLINE_MS, video: DEADLINE_MS } });

function watermarkEngine(): WatermarkEngine {
  return new WatermarkEngine({
    store,
    client: watermarkClient(),
    transport,
    poller: poller(),
    settings: () => settings,
  });
}

function videoEngine(): VideoEngine {
  return new VideoEngine({
    store,
    client: videoClient(),
    transport,
    poller: poller(),
    settings: () => settings,
    defaultOutputDir: path.join(dir, 'videos'),
  });
}

const paid = (suffix: string) =>
  sim.requestLog().filter((entry) => entry.method === 'POST' && entry.path.endsWith(suffix)).length;

async function addImage(run: WatermarkEngine): Promise<string> {
  const folder = path.join(dir, 'photos');
  await mkdir(folder, { recursive: true });
  photo += 1;
  const file = path.join(folder, `photo-${photo}.png`);
  await writeFile(file, await makePhoto(24, 16, 'png', photo));
  const [id] = run.add([{ inputPath: file }]);
  return id as string;
}

function addRound(run: VideoEngine): string {
  photo += 1;
  const shot = run.rounds.addShot(run.rounds.createProject('Check'), 'one');
  return run.addRound(shot, {
    model: 'videomodel-2-5',
    content: [{ type: 'text', text: `A quay at night, take ${photo}` }],
    duration: 4,
    return_last_frame: true,
  }).roundId;
}

const errorOf = (json: string | null | undefined) =>
  (JSON.parse(json ?? '{}') as { message?: string }).message ?? '';

/** Waits, on the service's own word, until a task has finished there. */
async function untilFinished(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-check-again-'));
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [{ key: KEY, credits: 1000, balanceUsd: 500 }],
    watermark: { processingMs: 2000, jitter: 0.2 },
    video: { pendingMs: 2000, processingMs: 10_000, jitter: 0.2 },
    faults: { retryAfterSeconds: 0, overrunMs: 2 * DEADLINE_MS },
  });
  transport = createTransport({ timeoutMs: 5000 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
  store = JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
});

afterEach(async () => {
  store.close();
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a watermark job whose task id is known', () => {
  it.each<FaultKind>(['link-403', 'link-404', 'link-expired', 'redirect'])(
    'gets past a first result link that meets %s by asking again for a fresh one, paying once',
    async (fault) => {
      sim.setFaults({ rates: { [fault]: 1 } });
      const run = watermarkEngine();
      const id = await addImage(run);
      await run.whenIdle();
      expect(store.getWatermarkJob(id)).toMatchObject({ state: 'done', attempt: 1 });
      expect(paid(WATERMARK_PATHS.submit)).toBe(1);
    },
  );

  it('keeps asking through a status word it does not know, and finishes', async () => {
    sim.setFaults({ rates: { 'unknown-status': 1 }, overrunMs: DEADLINE_MS / 4 });
    const run = watermarkEngine();
    const id = await addImage(run);
    await run.whenIdle();
    expect(store.getWatermarkJob(id)?.state).toBe('done');
    expect(paid(WATERMARK_PATHS.submit)).toBe(1);
  });

  it.each<[FaultKind, RegExp]>([
    ['overrun', /stopped waiting: the task did not finish within 1 minutes.*Check again/],
    ['unknown-status', /status Clearframe does not know \("finalizing"\).*Check again/],
  ])(
    'after %s past the local deadline, keeps its task id: Retry checks again for free, Send again pays',
    async (fault, message) => {
      sim.setFaults({ rates: { [fault]: 1 } });
      const run = watermarkEngine();
      const id = await addImage(run);
      await run.whenIdle();
      const failed = store.getWatermarkJob(id);
      expect(failed).toMatchObject({ state: 'failed', attempt: 1 });
      expect(failed?.remote_task_id).toBeTruthy();
      expect(errorOf(failed?.error_json)).toMatch(message);
      expect(errorOf(failed?.error_json)).not.toMatch(/retry the job/i);

      const client = watermarkClient();
      await untilFinished(
        async () => (await client.result(failed?.remote_task_id ?? '')).phase === 'succeeded',
      );
      expect(run.retry([id])).toBe(1);
      await run.whenIdle();
      expect(store.getWatermarkJob(id)).toMatchObject({
        state: 'done',
        attempt: 1,
        remote_task_id: failed?.remote_task_id,
      });
      expect(paid(WATERMARK_PATHS.submit)).toBe(1);

      sim.setFaults({ rates: {} });
      expect(run.sendAgain([id])).toBe(0);
    },
  );

  it('Send again forgets the task id and pays for a new attempt, only when asked', async () => {
    sim.setFaults({ rates: { 'result-404': 1 } });
    const run = watermarkEngine();
    const id = await addImage(run);
    await run.whenIdle();
    const failed = store.getWatermarkJob(id);
    expect(failed?.state).toBe('failed');
    expect(errorOf(failed?.error_json)).toMatch(/no longer on the server.*Check again.*free/);
    run.retry([id]);
    await run.whenIdle();
    expect(store.getWatermarkJob(id)?.state).toBe('failed');
    expect(paid(WATERMARK_PATHS.submit)).toBe(1);

    sim.setFaults({ rates: {} });
    expect(run.sendAgain([id])).toBe(1);
    await run.whenIdle();
    const again = store.getWatermarkJob(id);
    expect(again).toMatchObject({ state: 'done', attempt: 2 });
    expect(again?.remote_task_id).not.toBe(failed?.remote_task_id);
    expect(paid(WATERMARK_PATHS.submit)).toBe(2);
  });

  it.each<[FaultKind, RegExp]>([
    ['redirect-loop', /redirected more than 5 times/],
    ['redirect-insecure', /plain http to results\.example\.invalid is not fetched, only https/],
  ])('gives up on a link that meets %s with a message, keeping the task id', async (fault, why) => {
    sim.setFaults({ rates: { [fault]: 1 } });
    const run = watermarkEngine();
    const id = await addImage(run);
    await run.whenIdle();
    const failed = store.getWatermarkJob(id);
    expect(failed?.state).toBe('failed');
    expect(failed?.remote_task_id).toBeTruthy();
    expect(errorOf(failed?.error_json)).toMatch(why);
    expect(errorOf(failed?.error_json)).toMatch(/Check again/);
  });
});

describe('a video round whose task id is known', () => {
  it.each<FaultKind>(['link-403', 'link-expired', 'redirect'])(
    'gets past a first clip link that meets %s by asking again, paying once',
    async (fault) => {
      sim.setFaults({ rates: { [fault]: 1 } });
      const run = videoEngine();
      const id = addRound(run);
      await run.whenIdle();
      expect(run.rounds.round(id)).toMatchObject({ state: 'done', attempt: 1 });
      expect(paid(VIDEO_PATHS.generate)).toBe(1);
    },
  );

  it('after a status word it does not know past the deadline, Retry checks again and pays nothing', async () => {
    sim.setFaults({ rates: { 'unknown-status': 1 } });
    const run = videoEngine();
    const id = addRound(run);
    await run.whenIdle();
    const failed = run.rounds.round(id);
    expect(failed?.state).toBe('failed');
    expect(errorOf(failed?.error_json)).toMatch(/"finalizing".*Check again/);

    const client = videoClient();
    await untilFinished(
      async () =>
        videoPhase((await client.get(failed?.remote_task_id ?? '')).status) === 'succeeded',
    );
    run.retry([id]);
    await run.whenIdle();
    expect(run.rounds.round(id)).toMatchObject({ state: 'done', attempt: 1 });
    expect(paid(VIDEO_PATHS.generate)).toBe(1);
  });

  it('Send again forgets the task id and pays for the round again', async () => {
    sim.setFaults({ rates: { 'result-404': 1 } });
    const run = videoEngine();
    const id = addRound(run);
    await run.whenIdle();
    expect(run.rounds.round(id)?.state).toBe('failed');
    sim.setFaults({ rates: {} });
    expect(run.sendAgain([id])).toBe(1);
    await run.whenIdle();
    expect(run.rounds.round(id)).toMatchObject({ state: 'done', attempt: 2 });
    expect(paid(VIDEO_PATHS.generate)).toBe(2);
  });
});
