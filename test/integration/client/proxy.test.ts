import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { videoPhase, type VideoTask } from '../../../src-shared/api/video.ts';
import { download } from '../../../src-main/core/api/downloader.ts';
import { NetworkError } from '../../../src-main/core/api/errors.ts';
import {
  createTransport,
  type Transport,
  type TransportOptions,
} from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import {
  WatermarkClient,
  type WatermarkResult,
} from '../../../src-main/core/api/watermark-client.ts';
import { AppCore } from '../../../src-main/core/app/app-core.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { startConnectProxy, type ConnectProxy } from '../../support/connect-proxy.ts';
import { makePhoto } from '../../support/images.ts';
import { scaledClock } from '../../support/scaled-clock.ts';

const WATERMARK_KEY = 'proxy-test-watermark-key';
const VIDEO_KEY = 'proxy-test-video-key';
const NO_RETRY = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };
// Simulated time runs 100 times faster, so the video poll interval takes 50-100 ms.
const clock = scaledClock(100);
let sim: Simulator;
let proxy: ConnectProxy;
let outDir: string;
let variant = 0;
const opened: Transport[] = [];

function transportWith(options: TransportOptions): Transport {
  const transport = createTransport({ timeoutMs: 5000, ...options });
  opened.push(transport);
  return transport;
}

/** One image cleaned and one round made, each downloaded: every kind of request the clients send. */
async function cleanAndGenerate(transport: Transport): Promise<void> {
  const poller = new Poller({ clock });
  const watermark = new WatermarkClient({
    baseUrl: sim.watermarkBaseUrl,
    key: () => WATERMARK_KEY,
    transport,
  });
  variant += 1;
  const taskId = await watermark.submit({
    base64: (await makePhoto(32, 24, 'png', variant)).toString('base64'),
  });
  const result = await poller.track<WatermarkResult>({
    kind: 'watermark',
    check: async () => {
      const seen = await watermark.result(taskId);
      return seen.phase === 'in-progress' ? { done: false } : { done: true, value: seen };
    },
  });
  const image = await download(transport, {
    url: result.imageUrls[0] ?? '',
    targetDir: outDir,
    fileName: `${taskId}.png`,
  });
  expect((await readFile(image.path)).subarray(1, 4).toString()).toBe('PNG');

  const video = new VideoClient({ baseUrl: sim.videoBaseUrl, key: () => VIDEO_KEY, transport });
  const created = await video.generate({
    model: 'videomodel-2-5',
    content: [{ type: 'text', text: `A lighthouse at dusk, take ${variant}` }],
    duration: 4,
  });
  const done = await poller.track<VideoTask>({
    kind: 'video',
    check: async () => {
      const task = await video.get(created.id);
      return videoPhase(task.status) === 'in-progress'
        ? { done: false }
        : { done: true, value: task };
    },
  });
  const clip = await download(transport, {
    url: done.outputs?.[0] ?? '',
    targetDir: outDir,
    fileName: `${done.id}.mp4`,
  });
  expect((await readFile(clip.path)).subarray(4, 8).toString('latin1')).toBe('ftyp');
  await video.quota();
}

/** Requests the simulator logged since `before`, as the proxy records them. */
const loggedSince = (before: number) =>
  sim
    .requestLog()
    .slice(before)
    .map((entry) => `${entry.method} ${entry.path}`);

beforeAll(async () => {
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [
      { key: WATERMARK_KEY, credits: 1000 },
      { key: VIDEO_KEY, balanceUsd: 100 },
    ],
    watermark: { processingMs: 2000, jitter: 0.2 },
    video: { pendingMs: 1000, processingMs: 10_000, jitter: 0.2 },
  });
  outDir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-proxy-'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((transport) => transport.close()));
  await proxy.stop();
});

afterAll(async () => {
  await sim.stop();
  await rm(outDir, { recursive: true, force: true });
});

describe('the transport behind a proxy', () => {
  it('sends every request of both clients through HTTPS_PROXY / HTTP_PROXY, and the proxy carries exactly what the service saw', async () => {
    proxy = await startConnectProxy();
    const before = sim.requestLog().length;
    await cleanAndGenerate(
      transportWith({ env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url } }),
    );
    const seen = loggedSince(before);
    expect(seen.length).toBeGreaterThan(5);
    expect(proxy.carried).toEqual(seen);
    expect(proxy.tunnels.every((target) => target === new URL(sim.origin).host)).toBe(true);
  });

  it('reads the variables in lower case too', async () => {
    proxy = await startConnectProxy();
    const before = sim.requestLog().length;
    await cleanAndGenerate(transportWith({ env: { http_proxy: proxy.hostPort } }));
    expect(proxy.carried).toEqual(loggedSince(before));
    expect(proxy.carried.length).toBeGreaterThan(5);
  });

  it('goes directly to a host NO_PROXY names', async () => {
    proxy = await startConnectProxy();
    const before = sim.requestLog().length;
    await cleanAndGenerate(
      transportWith({ env: { HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' } }),
    );
    expect(loggedSince(before).length).toBeGreaterThan(5);
    expect(proxy.carried).toEqual([]);
    expect(proxy.tunnels).toEqual([]);
  });

  it("follows the system's proxy for each address when no variable is set", async () => {
    proxy = await startConnectProxy();
    const asked: string[] = [];
    const before = sim.requestLog().length;
    await cleanAndGenerate(
      transportWith({
        env: {},
        systemProxy: (url) => {
          asked.push(url);
          return Promise.resolve(`PROXY ${proxy.hostPort}; DIRECT`);
        },
      }),
    );
    expect(proxy.carried).toEqual(loggedSince(before));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.startsWith(sim.origin))).toBe(true);
  });

  it('lets the variables win over the system setting', async () => {
    proxy = await startConnectProxy();
    const systemProxy = await startConnectProxy();
    try {
      const before = sim.requestLog().length;
      await cleanAndGenerate(
        transportWith({
          env: { HTTP_PROXY: proxy.url },
          systemProxy: () => Promise.resolve(`PROXY ${systemProxy.hostPort}`),
        }),
      );
      expect(proxy.carried).toEqual(loggedSince(before));
      expect(systemProxy.tunnels).toEqual([]);
    } finally {
      await systemProxy.stop();
    }
  });

  it('never sends the built-in simulator through a proxy', async () => {
    proxy = await startConnectProxy();
    const before = sim.requestLog().length;
    await cleanAndGenerate(
      transportWith({
        env: { HTTP_PROXY: proxy.url },
        direct: (url) => url.origin === sim.origin,
      }),
    );
    expect(loggedSince(before).length).toBeGreaterThan(5);
    expect(proxy.tunnels).toEqual([]);
  });

  it('refuses a system setting of SOCKS only, in plain words, sending nothing', async () => {
    proxy = await startConnectProxy();
    const before = sim.requestLog().length;
    const transport = transportWith({
      env: {},
      systemProxy: () => Promise.resolve('SOCKS5 127.0.0.1:1080'),
    });
    const client = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => WATERMARK_KEY,
      transport,
      retry: NO_RETRY,
    });
    const error = await client.quota().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestSent).toBe(false);
    expect((error as NetworkError).userMessage).toMatch(
      /through a SOCKS proxy \(127\.0\.0\.1:1080\), which Clearframe cannot use.*HTTPS_PROXY/,
    );
    expect(loggedSince(before)).toEqual([]);
  });

  it('says the proxy wants a password when it answers 407, and passes with one in the address', async () => {
    proxy = await startConnectProxy({ requireAuth: { user: 'ana', password: 's3cret' } });
    const before = sim.requestLog().length;
    const refused = new WatermarkClient({
      baseUrl: sim.watermarkBaseUrl,
      key: () => WATERMARK_KEY,
      transport: transportWith({ env: { HTTP_PROXY: proxy.url } }),
      retry: NO_RETRY,
    });
    const error = await refused.quota().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestSent).toBe(false);
    expect((error as NetworkError).userMessage).toMatch(/asks for a user name and password/);
    expect(loggedSince(before)).toEqual([]);

    const withPassword = `http://ana:s3cret@${proxy.hostPort}`;
    await cleanAndGenerate(transportWith({ env: { HTTP_PROXY: withPassword } }));
    expect(proxy.carried).toEqual(loggedSince(before));
  });

  it("in the app, asks the system for the service's address and goes through the proxy it names", async () => {
    proxy = await startConnectProxy();
    const asked: string[] = [];
    const core = await AppCore.start({
      dataDir: await mkdtemp(path.join(outDir, 'app-')),
      app: { name: 'Clearframe', version: '0.0.0-test', platform: 'linux' },
      previewBase: 'clearframe-preview://local/',
      secrets: new KeychainStore('Clearframe-proxy-test'),
      env: {
        CLEARFRAME_WATERMARK_KEY: WATERMARK_KEY,
        CLEARFRAME_VIDEO_KEY: VIDEO_KEY,
        CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
        CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl,
      },
      systemProxy: (url) => {
        asked.push(url);
        return Promise.resolve(`PROXY ${proxy.hostPort}`);
      },
      demo: undefined,
    });
    try {
      const before = sim.requestLog().length;
      const quota = await core.handlers['account:quota'](undefined);
      expect(quota.services.length).toBe(2);
      expect(proxy.carried.length).toBeGreaterThan(0);
      expect(proxy.carried).toEqual(loggedSince(before));
      expect(asked.some((url) => url.startsWith(sim.watermarkBaseUrl))).toBe(true);
    } finally {
      await core.stop();
    }
  });

  it('on the command line, follows HTTPS_PROXY / HTTP_PROXY from its environment', async () => {
    proxy = await startConnectProxy();
    const data = await mkdtemp(path.join(outDir, 'data-'));
    const before = sim.requestLog().length;
    const run = await runCli(['balance', '--data-dir', data], {
      env: {
        CLEARFRAME_WATERMARK_KEY: WATERMARK_KEY,
        CLEARFRAME_VIDEO_KEY: VIDEO_KEY,
        CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
        CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl,
        HTTPS_PROXY: proxy.url,
        HTTP_PROXY: proxy.url,
        NO_PROXY: '',
        no_proxy: '',
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/video: \d+\.\d\d USD balance/);
    expect(proxy.carried.length).toBeGreaterThan(0);
    expect(proxy.carried).toEqual(loggedSince(before));
  });
});
