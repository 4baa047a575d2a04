import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The wallpapers cut to a size, decoded once per test run. Decoding is what the real-photo
 * tests spent their set-up on (gnome's WebP wallpapers take a second each, and the same 24 are
 * cut to 1200×800 for many kinds of mark), so each cut is kept on disk, named by a hash of
 * what makes it: the source's bytes, the size, the steps below and libvips's version. Vitest
 * runs test files in several processes at once; each writes under a name of its own and
 * renames it into place, so a reader sees a whole cut or none, never half of one.
 */

/** Where the run keeps the cuts; set by the vitest global set-up below, unset elsewhere. */
export const WALLPAPER_CACHE_ENV = 'CLEARFRAME_TEST_WALLPAPER_CACHE';

type Size = { width: number; height: number };

/** Names the steps of `cut`: a change to them must change this, so old cuts are not read. */
const STEPS = 'resize-cover/remove-alpha/srgb/raw-v1';

/** The steps themselves: a wallpaper cut to `size`, as 8-bit sRGB bytes. */
function cut(source: string, size: Size): Promise<Buffer> {
  return sharp(source)
    .resize(size.width, size.height, { fit: 'cover' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

/** The hash of each source's bytes, read once per process. */
const sourceHashes = new Map<string, Promise<string>>();

function hashOf(source: string): Promise<string> {
  let hash = sourceHashes.get(source);
  if (!hash) {
    hash = readFile(source).then((bytes) => createHash('sha256').update(bytes).digest('hex'));
    sourceHashes.set(source, hash);
  }
  return hash;
}

/** The cached cut, or undefined when there is none yet (or a file of the wrong length). */
async function cached(file: string, length: number): Promise<Buffer | undefined> {
  try {
    const bytes = await readFile(file);
    return bytes.length === length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** A wallpaper cut to `size`, as 8-bit sRGB bytes: the same bytes, decoded once per run. */
export async function cutWallpaper(source: string, size: Size): Promise<Buffer> {
  const dir = process.env[WALLPAPER_CACHE_ENV];
  if (!dir) return cut(source, size);
  const key = createHash('sha256')
    .update(JSON.stringify([await hashOf(source), size, STEPS, sharp.versions.vips]))
    .digest('hex');
  const file = path.join(dir, `${key}.rgb`);
  const length = size.width * size.height * 3;
  const kept = await cached(file, length);
  if (kept) return kept;
  const rgb = await cut(source, size);
  await mkdir(dir, { recursive: true });
  const partial = `${file}.${process.pid}-${randomUUID()}.part`;
  await writeFile(partial, rgb);
  // Two processes may cut the same wallpaper at once: both write the same bytes, either wins.
  await rename(partial, file).catch(async (error: unknown) => {
    await rm(partial, { force: true });
    throw error;
  });
  return rgb;
}

const RUN_DIR = /^clearframe-wallpapers-(\d+)-/;

/** Whether process `pid` still runs (a signal 0 reaches it, or it is someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Vitest global set-up: one folder of cuts for the run, removed when the run ends; a folder
 * left by a run that was killed (its process gone) is removed too, as it holds 300 MB.
 */
export default function setup(): () => void {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = RUN_DIR.exec(name)?.[1];
    if (!pid || alive(Number(pid))) continue;
    try {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    } catch {
      // Another user's folder is theirs to remove; this run cuts into its own.
    }
  }
  const dir = path.join(os.tmpdir(), `clearframe-wallpapers-${process.pid}-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  process.env[WALLPAPER_CACHE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
