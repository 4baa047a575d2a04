import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { AppCore } from '../../src-main/core/app/app-core.ts';
import { mapLimit } from '../../src-main/core/app/map-limit.ts';
import type { SecretStore } from '../../src-main/core/secrets/keychain.ts';
import { simulatorDemo } from '../../src-main/simulator/demo-backend.ts';
import type { Benchmark } from './harness.ts';

const FILES = 10_000;
const FOLDERS = 10;

/** No keychain: nothing here needs a key, and a bench must not touch the user's. */
const noSecrets: SecretStore = {
  get: () => Promise.resolve(null),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(false),
};

/**
 * Ten thousand small JPEGs of a few kinds, in ten folders, as a photographer's drop. Each
 * has a size of its own (bytes after the image's end, which readers pass over), as photos
 * do, so nothing is looked up once for many files.
 */
async function dropOfPhotos(dir: string): Promise<string> {
  const drop = path.join(dir, 'drop');
  const kinds = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      sharp({
        create: { width: 64 + i, height: 48, channels: 3, background: { r: i * 30, g: 90, b: 40 } },
      })
        .jpeg()
        .toBuffer(),
    ),
  );
  for (let folder = 0; folder < FOLDERS; folder += 1) {
    const sub = path.join(drop, `roll-${folder}`);
    await mkdir(sub, { recursive: true });
    const names = Array.from({ length: FILES / FOLDERS }, (_, i) => i);
    await mapLimit(names, 16, (i) =>
      writeFile(
        path.join(sub, `IMG_${String(i).padStart(5, '0')}.jpg`),
        Buffer.concat([kinds[i % kinds.length] as Buffer, Buffer.alloc(folder * 1000 + i)]),
      ),
    );
  }
  return drop;
}

/** Every file of the drop, for the baseline, which reads headers and nothing else. */
async function filesOf(drop: string): Promise<string[]> {
  const entries = await readdir(drop, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function metadataOfAll(files: readonly string[]): Promise<number> {
  const started = performance.now();
  await mapLimit(files, os.availableParallelism(), (file) => sharp(file).metadata());
  return performance.now() - started;
}

/**
 * Stages the drop through the app core as the window does, then adds every staged file as
 * one batch (the queue held, so nothing is sent), with the event loop watched throughout:
 * its longest delay is the longest the main process could not answer the window.
 */
async function stageAndAdd(
  dir: string,
  drop: string,
): Promise<{ stageMs: number; longestMs: number }> {
  const core = await AppCore.start({
    dataDir: path.join(dir, `data-${randomUUID()}`),
    app: { name: 'Clearframe', version: 'bench', platform: process.platform },
    previewBase: 'clearframe-preview://local/',
    secrets: noSecrets,
    env: {},
    demo: simulatorDemo(),
  });
  try {
    await core.handlers['watermark:pause'](undefined);
    const run = randomUUID();
    const tokens: string[] = [];
    const stop = core.subscribe((channel, payload) => {
      if (channel !== 'media:staged') return;
      const batch = payload as { run: string; items: Array<{ token: string }> };
      if (batch.run === run) tokens.push(...batch.items.map((item) => item.token));
    });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const answer = await core.handlers['media:probe']({ paths: [drop], run });
    const stageMs = performance.now() - started;
    stop();
    if (answer.staged !== FILES || tokens.length !== FILES) {
      throw new Error(`${answer.staged} staged, ${tokens.length} sent, of ${FILES}`);
    }
    const added = await core.handlers['watermark:add']({
      items: tokens.map((token) => ({ token })),
    });
    // A timer after the add, so a block at its very end is seen by the histogram.
    await new Promise((resolve) => setTimeout(resolve, 20));
    loop.disable();
    if (added.added !== FILES) throw new Error(`${added.added} of ${FILES} were added`);
    return { stageMs, longestMs: loop.max / 1e6 };
  } finally {
    await core.stop();
  }
}

export const benchmarks: Benchmark[] = [
  {
    name: 'staging-10k',
    figures: ['stage-10k-files-ratio', 'main-thread-longest-block-ms'],
    runs: 3,
    async measure() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-staging-bench-'));
      try {
        const drop = await dropOfPhotos(dir);
        const files = await filesOf(drop);
        // Once unmeasured, so the disk cache and libvips are warm for both sides alike.
        await metadataOfAll(files);
        const { stageMs, longestMs } = await stageAndAdd(dir, drop);
        const baselineMs = await metadataOfAll(files);
        return [
          {
            name: 'stage-10k-files-ratio',
            value: stageMs,
            unit: 'ms',
            baseline: baselineMs,
            target: { op: '<=', value: 1.5, of: 'ratio' },
          },
          {
            name: 'main-thread-longest-block-ms',
            value: longestMs,
            unit: 'ms',
            target: { op: '<=', value: 50, of: 'value' },
          },
        ];
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
