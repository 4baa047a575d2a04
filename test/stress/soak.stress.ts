import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../support/paid-submissions.ts';
import { reportSection } from './report.ts';
import type { SoakEnd, SoakSample } from './soak-child.ts';
import { FULL, STRESS_KEY } from './world.ts';

// STRESS_SOAK_MINUTES shortens or lengthens the soak, for looking into a trend.
const DURATION_MS = Number(process.env['STRESS_SOAK_MINUTES'] ?? (FULL ? 30 : 1)) * 60_000;
const SAMPLE_MS = FULL ? 10_000 : 5_000;
const child = fileURLToPath(new URL('./soak-child.ts', import.meta.url));

/** Least-squares slope of y over x. */
function slope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

describe(`the soak: ${DURATION_MS / 60_000} min of mixed load, memory every ${SAMPLE_MS / 1000} s`, () => {
  it(
    'keeps every job and reports the slope of memory over time',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-soak-'));
      const sim = await startSimulator({
        accounts: [{ key: STRESS_KEY, credits: 10_000_000, balanceUsd: 1_000_000 }],
        watermark: { processingMs: 1500, jitter: 0.3 },
        video: { pendingMs: 1000, processingMs: 8000, jitter: 0.3 },
        // Faults a long session meets and gets past on its own.
        faults: {
          seed: 7,
          rates: { 'rate-limit': 0.05, 'download-cut': 0.05 },
          retryAfterSeconds: 1,
        },
      });
      try {
        const samples: SoakSample[] = [];
        const end = await new Promise<SoakEnd>((resolve, reject) => {
          const engine = fork(child, [], {
            execArgv: ['--experimental-strip-types', '--no-warnings', '--expose-gc'],
            env: {
              ...process.env,
              SOAK_DURATION_MS: String(DURATION_MS),
              SOAK_SAMPLE_MS: String(SAMPLE_MS),
              SOAK_WATERMARK_URL: sim.watermarkBaseUrl,
              SOAK_VIDEO_URL: sim.videoBaseUrl,
              SOAK_DIR: dir,
            },
          });
          engine.on('message', (message: SoakSample | SoakEnd) => {
            if (message.kind === 'sample') samples.push(message);
            else resolve(message);
          });
          engine.once('exit', (code) => reject(new Error(`the soak engine exited with ${code}`)));
        });
        // The first fifth is warm-up (code loading, caches, the database growing its pages).
        const steady = samples.filter((s) => s.seconds >= DURATION_MS / 1000 / 5);
        const rssSlope = slope(steady.map((s) => ({ x: s.seconds / 60, y: s.rssMb })));
        const heapSlope = slope(steady.map((s) => ({ x: s.seconds / 60, y: s.heapMb })));
        const paidTwice = paidSubmissionsSentTwice(sim.requestLog()).length;
        const mb = (v: number | undefined) => `${(v ?? 0).toFixed(1)} MB`;
        reportSection('soak', [
          {
            minutes: DURATION_MS / 60_000,
            samples: samples.length,
            'rss first/last/peak': `${mb(samples[0]?.rssMb)} / ${mb(samples.at(-1)?.rssMb)} / ${mb(Math.max(...samples.map((s) => s.rssMb)))}`,
            'rss slope (MB/min, after warm-up)': rssSlope.toFixed(3),
            'heap after GC slope (MB/min)': heapSlope.toFixed(3),
            'images done/failed/ask/lost': `${end.images.done}/${end.images.failed}/${end.images.needsAttention}/${end.images.lost}`,
            'rounds done/failed/ask/lost': `${end.rounds.done}/${end.rounds.failed}/${end.rounds.needsAttention}/${end.rounds.lost}`,
            'paid twice': paidTwice,
          },
        ]);
        expect(samples.length).toBeGreaterThanOrEqual(Math.floor(DURATION_MS / SAMPLE_MS));
        expect(end.images.lost).toBe(0);
        expect(end.rounds.lost).toBe(0);
        expect(paidTwice).toBe(0);
      } finally {
        await sim.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
    DURATION_MS + 15 * 60_000,
  );
});
