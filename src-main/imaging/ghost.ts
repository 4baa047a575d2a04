import type { BlendEstimate } from './blend-estimate.ts';
import { grow } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';

/**
 * What un-blending a compressed file leaves of the mark's edges: JPEG rounds each 8 × 8
 * block's frequencies, so the mark's sharp strokes ring in the file, and its colour is kept
 * at half resolution; dividing by what the mark left of the photo magnifies both into a
 * textured ghost of the letters, plainest on a flat sky. The photo around the mark shows
 * how much fine detail this photo has; fine detail under the mark beyond that is the ghost,
 * and is turned down to the photo's own level, window by window.
 */

/** How far the local mean reaches: fine detail is what a pixel differs from it by. */
const MEAN_RADIUS = 2;
/** How far the local amount of fine detail is read. */
const ENERGY_RADIUS = 3;
/** An opacity this much off its neighbours' mean is an edge of the mark. */
const EDGE_STEP = 0.02;
/** How far from the mark's edges JPEG's ringing reaches (half a block). */
const RIM_WIDTH = 4;
/**
 * Detail up to this many times the photo's own is left alone: the photo under the mark may
 * well be busier than the band around it.
 */
const SLACK = 2;
/** Pixels this far beyond the mask are the photo the fine detail is compared with. */
const BAND_FROM = 4;

/**
 * The mean of `values` over a square of `radius` each way, clipped to the grid: a running
 * sum along the rows, then along the columns, so its cost does not grow with the radius.
 */
export function boxMean(values: Float32Array, width: number, height: number, radius: number) {
  const rows = new Float32Array(values.length);
  for (let y = 0; y < height; y += 1) {
    const at = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(width, radius); x += 1) sum += values[at + x] as number;
    for (let x = 0; x < width; x += 1) {
      if (x + radius < width) sum += values[at + x + radius] as number;
      if (x - radius - 1 >= 0) sum -= values[at + x - radius - 1] as number;
      rows[at + x] = sum / (Math.min(width - 1, x + radius) - Math.max(0, x - radius) + 1);
    }
  }
  const out = new Float32Array(values.length);
  const sums = new Float64Array(width);
  for (let y = 0; y < Math.min(height, radius); y += 1) {
    for (let x = 0; x < width; x += 1)
      sums[x] = (sums[x] as number) + (rows[y * width + x] as number);
  }
  for (let y = 0; y < height; y += 1) {
    const adding = y + radius < height ? (y + radius) * width : -1;
    const dropping = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    const count = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    for (let x = 0; x < width; x += 1) {
      let sum = sums[x] as number;
      if (adding >= 0) sum += rows[adding + x] as number;
      if (dropping >= 0) sum -= rows[dropping + x] as number;
      sums[x] = sum;
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

/** How far the background a ghost stands out from is read. */
const BACKGROUND_RADIUS = 6;

/**
 * The most a compression residue shifts a pixel, in levels per unit of the mark's opacity
 * (8 levels under a 50 % mark): ringing and half-resolution colour leave a few levels.
 */
const RESIDUE_LIMIT = 16;

/** The mark's opacity in brightness where it is measured, 0 elsewhere. */
function opacityOf({ region, keepLuma }: BlendEstimate): Float32Array {
  const opacity = new Float32Array(region.length);
  for (let p = 0; p < region.length; p += 1) {
    opacity[p] = region[p] ? 1 - (keepLuma[p] as number) : 0;
  }
  return opacity;
}

/** Solves the 2 × 2 system [a b; b c]·x = [d e]; zeros when it is singular. */
function solve2(a: number, b: number, c: number, d: number, e: number): [number, number] {
  const det = a * c - b * b;
  if (Math.abs(det) < 1e-9) return [0, 0];
  return [(d * c - b * e) / det, (a * e - b * d) / det];
}

/**
 * Takes out of the mark's pixels what still follows the mark's shape, in place: the part
 * of each channel, less its local background, that a least-squares fit explains by the
 * mark's opacity and by its rim (where the opacity changes, as ringing and half-resolution
 * colour leave it), both less their local background too. A photo's own texture has
 * nothing to do with the mark's shape, so it is left alone; a ghost is what follows it.
 */
export function liftGhost(pixels: RgbPixels, estimate: BlendEstimate): void {
  const { data, width, height } = pixels;
  const { region } = estimate;
  const n = width * height;
  const inside = grow(region, width, height, 1);
  const opacity = opacityOf(estimate);
  const rim = boxMean(opacity, width, height, 1);
  for (let p = 0; p < n; p += 1) rim[p] = Math.abs((rim[p] as number) - (opacity[p] as number));
  const features = [opacity, rim].map((f) => {
    const bg = boxMean(f, width, height, BACKGROUND_RADIUS);
    for (let p = 0; p < n; p += 1) bg[p] = (f[p] as number) - (bg[p] as number);
    return bg;
  }) as [Float32Array, Float32Array];
  const [f1, f2] = features;
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  for (let p = 0; p < n; p += 1) {
    if (!inside[p]) continue;
    s11 += (f1[p] as number) ** 2;
    s12 += (f1[p] as number) * (f2[p] as number);
    s22 += (f2[p] as number) ** 2;
  }
  for (let c = 0; c < 3; c += 1) {
    const plane = new Float32Array(n);
    for (let p = 0; p < n; p += 1) plane[p] = data[p * 3 + c] as number;
    const bg = boxMean(plane, width, height, BACKGROUND_RADIUS);
    let r1 = 0;
    let r2 = 0;
    for (let p = 0; p < n; p += 1) {
      if (!inside[p]) continue;
      const r = (plane[p] as number) - (bg[p] as number);
      r1 += r * (f1[p] as number);
      r2 += r * (f2[p] as number);
    }
    const [b1, b2] = solve2(s11, s12, s22, r1, r2);
    // A larger remainder is no compression residue but a measurement gone wrong: it is
    // left for the mark check to find (mark-trace.ts), not hidden.
    if (Math.abs(b1) > RESIDUE_LIMIT || Math.abs(b2) > RESIDUE_LIMIT) continue;
    for (let p = 0; p < n; p += 1) {
      if (!inside[p] || !region[p]) continue;
      const value = (plane[p] as number) - b1 * (f1[p] as number) - b2 * (f2[p] as number);
      data[p * 3 + c] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
    }
  }
}

/**
 * Turns the fine detail of the mark's pixels down where it exceeds what the photo around
 * the mark has (per channel: the mean square of the same detail in a band outside the
 * mask), in place. Pixels outside the mask are left as they are.
 */
export function calmGhost(pixels: RgbPixels, estimate: BlendEstimate): void {
  const { data, width, height } = pixels;
  const { region } = estimate;
  const near = grow(region, width, height, BAND_FROM);
  const n = width * height;
  // Ringing lives near the mark's edges; inside a wide even part (a filled triangle at
  // 30 %) the detail is the photo's own, however busy.
  const opacity = opacityOf(estimate);
  const around = boxMean(opacity, width, height, 1);
  const edge = new Uint8Array(n);
  for (let p = 0; p < n; p += 1) {
    edge[p] = Math.abs((around[p] as number) - (opacity[p] as number)) >= EDGE_STEP ? 1 : 0;
  }
  const rim = grow(edge, width, height, RIM_WIDTH);
  for (let c = 0; c < 3; c += 1) {
    const plane = new Float32Array(n);
    for (let p = 0; p < n; p += 1) plane[p] = data[p * 3 + c] as number;
    const mean = boxMean(plane, width, height, MEAN_RADIUS);
    const fine = new Float32Array(n);
    let photo = 0;
    let count = 0;
    for (let p = 0; p < n; p += 1) {
      const d = (plane[p] as number) - (mean[p] as number);
      fine[p] = d * d;
      if (!near[p]) {
        photo += d * d;
        count += 1;
      }
    }
    if (count === 0) continue;
    const level = Math.max(1, (SLACK * photo) / count);
    const energy = boxMean(fine, width, height, ENERGY_RADIUS);
    for (let p = 0; p < n; p += 1) {
      if (!region[p] || !rim[p]) continue;
      const e = energy[p] as number;
      if (e <= level) continue;
      const gain = Math.sqrt(level / e);
      const m = mean[p] as number;
      const value = m + gain * ((plane[p] as number) - m);
      data[p * 3 + c] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
    }
  }
}
