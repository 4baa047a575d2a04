import { Integral } from '../../src-shared/domain/integral.ts';
import type { RgbPixels } from './rgb-pixels.ts';

/**
 * Small tools over one plane of pixels: box sums, fine detail, growing a set of marked cells,
 * the box around them. Used to find marks and to put grain back into repainted areas.
 */

export function luminance(pixels: RgbPixels): Float32Array {
  const { data, width, height } = pixels;
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i += 1) {
    out[i] =
      0.299 * (data[i * 3] ?? 0) + 0.587 * (data[i * 3 + 1] ?? 0) + 0.114 * (data[i * 3 + 2] ?? 0);
  }
  return out;
}

/** How far each pixel stands from the mean of its neighbourhood: the fine detail of the photo. */
export function detail(
  values: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const sums = new Integral(width, height, values);
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { sum, count } = sums.around(x, y, radius);
      out[y * width + x] = (values[y * width + x] ?? 0) - sum / count;
    }
  }
  return out;
}

/** Every cell within `radius` of a marked one, marked. */
export function grow(marks: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const sums = new Integral(width, height, marks);
  const out = new Uint8Array(marks.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (sums.around(x, y, radius).sum > 0) out[y * width + x] = 255;
    }
  }
  return out;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A pixel this much brighter or darker than its surroundings is an edge of text, not grain. */
export const EDGE_CONTRAST = 48;

/** A small fast generator, seeded, so the same request gets the same result every time. */
export function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The box around the marked cells, widened by `margin`; undefined when none is marked. */
export function boundsOf(
  alpha: Uint8Array,
  width: number,
  height: number,
  margin: number,
): Box | undefined {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let i = 0; i < alpha.length; i += 1) {
    if (!alpha[i]) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (right < 0) return undefined;
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  return {
    left,
    top,
    width: Math.min(width, right + margin + 1) - left,
    height: Math.min(height, bottom + margin + 1) - top,
  };
}

/** The part of a plane of `width` columns inside the box. */
function crop(plane: Uint8Array, width: number, box: Box): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * width + box.left;
    out.set(plane.subarray(from, from + box.width), y * box.width);
  }
  return out;
}

/** How far each hole pixel is from the nearest known one (city-block, two passes). */
function thickness(hole: Uint8Array, width: number, height: number): number {
  const d = new Float32Array(hole.length);
  const far = width + height;
  for (let p = 0; p < hole.length; p += 1) d[p] = hole[p] ? far : 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      if (x > 0) d[p] = Math.min(d[p] as number, (d[p - 1] as number) + 1);
      if (y > 0) d[p] = Math.min(d[p] as number, (d[p - width] as number) + 1);
    }
  }
  let most = 0;
  for (let y = height - 1; y >= 0; y -= 1) {
    for (let x = width - 1; x >= 0; x -= 1) {
      const p = y * width + x;
      if (x < width - 1) d[p] = Math.min(d[p] as number, (d[p + 1] as number) + 1);
      if (y < height - 1) d[p] = Math.min(d[p] as number, (d[p + width] as number) + 1);
      most = Math.max(most, d[p] as number);
    }
  }
  return most;
}

/**
 * How thick the marked cells (above 0) are: the farthest any of them lies from an unmarked
 * one (city-block steps); 0 when none is marked. Measured in the box around them only.
 */
export function holeThickness(holes: Uint8Array, width: number, height: number): number {
  const box = boundsOf(holes, width, height, 1);
  if (!box) return 0;
  return thickness(
    crop(holes, width, box).map((v) => (v ? 1 : 0)),
    box.width,
    box.height,
  );
}

/**
 * The most cells a pinhole of a mask holds: a few pixels where the mark matched the batch.
 * A gap the mark really leaves open (a ring's middle, a large letter's counter) is larger,
 * and closing a small one costs nothing: the fit finds no mark there and leaves it be.
 */
export const PINHOLE_CELLS = 64;

/**
 * The region with its pinholes closed: every patch of unmarked cells that the region
 * encloses (it touches no edge of the plane) and that holds at most `most` cells becomes
 * marked. A finder's mask has such pinholes where a pixel of an opaque mark happened to
 * match the batch's median; left out, that pixel of the mark is taken for the photo (a
 * repaint spreads its colour into the letter, and the fit then sees no mark there).
 */
export function sealPinholes(
  region: Uint8Array,
  width: number,
  height: number,
  most: number,
): Uint8Array {
  const out = Uint8Array.from(region, (value) => (value ? 1 : 0));
  const seen = new Uint8Array(region.length);
  const stack: number[] = [];
  for (let start = 0; start < region.length; start += 1) {
    if (out[start] || seen[start]) continue;
    const members: number[] = [];
    let enclosed = true;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) enclosed = false;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= region.length || out[q] || seen[q]) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    if (enclosed && members.length <= most) for (const p of members) out[p] = 1;
  }
  return out;
}
