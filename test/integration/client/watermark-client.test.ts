import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src-main/core/api/downloader.ts';
import {
  AbortedError,
  AuthenticationError,
  DownloadError,
  InsufficientFundsError,
  NetworkError,
  ParameterError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
} from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import {
  WatermarkClient,
  type WatermarkResult,
} from '../../../src-main/core/api/watermark-client.ts';
import type { FaultConfig } from '../../../src-main/simulator/faults.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';

const KEY = 'client-test-key';
const FAST_RETRY = { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 };
let sim: Simulator;
let transport: Transport;
let client: WatermarkClient;
let poller: Poller;
let outDir: string;
let variant = 0;

async function freshImage(): Promise<{ base64: string }> {
  variant += 1;
  return { base64: (await makePhoto(32, 24, 'png', variant)).toString('base64') };
}

async function waitForResult(taskId: string, deadlineMs?: number): Promise<WatermarkResult> {
  return poller.track<WatermarkResult>({
    kind: 'watermark',
    ...(deadlineMs ? { deadlineMs } : {}),
    check: async () => {
      const result = await client.result(taskId);
      return result.phase === 'in-progress' ? { done: false } : { done: true, value: result };
    },
  });
}

async function runJob(): Promise<string> {
  const taskId = await client.submit(await freshImage());
  const result = await waitForResult(taskId);
  if (result.phase !== 'succeeded') throw new Error(`task ${result.status}: ${result.errorText}`);
  const saved = await download(transport, {
    url: result.imageUrls[0] ?? '',
    targetDir: outDir,
    fileName: `${taskId}.png`,
  });
  return saved.path;
}

function setFaults(config: Partial<FaultConfig>): void {
  sim.setFaults({ seed: 7, latencyMs: 0, ...config, rates: { ...config.rates } });
}

beforeAll(async () => {
  sim = await startSimulator({
    accounts: [
      { key: KEY, credits: 100_000 },
      { key: 'empty-key', credits: 0 },
    ],
    watermark: { processingMs: 150, jitter: 0.2 },
    faults: { retryAfterSeconds: 0 },
  });
  transport = createTransport({ timeoutMs: 5000 });
  client = new WatermarkClient({
    baseUrl: sim.watermarkBaseUrl,
    key: () => KEY,
    transport,
    retry: FAST_RETRY,
  });
  poller = new Poller();
  outDir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-client-'));
});

afterEach(() => {
  setFaults({ rates: {} });
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await transport.close();
  await sim.stop();
  await rm(outDir, { recursive: true, force: true });
});

describe('watermark client: the whole path', () => {
  it('submits, polls and downloads a real result', async () => {
    const file = await runJob();
    expect((await readFile(file)).subarray(1, 4).toString()).toBe('PNG');
    expect((await readdir(outDir)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('reads the credits', async () => {
    const quota = await client.quota();
    expect(quota.limit).toBe(100_000);
    expect(quota.remaining).toBe(quota.limit - quota.usage);
  });
});

describe('watermark client: refusals end in the right class, never retried', () => {
  it('a bad request is refused locally, before anything is sent or paid', async () => {
    const before = sim.requestLog().length;
    await expect(client.submit({ base64: 'data:image/png;base64,AAAA' })).rejects.toBeInstanceOf(
      ParameterError,
    );
    expect(sim.requestLog().length).toBe(before);
  });

  it('1000 from the service is a ParameterError with its message', async () => {
    const error = await client
      .submit({ base64: Buffer.from('not an image').toString('base64') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParameterError);
    expect((error as ParameterError).code).toBe(1000);
    expect((error as ParameterError).userMessage).toMatch(/could not be decoded/);
  });

  it('1002 is an AuthenticationError, 1003 an InsufficientFundsError', async () => {
    const stranger = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => 'nobody',
      transport,
      retry: FAST_RETRY,
    });
    await expect(stranger.submit(await freshImage())).rejects.toBeInstanceOf(AuthenticationError);
    const broke = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => 'empty-key',
      transport,
      retry: FAST_RETRY,
    });
    const error = await broke.submit(await freshImage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((error as InsufficientFundsError).userMessage).toMatch(/credits/);
  });

  it('an aborted call is an AbortedError', async () => {
    const controller = new AbortController();
    setFaults({ latencyMs: 500 });
    const pending = client.quota({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });

  it('no answer in time is a TimeoutError', async () => {
    const impatient = createTransport({ timeoutMs: 100 });
    const slow = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => KEY,
      transport: impatient,
      retry: { ...FAST_RETRY, maxAttempts: 1 },
    });
    setFaults({ latencyMs: 400 });
    await expect(slow.quota()).rejects.toBeInstanceOf(TimeoutError);
    await impatient.close();
  });
});

describe('watermark client: every fault is survived or ends in the right error', () => {
  it('5xx and 11xx: polls survive them; a submit is not repeated and ends as ServerError', async () => {
    for (const kind of ['server-error', 'service-error'] as const) {
      setFaults({ rates: { [kind]: 1 } });
      await expect(client.submit(await freshImage())).rejects.toBeInstanceOf(ServerError);
      setFaults({ rates: {} });
      const taskId = await client.submit(await freshImage());
      setFaults({ rates: { [kind]: 0.5 } });
      expect((await waitForResult(taskId)).phase).toBe('succeeded');
    }
  });

  it('429: submits and polls wait and go again', async () => {
    setFaults({ rates: { 'rate-limit': 0.5 } });
    const files = await Promise.all(Array.from({ length: 6 }, () => runJob()));
    expect(files).toHaveLength(6);
    expect(sim.requestLog().some((entry) => entry.status === 429)).toBe(true);
  });

  it('a reset after the submit was carried out is a NetworkError, not repeated', async () => {
    setFaults({ rates: { reset: 1 } });
    const error = await client.submit(await freshImage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestSent).toBe(true);
  });

  it('resets and malformed JSON on polls are retried', async () => {
    const taskId = await client.submit(await freshImage());
    setFaults({ rates: { reset: 0.3, 'malformed-json': 0.3 } });
    expect((await waitForResult(taskId)).phase).toBe('succeeded');
  });

  it('malformed JSON after a submit is an UnexpectedResponseError, not repeated', async () => {
    setFaults({ rates: { 'malformed-json': 1 } });
    await expect(client.submit(await freshImage())).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('a refused connection is retried, because the request never left', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const patient = { maxAttempts: 8, baseDelayMs: 100, maxDelayMs: 200, maxRetryAfterMs: 50 };
    const lateClient = new WatermarkClient({
      baseUrl: `http://127.0.0.1:${port}/watermark`,
      key: () => KEY,
      transport,
      retry: patient,
    });
    const late = startSimulatorLater(port, 250);
    const taskId = await lateClient.submit(await freshImage());
    const lateSim = await late;
    expect(taskId).toMatch(/^wm_/);
    expect(
      lateSim.requestLog().filter((entry) => entry.path.endsWith('submit_watermark_removal')),
    ).toHaveLength(1);
    await lateSim.stop();
    const never = new WatermarkClient({
      baseUrl: `http://127.0.0.1:${port}/watermark`,
      key: () => KEY,
      transport,
      retry: FAST_RETRY,
    });
    const error = await never.submit(await freshImage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestSent).toBe(false);
  });

  it('a task that never finishes ends at its deadline with a TimeoutError', async () => {
    setFaults({ rates: { 'never-finish': 1 } });
    const taskId = await client.submit(await freshImage());
    await expect(waitForResult(taskId, 800)).rejects.toBeInstanceOf(TimeoutError);
  });

  it('a task that fails late reports failed or timeout with the reason', async () => {
    setFaults({ rates: { 'fail-late': 1 } });
    const result = await waitForResult(await client.submit(await freshImage()));
    expect(result.phase).toBe('failed');
    expect(['failed', 'timeout']).toContain(result.status);
    expect(result.errorText).toMatch(/\w/);
  });

  it('a result that answers 404 or has expired is a DownloadError, and leaves no file', async () => {
    for (const [kind, status] of [
      ['result-404', 404],
      ['result-expired', 403],
    ] as const) {
      setFaults({ rates: { [kind]: 1 } });
      const error = await runJob().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
      expect((error as DownloadError).status).toBe(status);
    }
    expect((await readdir(outDir)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('a download cut short is resumed to a complete file', async () => {
    setFaults({ rates: { 'download-cut': 1 } });
    const file = await runJob();
    const bytes = await readFile(file);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.subarray(-8, -4).toString()).toBe('IEND');
  });

  it('all faults at once at 10 %: every job ends done or in a named error, nothing paid twice', async () => {
    setFaults({
      rates: {
        'server-error': 0.1,
        'service-error': 0.1,
        'rate-limit': 0.1,
        reset: 0.1,
        'malformed-json': 0.1,
        'fail-late': 0.1,
        'result-404': 0.1,
        'result-expired': 0.1,
        'download-cut': 0.1,
      },
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => runJob()));
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        const reason: unknown = outcome.reason;
        expect(
          reason instanceof Error &&
            ('userMessage' in reason || /task (failed|timeout)/.test(reason.message)),
        ).toBe(true);
      }
    }
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
  });
});

async function startSimulatorLater(port: number, delayMs: number): Promise<Simulator> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return startSimulator({ port, accounts: [{ key: KEY }] });
}
