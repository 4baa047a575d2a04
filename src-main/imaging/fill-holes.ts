import { Worker } from 'node:worker_threads';
import { holeThickness } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';
import { repaintMarked } from './telea-repaint.ts';

/**
 * Holes at most this thick (pixels from the nearest known one) are repainted with Telea:
 * the strokes of an opaque text a few pixels wide, which a diffusion from both sides closes
 * as well as copied patches would, and in a fraction of the time.
 */
export const TELEA_THICKNESS = 2;
/**
 * Holes of more pixels than this (a mask over a good part of a photo, as the demo's stand-in
 * may be sent) are repainted with Telea too: copying patches costs time in proportion to the
 * hole, about a second for this many, and so large a fill guesses whatever it does.
 */
export const MOST_COPIED = 400_000;

/** What the fill's thread posts back (see fill-worker.ts). */
type FillAnswer = { ok: true; filled: boolean; data: Uint8Array } | { ok: false; message: string };

/**
 * The exemplar fill's thread: the script beside this module when it runs from source (the
 * command line, the tests), or the file electron-vite emits beside the main bundle (see the
 * main build's inputs in electron.vite.config.ts). The fill takes a few hundred
 * milliseconds for a large logo, which the window and the stand-in's answers must not wait
 * on.
 */
function onThread(pixels: RgbPixels, holes: Uint8Array): Promise<Uint8Array | undefined> {
  const here = import.meta.url;
  const script = new URL(here.endsWith('.ts') ? './fill-worker.ts' : './fill-worker.js', here);
  // Copies the thread may own: the caller's buffers stay where they are.
  const data = Uint8Array.from(pixels.data);
  const copy = Uint8Array.from(holes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: { data, width: pixels.width, height: pixels.height, holes: copy },
      transferList: [data.buffer, copy.buffer],
    });
    let settled = false;
    worker.once('message', (answer: FillAnswer) => {
      settled = true;
      void worker.terminate();
      if (answer.ok) resolve(answer.filled ? answer.data : undefined);
      else reject(new Error(`filling the mark's opaque part: ${answer.message}`));
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled)
        reject(new Error(`filling the mark's opaque part: the thread stopped (exit code ${code})`));
    });
  });
}

/**
 * Fills the pixels of `holes` (above 0) in `pixels`, in place, from the photo around them:
 * thin holes by Telea's diffusion with the photo's grain put back, thicker ones by copying
 * the photo's own patches (patch-fill.ts), on a thread of their own; a huge hole, or one so
 * wide that no whole patch lies around it, by Telea too.
 */
export async function fillHoles(pixels: RgbPixels, holes: Uint8Array): Promise<void> {
  const thickness = holeThickness(holes, pixels.width, pixels.height);
  if (thickness === 0) return;
  let count = 0;
  for (const value of holes) if (value) count += 1;
  const copied = thickness > TELEA_THICKNESS && count <= MOST_COPIED;
  const filled = copied ? await onThread(pixels, holes) : undefined;
  // Thin, huge, or so wide that no patch around is whole: Telea, which needs only a border.
  if (filled) pixels.data.set(filled);
  else await repaintMarked(pixels, holes);
}
