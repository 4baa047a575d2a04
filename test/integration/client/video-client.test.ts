import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoTask } from '../../../src-shared/api/video.ts';
import { videoPhase } from '../../../src-shared/api/video.ts';
import { download } from '../../../src-main/core/api/downloader.ts';
import {
  AuthenticationError,
  InsufficientFundsError,
  NetworkError,
  ParameterError,
  RateLimitedError,
} from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { scaledClock } from '../../support/scaled-clock.ts';

const KEY = 'video-client-key';
const MODEL = 'videomodel-2-5';
const FAST_RETRY = { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 };
// Simulated time runs 100 times faster, so the 5-10 s poll interval takes 50-100 ms.
const clock = scaledClock(100);
let sim: Simulator;
let transport: Transport;
let client: VideoClient;
let poller: Poller;
let outDir: string;
let prompt = 0;

const text = () => ({
  type: 'text' as const,
  text: `A paper boat on a river, take ${(prompt += 1)}`,
});

function waitForTask(id: string, checks?: number[]): Promise<VideoTask> {
  return poller.track<VideoTask>({
    kind: 'video',
    check: async () => {
      checks?.push(clock.now());
      const task = await client.get(id);
      return videoPhase(task.status) === 'in-progress'
        ? { done: false }
        : { done: true, value: task };
    },
  });
}

beforeAll(async () => {
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [
      { key: KEY, balanceUsd: 500 },
      { key: 'poor-video-key', balanceUsd: 0.5 },
    ],
    video: { pendingMs: 3000, processingMs: 30_000, jitter: 0.2 },
    faults: { retryAfterSeconds: 0 },
  });
  transport = createTransport({ timeoutMs: 5000 });
  client = new VideoClient({
    baseUrl: sim.videoBaseUrl,
    key: () => KEY,
    transport,
    retry: FAST_RETRY,
  });
  poller = new Poller({ clock });
  outDir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-'));
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await transport.close();
  await sim.stop();
  await rm(outDir, { recursive: true, force: true });
});

describe('video client', () => {
  it('generates, polls every 5 to 10 s, downloads the output and the last frame', async () => {
    const created = await client.generate({
      model: MODEL,
      content: [text()],
      duration: 5,
      return_last_frame: true,
    });
    expect(created.status).toBe('pending');
    const checks: number[] = [];
    const done = await waitForTask(created.id, checks);
    expect(done.status).toBe('completed');
    const gaps = checks.slice(1).map((at, i) => at - (checks[i] as number));
    expect(gaps.length).toBeGreaterThan(1);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(4900);
      expect(gap).toBeLessThanOrEqual(11_500);
    }
    const video = await download(transport, {
      url: done.outputs?.[0] ?? '',
      targetDir: outDir,
      fileName: `${done.id}.mp4`,
    });
    expect((await readFile(video.path)).subarray(4, 8).toString('latin1')).toBe('ftyp');
    const frame = await download(transport, {
      url: done.last_frame_url ?? '',
      targetDir: outDir,
      fileName: `${done.id}.png`,
    });
    expect((await readFile(frame.path)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('finds tasks in the list by id and by status, and reads the balance', async () => {
    const task = await client.generate({ model: MODEL, content: [text()], duration: 4 });
    const byId = await client.list({ taskIds: [task.id] });
    expect(byId.tasks.map((t) => t.id)).toEqual([task.id]);
    // A running task may move on between two reads on a busy machine: a finished one cannot.
    const done = await waitForTask(task.id);
    const inItsStatus = await client.list({ status: done.status, pageSize: 500 });
    expect(inItsStatus.tasks.some((t) => t.id === task.id)).toBe(true);
    const pending = await client.list({ status: 'pending', pageSize: 500 });
    expect(pending.tasks.some((t) => t.id === task.id)).toBe(false);
    const quota = await client.quota();
    expect(quota.balance_usd).toBeLessThan(500);
  });

  it('a failed task ends as failed with the service error', async () => {
    sim.setFaults({ rates: { 'fail-late': 1 } });
    try {
      const task = await client.generate({ model: MODEL, content: [text()], duration: 4 });
      const done = await waitForTask(task.id);
      expect(done.status).toBe('failed');
      expect(done.error?.code).toBe('OutputVideoSensitiveContentDetected');
    } finally {
      sim.setFaults({ rates: {} });
    }
  });

  it('checks every rule locally: a bad round is refused before it is sent', async () => {
    const before = sim.requestLog().length;
    const error = await client
      .generate({ model: MODEL, content: [{ type: 'text', text: 'Use @image3' }], duration: 31 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect((error as ParameterError).message).toMatch(/@image3|duration/);
    expect(sim.requestLog().length).toBe(before);
  });

  it('maps 401, 403 and 400 from the service to their classes', async () => {
    const stranger = new VideoClient({
      baseUrl: sim.videoBaseUrl,
      key: () => 'nobody',
      transport,
      retry: FAST_RETRY,
    });
    await expect(stranger.generate({ model: MODEL, content: [text()] })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    const poor = new VideoClient({
      baseUrl: sim.videoBaseUrl,
      key: () => 'poor-video-key',
      transport,
      retry: FAST_RETRY,
    });
    const funds = await poor
      .generate({ model: MODEL, content: [text()], duration: 4 })
      .catch((e: unknown) => e);
    expect(funds).toBeInstanceOf(InsufficientFundsError);
    expect((funds as InsufficientFundsError).userMessage).toMatch(/balance/);
    const unknownModel = await client
      .generate({ model: 'videomodel-9', content: [text()] })
      .catch((e: unknown) => e);
    expect(unknownModel).toBeInstanceOf(ParameterError);
    expect((unknownModel as ParameterError).code).toBe('ModelNotEnabled');
  });

  it('a generate that meets 429 every time gives up with RateLimitedError; a reset is not repeated', async () => {
    sim.setFaults({ rates: { 'rate-limit': 1 } });
    await expect(client.generate({ model: MODEL, content: [text()] })).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    sim.setFaults({ rates: { reset: 1 } });
    await expect(client.generate({ model: MODEL, content: [text()] })).rejects.toBeInstanceOf(
      NetworkError,
    );
    sim.setFaults({ rates: {} });
  });

  it('polls survive 5xx, resets and malformed answers', async () => {
    const task = await client.generate({ model: MODEL, content: [text()], duration: 4 });
    sim.setFaults({
      rates: { 'server-error': 0.3, reset: 0.2, 'malformed-json': 0.2, 'service-error': 0.2 },
    });
    try {
      expect((await waitForTask(task.id)).status).toBe('completed');
    } finally {
      sim.setFaults({ rates: {} });
    }
  });
});
