import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Benchmark } from './harness.ts';

const child = fileURLToPath(new URL('./intake-rss-child.ts', import.meta.url));

/**
 * Peak RSS growth while a 24-megapixel JPEG (6000×4000, photo-like noise, quality 90) becomes
 * base64, divided by the file's size. Measured in a fresh process each run.
 */
export const benchmarks: Benchmark[] = [
  {
    name: 'intake-rss-ratio',
    figures: ['intake-rss-ratio', 'intake-file-mb'],
    runs: 3,
    async measure() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-intake-bench-'));
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
        const run = spawnSync(process.execPath, ['--experimental-strip-types', child, file], {
          encoding: 'utf8',
        });
        if (run.status !== 0) throw new Error(run.stderr);
        const report = JSON.parse(run.stdout) as { growth: number; reencoded: boolean };
        if (report.reencoded) throw new Error('the benchmark image should be sent as is');
        return [
          {
            name: 'intake-rss-ratio',
            value: report.growth / size,
            unit: 'x file size',
            target: { op: '<=', value: 3, of: 'value' },
          },
          { name: 'intake-file-mb', value: size / 1024 / 1024, unit: 'MB' },
        ];
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
