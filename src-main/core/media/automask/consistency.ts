import type { MedianGradient } from './median-gradient.ts';

/**
 * Whether an edge of the median gradient is one the batch shares, or one a few photos lent
 * it. On real photos (grass, petals, wood grain) half of eight images can agree on an edge
 * by chance, and the median keeps it: the walkthrough of issue #33 got blobs over the middle
 * of its photos that way. A shared mark is on (nearly) every image, so it passes two tests
 * noise does not: most images agree with it pixel by pixel, and each image carries the
 * pattern the others' median draws (leave-one-out), not only the median it helped make.
 */

/**
 * How many images beyond half must go the median's way at a pixel for it to be a mark's
 * edge, in standard deviations of a fair coin's count (√n / 2, so 0.6 √n is 1.2 of them):
 * by chance, half of a few photos agree often, most of many rarely. It asks all of 3 or 4
 * images, 5 of 6, 6 of 8, 13 of 20. Measured on real photos (issue #33's wallpapers, groups
 * of 4 to 8: the mark's edges have 90-100 % of the images agreeing, chance edges 65-80 %) and
 * on the bench's scenes, where a faint mark over a bright flat area is seen by 13-15 of 20.
 */
const AGREEING_SPREAD = 0.6;
/** An image agrees at a pixel when its gradient reaches this part of the median's, its way. */
const AGREEING_PART = 0.25;
/**
 * Leave-one-out correlation above which an image carries a region. A mark's images score
 * 0.5-0.97 (the faintest: the bench's 15 % mark over a bright flat area), chance regions
 * 0.1-0.5 on most images, 0.6-0.75 on the two or three that lent them their edges.
 */
export const CARRIES_REGION = 0.5;

function gradient(grey: Uint8Array, width: number, height: number, i: number) {
  const x = i % width;
  const here = grey[i] as number;
  return {
    gx: x + 1 < width ? (grey[i + 1] as number) - here : 0,
    gy: i + width < width * height ? (grey[i + width] as number) - here : 0,
  };
}

/** Whether enough of the images go the median's way at pixel `i`. */
export function sharedEdge(
  greys: readonly Uint8Array[],
  median: MedianGradient,
  i: number,
): boolean {
  const { width, height } = median;
  const mx = median.gx[i] as number;
  const my = median.gy[i] as number;
  const least = AGREEING_PART * (mx * mx + my * my);
  const needed = Math.ceil(greys.length / 2 + AGREEING_SPREAD * Math.sqrt(greys.length));
  let agreeing = 0;
  for (const [k, grey] of greys.entries()) {
    const g = gradient(grey, width, height, i);
    if (g.gx * mx + g.gy * my > least) agreeing += 1;
    // Enough already, or too few left to reach it.
    if (agreeing >= needed || agreeing + greys.length - k - 1 < needed) break;
  }
  return agreeing >= needed;
}

/**
 * The median of a sorted column once one of its values is taken out. Taking out any of equal
 * values leaves the same column, so only where the value lies against the middle matters:
 * no image needs its rank, and the column is sorted natively (this runs per pixel of a
 * mark's region, a tiled one's 55 000 at working size, for every image).
 */
function medianWithout(sorted: Int16Array, value: number): number {
  const left = sorted.length - 1;
  const lo = (left - 1) >> 1;
  const hi = left >> 1;
  const at = (j: number) => sorted[j] as number;
  if (value > at(hi)) return (at(lo) + at(hi)) / 2;
  if (value <= at(lo)) return (at(lo + 1) + at(hi + 1)) / 2;
  return (at(lo) + at(hi + 1)) / 2;
}

/** Each image against the median of the others' gradients over some pixels. */
export interface LeftOut {
  /** Normalised correlation: about 1 when the others draw the same pattern on it, alone. */
  correlation: number[];
  /**
   * The same agreement as evidence: the sum of its per-pixel products with the others' median
   * over their spread, Σp / √Σp² (a t-statistic with no mean assumed under chance). It grows
   * with the mark's size and does not fade when the photo's own edges are strong under it.
   */
  evidence: number[];
  /**
   * How strongly the mark is drawn on it against the others: Σp / Σ|median|², about 1 when as
   * strongly, 0.1 for the same mark laid at an eighth of the others' opacity.
   */
  gain: number[];
}

/** For each image, how its gradients at `pixels` agree with the median of the other images'. */
export function leftOut(
  greys: readonly Uint8Array[],
  width: number,
  height: number,
  pixels: Iterable<number>,
): LeftOut {
  const n = greys.length;
  const dot = new Float64Array(n);
  const dotSquares = new Float64Array(n);
  const own = new Float64Array(n);
  const others = new Float64Array(n);
  const xs = new Int16Array(n);
  const ys = new Int16Array(n);
  const sortedX = new Int16Array(n);
  const sortedY = new Int16Array(n);
  for (const i of pixels) {
    for (let k = 0; k < n; k += 1) {
      const g = gradient(greys[k] as Uint8Array, width, height, i);
      xs[k] = g.gx;
      ys[k] = g.gy;
    }
    sortedX.set(xs);
    sortedX.sort();
    sortedY.set(ys);
    sortedY.sort();
    for (let k = 0; k < n; k += 1) {
      const mx = medianWithout(sortedX, xs[k] as number);
      const my = medianWithout(sortedY, ys[k] as number);
      const gx = xs[k] as number;
      const gy = ys[k] as number;
      const product = gx * mx + gy * my;
      dot[k] = (dot[k] as number) + product;
      dotSquares[k] = (dotSquares[k] as number) + product * product;
      own[k] = (own[k] as number) + gx * gx + gy * gy;
      others[k] = (others[k] as number) + mx * mx + my * my;
    }
  }
  const ratio = (value: number, norm: number) => (norm === 0 ? 0 : value / norm);
  return {
    correlation: Array.from(dot, (value, k) =>
      ratio(value, Math.sqrt((own[k] as number) * (others[k] as number))),
    ),
    evidence: Array.from(dot, (value, k) => ratio(value, Math.sqrt(dotSquares[k] as number))),
    gain: Array.from(dot, (value, k) => ratio(value, others[k] as number)),
  };
}

/**
 * Whether a region is the batch's: carried (leave-one-out) by at least half the images and by
 * at least `least` of them. A mark on fewer than half cannot be told from a coincidence.
 */
export function sharedRegion(scores: readonly number[], least: number): boolean {
  const carrying = scores.filter((score) => score >= CARRIES_REGION).length;
  return carrying >= Math.max(least, Math.ceil(scores.length / 2));
}
