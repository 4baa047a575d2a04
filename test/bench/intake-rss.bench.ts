import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startSimulator } from '../../src-main/simulator/server.ts';
import type { Benchmark } from './harness.ts';

const child = fileURLToPath(new URL('./intake-rss-child.ts', import.meta.url));
const KEY = 'intake-bench-key';

/**
 * Peak RSS growth while a 24-megapixel JPEG (6000×4000, photo-like noise, quality 90) is
 * prepared and sent as base64 to the simulator, divided by the file's size. Measured in a
 * fresh process each run; the simulator runs in this one, so what it holds is not counted.
 */
/** The child's report; it runs apart so that this process can answer it meanwhile. */
async function runChild(args: readonly string[]): Promise<string> {
  const run = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', child, ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => run.once('close', resolve));
  if (code !== 0) throw new Error(`the intake child exited with ${String(code)}`);
  return output;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'intake-rss-ratio',
    figures: ['intake-rss-ratio', 'intake-file-mb'],
    runs: 3,
    async measure() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-intake-bench-'));
      const sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
      try {
        const file = path.join(dir, 'photo-24mp.jpg');
        await sharp({
          create: {
            width: 6000,
            height: 4000,
            channels: 3,
            background: '#000000',
            noise: { type: 'gaussian', mean: 128, sigma: 24 },
          },
        })
          .jpeg({ quality: 90 })
          .toFile(file);
        const size = (await stat(file)).size;
        const run = await runChild([file, sim.watermarkBaseUrl, KEY]);
        const report = JSON.parse(run) as { growth: number; reencoded: boolean; sent: boolean };
        if (report.reencoded) throw new Error('the benchmark image should be sent as is');
        if (!report.sent) throw new Error('the benchmark image was not sent');
        return [
          {
            name: 'intake-rss-ratio',
            value: report.growth / size,
            unit: 'x file size',
            target: { op: '<=', value: 1.5, of: 'value' },
          },
          { name: 'intake-file-mb', value: size / 1024 / 1024, unit: 'MB' },
        ];
      } finally {
        await sim.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
