import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { download } from '../../src-main/core/api/downloader.ts';
import { createTransport, type Transport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient, type WatermarkResult } from '../../src-main/core/api/watermark-client.ts';
import { startSimulator, type Simulator } from '../../src-main/simulator/server.ts';
import { makePhoto } from '../support/images.ts';
import type { Benchmark } from './harness.ts';

const TASKS = 200;
const CONCURRENCY = 8;
const PROCESSING_MS = 1000;
const JITTER = 0.2;
const LOWER_BOUND_MS = Math.ceil(TASKS / CONCURRENCY) * PROCESSING_MS;
const NAIVE_INTERVAL_MS = 2000;
const KEY = 'bench-key';

type WaitFor = (client: WatermarkClient, taskId: string) => Promise<WatermarkResult>;

interface BatchRun {
  wallMs: number;
  pollsPerTask: number;
}

/** Eight workers take images off one queue: submit, wait, download. */
async function runBatch(images: string[], waitFor: WaitFor): Promise<BatchRun> {
  const sim: Simulator = await startSimulator({
    accounts: [{ key: KEY, credits: 1_000_000 }],
    watermark: { processingMs: PROCESSING_MS, jitter: JITTER },
  });
  const transport: Transport = createTransport({ maxConnections: CONCURRENCY * 2 });
  const client = new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => KEY, transport });
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-bench-'));
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < images.length; i = next++) {
          const taskId = await client.submit({ base64: images[i] as string });
          const result = await waitFor(client, taskId);
          if (result.phase !== 'succeeded') throw new Error(`task ${taskId} ${result.status}`);
          await download(transport, {
            url: result.imageUrls[0] as string,
            targetDir: outDir,
            fileName: `${i}.png`,
          });
        }
      }),
    );
    const wallMs = performance.now() - started;
    const polls = sim
      .requestLog()
      .filter((entry) => entry.path.endsWith(WATERMARK_PATHS.result)).length;
    return { wallMs, pollsPerTask: polls / TASKS };
  } finally {
    await transport.close();
    await sim.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The baseline: ask every 2 s after submitting, as a simple client would. */
const naiveWait: WaitFor = async (client, taskId) => {
  for (;;) {
    await sleep(NAIVE_INTERVAL_MS);
    const result = await client.result(taskId);
    if (result.phase !== 'in-progress') return result;
  }
};

/**
 * The best plan a client can follow with `asks` asks a task on average, knowing what the
 * simulator does (each task takes a time drawn evenly between 800 and 1,200 ms): `n` asks
 * evenly spread up to the latest finish find a task at its end plus at most a 1/n-th of
 * the spread, and take (n + 1) / 2 asks on average, so n = 2 × asks − 1.
 */
function bestPlan(asks: number): WaitFor {
  const n = Math.max(1, Math.round(2 * asks - 1));
  const first = PROCESSING_MS * (1 - JITTER);
  const spread = 2 * JITTER * PROCESSING_MS;
  const moments = Array.from({ length: n }, (_, i) => first + (spread * (i + 1)) / n);
  return async (client, taskId) => {
    const submitted = performance.now();
    for (const moment of moments) {
      await sleep(Math.max(0, moment - (performance.now() - submitted)));
      const result = await client.result(taskId);
      if (result.phase !== 'in-progress') return result;
    }
    throw new Error(`task ${taskId} was not done at the latest finish`);
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'watermark-batch-ratio',
    figures: ['watermark-batch-ratio', 'watermark-batch-naive', 'watermark-polls-per-task'],
    runs: 2,
    async measure() {
      const images = await Promise.all(
        Array.from({ length: TASKS }, async (_, i) =>
          (await makePhoto(48, 32, 'png', i)).toString('base64'),
        ),
      );
      const poller = new Poller();
      const adaptiveWait: WaitFor = (client, taskId) =>
        poller.track<WatermarkResult>({
          kind: 'watermark',
          check: async () => {
            const result = await client.result(taskId);
            return result.phase === 'in-progress' ? { done: false } : { done: true, value: result };
          },
        });
      const adaptive = await runBatch(images, adaptiveWait);
      const naive = await runBatch(images, naiveWait);
      // Measured after the adaptive batch, at as many asks a task as it made.
      const best = await runBatch(images, bestPlan(adaptive.pollsPerTask));
      return [
        {
          name: 'watermark-batch-ratio',
          value: adaptive.wallMs / LOWER_BOUND_MS,
          unit: 'x lower bound',
          baseline: best.wallMs / LOWER_BOUND_MS,
          target: { op: '<=', value: 1.04, of: 'ratio' },
        },
        {
          name: 'watermark-batch-naive',
          value: naive.wallMs / LOWER_BOUND_MS,
          unit: 'x lower bound',
        },
        {
          name: 'watermark-polls-per-task',
          value: adaptive.pollsPerTask,
          unit: 'requests',
          baseline: naive.pollsPerTask,
          target: { op: '<=', value: 2, of: 'value' },
        },
      ];
    },
  },
];
