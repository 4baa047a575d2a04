import { fillOnThread } from './fill-thread.ts';
import { fillBox } from './patch-fill.ts';
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

/**
 * Fills the box around the holes on the kept thread (see fill-thread.ts), sending only that
 * box: the hole and the band its patches come from, not the photo. Writes the hole's
 * pixels back; false when no patch around could fill it.
 */
async function filledOnThread(
  pixels: RgbPixels,
  holes: Uint8Array,
  avoid: Uint8Array | undefined,
  thickness: number,
): Promise<boolean> {
  const { width, height } = pixels;
  const box = fillBox(holes, width, height, thickness);
  if (!box) return true;
  const data = new Uint8Array(box.width * box.height * 3);
  const inBox = new Uint8Array(box.width * box.height);
  const barred = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * width + box.left;
    data.set(pixels.data.subarray(from * 3, (from + box.width) * 3), y * box.width * 3);
    inBox.set(holes.subarray(from, from + box.width), y * box.width);
    if (avoid) barred.set(avoid.subarray(from, from + box.width), y * box.width);
  }
  const filled = await fillOnThread({
    data,
    width: box.width,
    height: box.height,
    holes: inBox,
    avoid: barred,
  });
  if (!filled) return false;
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const q = y * box.width + x;
      if (!holes[(box.top + y) * width + box.left + x]) continue;
      const p = (box.top + y) * width + box.left + x;
      pixels.data[p * 3] = filled[q * 3] as number;
      pixels.data[p * 3 + 1] = filled[q * 3 + 1] as number;
      pixels.data[p * 3 + 2] = filled[q * 3 + 2] as number;
    }
  }
  return true;
}

/**
 * Fills the pixels of `holes` (above 0) in `pixels`, in place, from the photo around them:
 * thin holes by Telea's diffusion with the photo's grain put back, thicker ones by copying
 * the photo's own patches (patch-fill.ts), on a thread of their own, never from a patch
 * holding a pixel of `avoid` (what still carries the mark); a huge hole, or one so wide
 * that no whole free patch lies around it, by Telea too.
 */
export async function fillHoles(
  pixels: RgbPixels,
  holes: Uint8Array,
  avoid?: Uint8Array,
): Promise<void> {
  const thickness = holeThickness(holes, pixels.width, pixels.height);
  if (thickness === 0) return;
  let count = 0;
  for (const value of holes) if (value) count += 1;
  const copied = thickness > TELEA_THICKNESS && count <= MOST_COPIED;
  // Thin, huge, or so wide that no patch around is whole: Telea, which needs only a border.
  if (!copied || !(await filledOnThread(pixels, holes, avoid, thickness))) {
    await repaintMarked(pixels, holes);
  }
}
