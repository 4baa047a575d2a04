import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { DEMO_KEY } from '../../src-main/simulator/accounts.ts';
import { spawnSimulator } from '../support/simulator-process.ts';
import { makePhoto } from '../support/images.ts';
import type { Benchmark } from './harness.ts';

const CLIENTS = 200;
const POLL_FOR_MS = 4000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * 200 concurrent loopback clients, each with its own task, polling `get_task_result` as fast
 * as answers come back, against the simulator in its own process.
 */
export const benchmarks: Benchmark[] = [
  {
    name: 'simulator-p99-ms-200c',
    figures: [
      'simulator-p50-ms-200c',
      'simulator-p99-ms-200c',
      'simulator-polls-per-s-200c',
      'simulator-errors-200c',
    ],
    runs: 3,
    async measure() {
      const sim = await spawnSimulator();
      const agent = new Agent({ connections: CLIENTS, keepAliveTimeout: 30_000 });
      const headers = { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' };
      const post = async (path: string, body: unknown) => {
        const response = await request(sim.watermarkBaseUrl + path, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          dispatcher: agent,
        });
        const json = (await response.body.json()) as { code: number; data?: { task_id?: string } };
        if (response.statusCode !== 200 || json.code !== 0)
          throw new Error(`HTTP ${response.statusCode} code ${json.code}`);
        return json;
      };
      try {
        const image = (await makePhoto(64, 48)).toString('base64');
        const latencies: number[] = [];
        let errors = 0;
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            const taskId = (await post(WATERMARK_PATHS.submit, { image_base64: image })).data
              ?.task_id;
            const until = performance.now() + POLL_FOR_MS;
            while (performance.now() < until) {
              const started = performance.now();
              try {
                await post(WATERMARK_PATHS.result, { task_id: taskId });
                latencies.push(performance.now() - started);
              } catch {
                errors += 1;
              }
            }
          }),
        );
        latencies.sort((a, b) => a - b);
        return [
          { name: 'simulator-p50-ms-200c', value: percentile(latencies, 50), unit: 'ms' },
          { name: 'simulator-p99-ms-200c', value: percentile(latencies, 99), unit: 'ms' },
          {
            name: 'simulator-polls-per-s-200c',
            value: latencies.length / (POLL_FOR_MS / 1000),
            unit: 'req/s',
          },
          {
            name: 'simulator-errors-200c',
            value: errors,
            unit: 'errors',
            target: { op: '<=', value: 0, of: 'value' },
          },
        ];
      } finally {
        await agent.close();
        await sim.stop();
      }
    },
  },
];
