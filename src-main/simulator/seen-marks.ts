import { createHash } from 'node:crypto';
import type { BlendEstimate, BlendSample } from '../imaging/blend-estimate.ts';
import { fitBlend } from '../imaging/blend-fit.ts';
import { blendSampleOf } from '../imaging/blend-sample.ts';
import { boundsOf, type Box } from '../imaging/pixel-grid.ts';
import type { RgbPixels } from '../imaging/rgb-pixels.ts';
import { recoverBox } from '../imaging/unblend.ts';

/**
 * Images of one size sent with the same mask before the fit is trusted: fewer cannot
 * outvote their photos' own texture.
 */
export const MIN_SEEN = 6;
/** Images kept per mask: past this the fit gains little, and memory stays bounded. */
const MAX_SEEN = 24;
/** Masks remembered at once; the one used longest ago is forgotten first. */
const MAX_MASKS = 8;
/** Pixels of photo kept around the mask for the repaint the fit compares against. */
const CONTEXT = 16;
/**
 * A mask whose pixels are mostly this transparent (or less) covers no semi-transparent mark
 * the fit could undo (an opaque label, say, or nothing at all): it is repainted instead.
 */
const LEAST_OPACITY = 0.08;
const LEAST_MARKED_SHARE = 0.1;

interface SeenMask {
  box: Box;
  region: Uint8Array;
  samples: BlendSample[];
  estimate?: BlendEstimate;
}

function crop(pixels: RgbPixels, box: Box): RgbPixels {
  const data = Buffer.alloc(box.width * box.height * 3);
  for (let y = 0; y < box.height; y += 1) {
    const from = ((box.top + y) * pixels.width + box.left) * 3;
    pixels.data.copy(data, y * box.width * 3, from, from + box.width * 3);
  }
  return { data, width: box.width, height: box.height };
}

function paste(pixels: RgbPixels, part: RgbPixels, box: Box): void {
  for (let y = 0; y < box.height; y += 1) {
    const to = ((box.top + y) * pixels.width + box.left) * 3;
    part.data.copy(pixels.data, to, y * box.width * 3, (y + 1) * box.width * 3);
  }
}

/** Whether the fit found a see-through mark over a fair share of the mask. */
function showsMark(estimate: BlendEstimate): boolean {
  let marked = 0;
  let region = 0;
  for (let p = 0; p < estimate.region.length; p += 1) {
    if (!estimate.region[p]) continue;
    region += 1;
    if (1 - (estimate.keepLuma[p] as number) >= LEAST_OPACITY) marked += 1;
  }
  return region > 0 && marked >= LEAST_MARKED_SHARE * region;
}

/**
 * The simulator's memory of the images sent with each mask, so its stand-in can do what a
 * good engine does with a batch that shares a watermark: measure the mark across the images
 * (see blend-fit.ts) and undo the blend, rather than smear a repaint over it. Until enough
 * images of a mask have come, or when the mask covers no see-through mark, the caller
 * repaints as before.
 */
export class SeenMarks {
  private readonly masks = new Map<string, SeenMask>();

  /** Undoes the mark in `pixels` in place when it can; false when the caller must repaint. */
  async unblend(pixels: RgbPixels, alpha: Uint8Array, lossy: boolean): Promise<boolean> {
    const key = `${pixels.width}x${pixels.height}:${createHash('sha256').update(alpha).digest('hex')}`;
    let seen = this.masks.get(key);
    if (!seen) {
      const box = boundsOf(alpha, pixels.width, pixels.height, CONTEXT);
      if (!box) return false;
      seen = { box, region: regionOf(alpha, pixels.width, box), samples: [] };
    }
    // Most recently used last, so the first key is the one to forget.
    this.masks.delete(key);
    this.masks.set(key, seen);
    if (this.masks.size > MAX_MASKS) this.masks.delete(this.masks.keys().next().value as string);
    const part = crop(pixels, seen.box);
    if (seen.samples.length < MAX_SEEN) {
      seen.samples.push(await blendSampleOf(part, seen.region));
      seen.estimate =
        seen.samples.length >= MIN_SEEN ? fitBlend(seen.samples, seen.region) : undefined;
    }
    if (!seen.estimate || !showsMark(seen.estimate)) return false;
    const recovered = { ...part, data: Buffer.from(part.data) };
    await recoverBox(recovered, seen.estimate, { lossy });
    paste(pixels, recovered, seen.box);
    return true;
  }
}

/** 1 where the mask marks, within the box. */
function regionOf(alpha: Uint8Array, width: number, box: Box): Uint8Array {
  const region = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      region[y * box.width + x] = alpha[(box.top + y) * width + box.left + x] ? 1 : 0;
    }
  }
  return region;
}
