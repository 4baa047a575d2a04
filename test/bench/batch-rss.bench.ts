import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../../src-main/simulator/server.ts';
import { makePhoto } from '../support/images.ts';
import type { Benchmark } from './harness.ts';

const child = fileURLToPath(new URL('./batch-rss-child.ts', import.meta.url));
const KEY = 'rss-bench-key';
const SMALL = 100;
const LARGE = 10_000;
/** Distinct photos written, each under many names: making 10,000 would take minutes. */
const DISTINCT = 100;

async function peakRss(baseUrl: string, folder: string, count: number): Promise<number> {
  const run = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', child, baseUrl, KEY, folder, String(count)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => run.once('close', resolve));
  if (code !== 0) throw new Error(`the batch child exited with ${String(code)}`);
  const report = JSON.parse(output) as { done: number; peakRss: number; work: string };
  await rm(report.work, { recursive: true, force: true });
  if (report.done !== count) throw new Error(`${report.done} of ${count} images were done`);
  return report.peakRss;
}

/**
 * Peak RSS of the engine's process for a 10,000-image batch over that of a 100-image batch:
 * memory must not grow with the size of the queue. The simulator runs in this process, so
 * its own memory is not counted.
 */
export const benchmarks: Benchmark[] = [
  {
    name: 'batch-rss-ratio-10k',
    figures: ['batch-rss-ratio-10k'],
    // Ten thousand images take minutes: one run.
    runs: 1,
    async measure() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-rss-bench-'));
      const sim = await startSimulator({
        accounts: [{ key: KEY, credits: 1_000_000 }],
        watermark: { processingMs: 100, jitter: 0.2 },
      });
      try {
        const folder = path.join(dir, 'photos');
        await mkdir(folder);
        const photos = await Promise.all(
          Array.from({ length: DISTINCT }, (_, i) => makePhoto(320, 240, 'jpeg', i)),
        );
        for (let i = 0; i < LARGE; i += 1) {
          await writeFile(
            path.join(folder, `${String(i).padStart(5, '0')}.jpg`),
            photos[i % DISTINCT] as Buffer,
          );
        }
        const small = await peakRss(sim.watermarkBaseUrl, folder, SMALL);
        const large = await peakRss(sim.watermarkBaseUrl, folder, LARGE);
        return [
          {
            name: 'batch-rss-ratio-10k',
            value: large / 1024 / 1024,
            baseline: small / 1024 / 1024,
            unit: 'MB peak RSS',
            target: { op: '<=', value: 1.3, of: 'ratio' },
          },
        ];
      } finally {
        await sim.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
