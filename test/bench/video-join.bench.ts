import { copyFile, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { joinClips } from '../../src-main/core/media/film/film-join.ts';
import { BrowserMedia } from '../support/browser-media.ts';
import type { Benchmark } from './harness.ts';

const CLIPS = 10;

/**
 * Ten ten-second 720p clips at 24 frames a second with sound, as a service returns them:
 * encoded once by Chromium's H.264 encoder at 4 Mbit/s over moving grain (so the encoder
 * spends about its bitrate, as on real footage), then copied to ten files.
 */
async function makeClips(dir: string): Promise<string[]> {
  const browser = await BrowserMedia.start();
  try {
    const clip = await browser.encode({
      width: 1280,
      height: 720,
      frameRate: 24,
      frames: 240,
      codec: 'avc1.64001f',
      bitrate: 4_000_000,
      sound: true,
      noise: true,
      hue: 30,
    });
    const files = Array.from({ length: CLIPS }, (_, i) => path.join(dir, `clip-${i + 1}.mp4`));
    await writeFile(files[0] as string, clip);
    for (const file of files.slice(1)) await copyFile(files[0] as string, file);
    return files;
  } finally {
    await browser.stop();
  }
}

/** The baseline: the clips' bytes read and written, one after another, into one file. */
async function copyBytes(files: readonly string[], target: string): Promise<void> {
  const out = await open(target, 'w');
  try {
    for (const file of files) await out.write(await readFile(file));
  } finally {
    await out.close();
  }
}

let prepared: Promise<{ dir: string; files: string[] }> | undefined;

const asClips = (files: readonly string[]) =>
  files.map((file, i) => ({ file, label: `shot ${i + 1}` }));

/** The clips, made once for all runs, and one join untimed, so no run pays for warming up. */
async function prepare(): Promise<{ dir: string; files: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-join-bench-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const files = await makeClips(dir);
  await joinClips(asClips(files), path.join(dir, 'warm-up'), 'film.mp4');
  return { dir, files };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'video-join',
    figures: ['video-join-ratio', 'video-join-film-size'],
    runs: 5,
    async measure() {
      prepared ??= prepare();
      const { dir, files } = await prepared;
      const out = await mkdtemp(path.join(dir, 'run-'));
      try {
        let started = performance.now();
        await copyBytes(files, path.join(out, 'copy.mp4'));
        const copyMs = performance.now() - started;
        started = performance.now();
        const film = await joinClips(asClips(files), out, 'film.mp4');
        const joinMs = performance.now() - started;
        const megabytes = (await stat(film)).size / 1e6;
        return [
          {
            name: 'video-join-ratio',
            value: joinMs,
            unit: 'ms',
            baseline: copyMs,
            target: { op: '<=', value: 3, of: 'ratio' },
          },
          { name: 'video-join-film-size', value: megabytes, unit: 'MB' },
        ];
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
  },
];
