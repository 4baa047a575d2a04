import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import setupRun, { cutWallpaper, WALLPAPER_CACHE_ENV } from '../../support/wallpaper-cache.ts';
import { wallpapers } from '../../support/wallpaper-marks.ts';

/**
 * The real-photo tests cut the same wallpapers for every kind of mark: each cut is decoded
 * once per run and read back from disk after, the same bytes, even when several vitest
 * processes ask for it at once.
 */

const SIZE = { width: 640, height: 480 };
const cache = fileURLToPath(new URL('../../support/wallpaper-cache.ts', import.meta.url));
let dir: string;
let runDir: string | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-wallpaper-cache-'));
  runDir = process.env[WALLPAPER_CACHE_ENV];
  process.env[WALLPAPER_CACHE_ENV] = dir;
});

afterAll(async () => {
  if (runDir === undefined) delete process.env[WALLPAPER_CACHE_ENV];
  else process.env[WALLPAPER_CACHE_ENV] = runDir;
  await rm(dir, { recursive: true, force: true });
});

/** The cut as sharp makes it, with no cache in the way. */
function decoded(source: string): Promise<Buffer> {
  return sharp(source)
    .resize(SIZE.width, SIZE.height, { fit: 'cover' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

/** `count` node processes cutting `source` at the same moment, each printing its bytes' hash. */
function cutInProcesses(source: string, count: number): Promise<string[]> {
  const script = `
    const { createHash } = await import('node:crypto');
    const { cutWallpaper } = await import(${JSON.stringify(cache)});
    const rgb = await cutWallpaper(${JSON.stringify(source)}, ${JSON.stringify(SIZE)});
    process.stdout.write(createHash('sha256').update(rgb).digest('hex'));
  `;
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
            {
              env: { ...process.env, [WALLPAPER_CACHE_ENV]: dir },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let out = '';
          let err = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
          child.once('close', (code) =>
            code === 0 ? resolve(out) : reject(new Error(`the cut failed: ${err}`)),
          );
        }),
    ),
  );
}

const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the wallpapers cut once per run', () => {
  it('has a folder for the run, set up before the tests', () => {
    expect(runDir).toBeDefined();
    expect(existsSync(runDir as string)).toBe(true);
  });

  it('keeps the cut on disk and reads the same bytes back', async () => {
    const [source] = wallpapers(1) as [string];
    const first = await cutWallpaper(source, SIZE);
    expect(first.equals(await decoded(source))).toBe(true);
    const kept = (await readdir(dir)).filter((name) => name.endsWith('.rgb'));
    expect(kept).toHaveLength(1);
    const again = await cutWallpaper(source, SIZE);
    expect(again.equals(first)).toBe(true);
    // Another size of the same photo is another cut.
    await cutWallpaper(source, { width: 320, height: 240 });
    expect((await readdir(dir)).filter((name) => name.endsWith('.rgb'))).toHaveLength(2);
  });

  it('gives every process the whole cut when several make it at once, leaving no half-written file', async () => {
    const source = wallpapers(13)[12] as string;
    const hashes = await cutInProcesses(source, 4);
    expect(new Set(hashes)).toEqual(new Set([hash(await decoded(source))]));
    const names = await readdir(dir);
    expect(names.filter((name) => name.endsWith('.part'))).toEqual([]);
    expect((await cutWallpaper(source, SIZE)).equals(await decoded(source))).toBe(true);
  }, 120_000);

  it('removes the folder a killed run left behind, and keeps the folder of a run still going', async () => {
    // A process that has ended: its number is free, as a run killed with SIGKILL leaves it.
    const ended = spawn(process.execPath, ['-e', '']);
    const pid = await new Promise<number>((resolve) =>
      ended.once('close', () => resolve(ended.pid as number)),
    );
    const left = path.join(os.tmpdir(), `clearframe-wallpapers-${pid}-left`);
    const running = path.join(os.tmpdir(), `clearframe-wallpapers-${process.pid}-running`);
    await mkdir(left, { recursive: true });
    await mkdir(running, { recursive: true });
    const before = process.env[WALLPAPER_CACHE_ENV];
    const teardown = setupRun();
    const made = process.env[WALLPAPER_CACHE_ENV] as string;
    process.env[WALLPAPER_CACHE_ENV] = before;
    try {
      expect(existsSync(left)).toBe(false);
      expect(existsSync(running)).toBe(true);
      expect(existsSync(made)).toBe(true);
    } finally {
      teardown();
      await rm(running, { recursive: true, force: true });
    }
    expect(existsSync(made)).toBe(false);
  });
});
