import type { BlendEstimate } from './blend-estimate.ts';
import type { RgbPixels } from './rgb-pixels.ts';

/**
 * How far the local background is read around each pixel: wider than a mark's strokes (a
 * few pixels), narrower than the photo's own slow changes.
 */
const BACKGROUND_RADIUS = 4;
/** Pixels this far beyond the mask still count: a ghost's soft edge lies just outside it. */
const GROW = 2;
/** Too few pixels under the mark to tell anything: the check says nothing. */
const FEWEST_PIXELS = 64;

/**
 * A running mean along `lines` lines of `length` values each, `radius` each way: a line
 * starts `across` apart in the grid and its values are `along` apart.
 */
function meanAlong(
  values: Float32Array,
  out: Float32Array,
  shape: { lines: number; length: number; across: number; along: number },
  radius: number,
): void {
  const { lines, length, across, along } = shape;
  for (let line = 0; line < lines; line += 1) {
    for (let i = 0; i < length; i += 1) {
      let sum = 0;
      const from = Math.max(0, i - radius);
      const to = Math.min(length - 1, i + radius);
      for (let j = from; j <= to; j += 1) sum += values[line * across + j * along] as number;
      out[line * across + i * along] = sum / (to - from + 1);
    }
  }
}

/** A box blur of `values`, `radius` each way, over a `width` × `height` grid. */
function blurred(values: Float32Array, width: number, height: number, radius: number) {
  const rows = new Float32Array(values.length);
  const out = new Float32Array(values.length);
  meanAlong(values, rows, { lines: height, length: width, across: width, along: 1 }, radius);
  meanAlong(rows, out, { lines: width, length: height, across: 1, along: width }, radius);
  return out;
}

/** The mask grown by `GROW` pixels, as 0/1 per pixel of the box. */
function grown(region: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(region.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!region[y * width + x]) continue;
      for (let v = Math.max(0, y - GROW); v <= Math.min(height - 1, y + GROW); v += 1) {
        out.fill(1, v * width + Math.max(0, x - GROW), v * width + Math.min(width, x + GROW + 1));
      }
    }
  }
  return out;
}

/**
 * How closely what remains of a cleaned image inside the mark follows the mark, from −1 to
 * 1. The mark lays opacity × (its colour − the photo) over each pixel; with the photo's
 * local background in place of the photo, that is the pattern a ghost of the mark would
 * leave. Both the pattern and the cleaned pixels are taken less their local background
 * (strokes and edges, not the light of the scene), and correlated in brightness inside the
 * mask grown a little: a clean result's texture has nothing to do with the mark's shape
 * (near 0); a result that still holds the mark follows it (towards 1, or −1 for a mark
 * taken out too strongly, which reads as its negative).
 */
export function markTrace(cleaned: RgbPixels, estimate: BlendEstimate): number | undefined {
  const { width, height } = cleaned;
  const { region, keepLuma, lift } = estimate;
  const size = width * height;
  const luma = new Float32Array(size);
  for (let p = 0; p < size; p += 1) {
    const at = p * 3;
    luma[p] =
      0.299 * (cleaned.data[at] as number) +
      0.587 * (cleaned.data[at + 1] as number) +
      0.114 * (cleaned.data[at + 2] as number);
  }
  const background = blurred(luma, width, height, BACKGROUND_RADIUS);
  const pattern = new Float32Array(size);
  for (let p = 0; p < size; p += 1) {
    if (!region[p]) continue;
    const opacity = 1 - (keepLuma[p] as number);
    pattern[p] = (lift[p * 3] as number) - opacity * (background[p] as number);
  }
  const patternBackground = blurred(pattern, width, height, BACKGROUND_RADIUS);
  const inside = grown(region, width, height);
  // Sums for a correlation: count, a, b, a², b², a·b.
  const sums = new Float64Array(6);
  for (let p = 0; p < size; p += 1) {
    if (!inside[p]) continue;
    const a = (luma[p] as number) - (background[p] as number);
    const b = (pattern[p] as number) - (patternBackground[p] as number);
    const terms = [1, a, b, a * a, b * b, a * b];
    for (let t = 0; t < 6; t += 1) sums[t] = (sums[t] as number) + (terms[t] as number);
  }
  const [n = 0, sumA = 0, sumB = 0, sumAA = 0, sumBB = 0, sumAB = 0] = sums;
  if (n < FEWEST_PIXELS) return undefined;
  const varA = sumAA - (sumA * sumA) / n;
  const varB = sumBB - (sumB * sumB) / n;
  if (varA <= 0 || varB <= 0) return undefined;
  return (sumAB - (sumA * sumB) / n) / Math.sqrt(varA * varB);
}
