import { execFile, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { access, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { seeded } from './marked-scenes.ts';
import { cutWallpaper, WALLPAPER_CACHE_ENV } from './wallpaper-cache.ts';

/**
 * Test clips for the video clean-up (issue #38), made by the tests themselves with Debian's
 * ffmpeg: a real photo panning under moving grain and a line of scrolling text, with a static
 * logo (semi-transparent or opaque) at the bottom right, and the same clip without it (its
 * clean twin). The frames are drawn here, so the logo's opacity and colour are known exactly.
 */

export type LogoKind = 'translucent' | 'opaque';

export interface ClipSpec {
  width: number;
  height: number;
  frameRate: number;
  frames: number;
  /** H.264 with AAC sound in MP4, or VP9 with Opus sound in WebM. */
  container: 'mp4' | 'webm';
  logo: LogoKind;
  /** Display rotation kept as metadata (the pixels are stored unturned). */
  rotation?: 0 | 90;
  /**
   * The logo at the bottom right for the first half of the frames and at the top left for the
   * second, as a channel that moves its mark at a cut: a clip the clean-up must refuse.
   */
  moves?: boolean;
}

export interface ClipPair {
  marked: string;
  clean: string;
  /** The logo as drawn: per pixel opacity 0..1, and its colour. */
  logo: Logo;
}

export interface Logo {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Float32Array;
  colour: readonly [number, number, number];
}

const run = promisify(execFile);

/** Names what the frames below are; a change to the drawing must change this. */
const STEPS = 'pan-grain-text-logo-v2';
const PHOTO = '/usr/share/backgrounds/mate/nature/Garden.jpg';

/** Fails with what to install when ffmpeg is missing: never a skipped test. */
export async function requireFfmpeg(): Promise<void> {
  const found = await new Promise<boolean>((resolve) => {
    const child = spawn('ffmpeg', ['-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
  if (!found) throw new Error('ffmpeg is missing: install Debian\'s "ffmpeg" (.ci/run does).');
}

/** The logo: a ring and a bold word, drawn by librsvg, about a sixth of the frame wide. */
async function drawLogo(spec: ClipSpec): Promise<Logo> {
  const width = Math.round(spec.width / 6 / 2) * 2;
  const height = Math.round(width * 0.4);
  const ring = height / 2 - 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="${height / 2}" cy="${height / 2}" r="${ring}" fill="none" stroke="#fff" stroke-width="${ring / 3}"/>
    <text x="${height + 4}" y="${height * 0.72}" font-family="DejaVu Sans" font-weight="bold"
      font-size="${height * 0.62}" fill="#fff">CF·TV</text></svg>`;
  const { data } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const opacity = spec.logo === 'translucent' ? 0.5 : 1;
  const alpha = new Float32Array(width * height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = ((data[i * 4 + 3] ?? 0) / 255) * opacity;
  return {
    left: spec.width - width - Math.round(spec.width / 20),
    top: spec.height - height - Math.round(spec.height / 12),
    width,
    height,
    alpha,
    colour: spec.logo === 'translucent' ? [255, 255, 255] : [236, 120, 24],
  };
}

/** A strip of text as an alpha map, scrolled across the lower part of every frame. */
async function drawTicker(spec: ClipSpec): Promise<{ alpha: Uint8Array; width: number }> {
  const height = Math.round(spec.height / 10);
  const text = 'Evening news · the tide is high · ferries run late · '.repeat(3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width * 3}" height="${height}">
    <text x="0" y="${height * 0.75}" font-family="DejaVu Sans" font-size="${height * 0.7}"
      fill="#fff">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const alpha = new Uint8Array(info.width * info.height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = data[i * 4 + 3] ?? 0;
  return { alpha, width: info.width };
}

/** Frame `i` without the logo: the photo panned, grain over it, the ticker scrolled. */
function cleanFrame(
  spec: ClipSpec,
  photo: { data: Buffer; width: number; height: number },
  ticker: { alpha: Uint8Array; width: number },
  i: number,
): Buffer {
  const { width, height } = spec;
  const frame = Buffer.alloc(width * height * 3);
  const progress = i / Math.max(1, spec.frames - 1);
  const dx = Math.round(progress * (photo.width - width));
  const dy = Math.round(((1 - Math.cos(progress * Math.PI * 2)) / 2) * (photo.height - height));
  for (let y = 0; y < height; y += 1) {
    const from = ((y + dy) * photo.width + dx) * 3;
    photo.data.copy(frame, y * width * 3, from, from + width * 3);
  }
  // Clamped, as a camera clips: grain over white stays white, not wrapped round to black.
  const px = new Uint8ClampedArray(frame.buffer, frame.byteOffset, frame.length);
  // Grain in 2×2 cells: detail that changes every frame, as a camera's noise does.
  const random = seeded(i + 1);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const grain = Math.round((random() - 0.5) * 24);
      for (let cell = 0; cell < 4; cell += 1) {
        const at = ((y + (cell >> 1)) * width + x + (cell & 1)) * 3;
        for (let c = 0; c < 3; c += 1) px[at + c] = (px[at + c] ?? 0) + grain;
      }
    }
  }
  const tickerHeight = ticker.alpha.length / ticker.width;
  const top = Math.round(height * 0.78);
  const shift = Math.round(i * (width / 90)) % (ticker.width - width);
  for (let y = 0; y < tickerHeight; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const a = (ticker.alpha[y * ticker.width + x + shift] ?? 0) / 255;
      const at = ((top + y) * width + x) * 3;
      for (let c = 0; c < 3; c += 1)
        frame[at + c] = Math.round((frame[at + c] ?? 0) * (1 - a) + 255 * a);
    }
  }
  return frame;
}

/** The logo blended over a clean frame, as a broadcaster's mark is. */
export function stampLogo(frame: Buffer, width: number, logo: Logo): Buffer {
  const marked = Buffer.from(frame);
  for (let y = 0; y < logo.height; y += 1) {
    for (let x = 0; x < logo.width; x += 1) {
      const a = logo.alpha[y * logo.width + x] ?? 0;
      if (a === 0) continue;
      const at = ((logo.top + y) * width + logo.left + x) * 3;
      for (let c = 0; c < 3; c += 1)
        marked[at + c] = Math.round((marked[at + c] ?? 0) * (1 - a) + (logo.colour[c] ?? 0) * a);
    }
  }
  return marked;
}

/** ffmpeg reading raw RGB frames on stdin and a sine tone, writing `file`. */
function encoder(spec: ClipSpec, file: string) {
  const seconds = spec.frames / spec.frameRate;
  const video =
    spec.container === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-pix_fmt', 'yuv420p']
      : [
          '-c:v',
          'libvpx-vp9',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-crf',
          '20',
          '-b:v',
          '0',
          '-pix_fmt',
          'yuv420p',
        ];
  const audio = spec.container === 'mp4' ? ['-c:a', 'aac', '-b:a', '128k'] : ['-c:a', 'libopus'];
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    ...['-s', `${spec.width}x${spec.height}`, '-r', String(spec.frameRate), '-i', '-'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...video,
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...audio,
    ...['-shortest', spec.rotation ? `${file}.unturned.${spec.container}` : file],
  ];
  const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${said}`)),
    );
  });
  const write = (frame: Buffer) =>
    new Promise<void>((resolve, reject) =>
      child.stdin.write(frame, (error) => (error ? reject(error) : resolve())),
    );
  const end = async () => {
    child.stdin.end();
    await done;
    if (spec.rotation) await turn(`${file}.unturned.${spec.container}`, file, spec.rotation);
  };
  return { write, end };
}

/**
 * The rotation written as metadata by a stream copy: Debian's ffmpeg 5.1 drops the rotate tag
 * when it encodes, and keeps it when it only copies.
 */
async function turn(from: string, to: string, degrees: number): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', from, '-c', 'copy'],
    ...['-metadata:s:v:0', `rotate=${degrees}`, to],
  ]);
  await rm(from);
}

async function makePair(spec: ClipSpec, marked: string, clean: string, logo: Logo): Promise<void> {
  const photo = {
    width: Math.round(spec.width * 1.4),
    height: Math.round(spec.height * 1.15),
  };
  const photoData = { ...photo, data: await cutWallpaper(PHOTO, photo) };
  const ticker = await drawTicker(spec);
  const markedOut = encoder(spec, marked);
  const cleanOut = encoder(spec, clean);
  const moved = { ...logo, left: Math.round(spec.width / 20), top: Math.round(spec.height / 12) };
  for (let i = 0; i < spec.frames; i += 1) {
    const frame = cleanFrame(spec, photoData, ticker, i);
    const here = spec.moves && i >= spec.frames / 2 ? moved : logo;
    await Promise.all([cleanOut.write(frame), markedOut.write(stampLogo(frame, spec.width, here))]);
  }
  await Promise.all([markedOut.end(), cleanOut.end()]);
}

let ownDir: Promise<string> | undefined;

/** The run's folder (the wallpaper cache's when a test run set one), else this process's. */
function clipDir(): Promise<string> {
  const run = process.env[WALLPAPER_CACHE_ENV];
  if (run)
    return mkdir(path.join(run, 'clips'), { recursive: true }).then(() => path.join(run, 'clips'));
  ownDir ??= mkdtemp(path.join(os.tmpdir(), 'clearframe-clips-')).then((dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  });
  return ownDir;
}

const made = new Map<string, Promise<ClipPair>>();

/**
 * The marked clip and its clean twin for `spec`, made once per run: kept under a name hashed
 * from the spec, written under a name of their own and renamed into place.
 */
export function clipPair(spec: ClipSpec): Promise<ClipPair> {
  const key = createHash('sha256')
    .update(JSON.stringify([spec, STEPS]))
    .digest('hex')
    .slice(0, 16);
  let pair = made.get(key);
  if (!pair) {
    pair = (async () => {
      const dir = await clipDir();
      const logo = await drawLogo(spec);
      const marked = path.join(dir, `${key}-marked.${spec.container}`);
      const clean = path.join(dir, `${key}-clean.${spec.container}`);
      const there = await Promise.all(
        [marked, clean].map((f) =>
          access(f).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (!there.every(Boolean)) {
        const part = `.${process.pid}-${randomUUID()}.part.${spec.container}`;
        await makePair(spec, marked + part, clean + part, logo);
        await rename(marked + part, marked);
        await rename(clean + part, clean);
      }
      return { marked, clean, logo };
    })();
    pair.catch(() => made.delete(key));
    made.set(key, pair);
  }
  return pair;
}
