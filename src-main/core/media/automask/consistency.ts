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

/** The median of `sorted` without its element at `skip`. */
function medianWithout(sorted: Float64Array, skip: number): number {
  const n = sorted.length - 1;
  const at = (j: number) => sorted[j < skip ? j : j + 1] as number;
  return n % 2 === 1 ? at(n >> 1) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

/**
 * For each image, the normalised correlation of its gradients at `pixels` with the median of
 * the other images' gradients there: about 1 when the others draw the same pattern on it.
 */
export function leaveOneOutScores(
  greys: readonly Uint8Array[],
  width: number,
  height: number,
  pixels: Iterable<number>,
): number[] {
  const n = greys.length;
  const dot = new Float64Array(n);
  const own = new Float64Array(n);
  const others = new Float64Array(n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const sortedX = new Float64Array(n);
  const sortedY = new Float64Array(n);
  const rankX = new Int32Array(n);
  const rankY = new Int32Array(n);
  const order = Array.from({ length: n }, (_, k) => k);
  const rank = (values: Float64Array, sorted: Float64Array, ranks: Int32Array) => {
    order.sort((a, b) => (values[a] as number) - (values[b] as number));
    order.forEach((k, r) => {
      sorted[r] = values[k] as number;
      ranks[k] = r;
    });
  };
  for (const i of pixels) {
    for (let k = 0; k < n; k += 1) {
      const g = gradient(greys[k] as Uint8Array, width, height, i);
      xs[k] = g.gx;
      ys[k] = g.gy;
    }
    rank(xs, sortedX, rankX);
    rank(ys, sortedY, rankY);
    for (let k = 0; k < n; k += 1) {
      const mx = medianWithout(sortedX, rankX[k] as number);
      const my = medianWithout(sortedY, rankY[k] as number);
      const gx = xs[k] as number;
      const gy = ys[k] as number;
      dot[k] = (dot[k] as number) + gx * mx + gy * my;
      own[k] = (own[k] as number) + gx * gx + gy * gy;
      others[k] = (others[k] as number) + mx * mx + my * my;
    }
  }
  return Array.from(dot, (value, k) => {
    const norm = Math.sqrt((own[k] as number) * (others[k] as number));
    return norm === 0 ? 0 : value / norm;
  });
}

/**
 * Whether a region is the batch's: carried (leave-one-out) by at least half the images and by
 * at least `least` of them. A mark on fewer than half cannot be told from a coincidence.
 */
export function sharedRegion(scores: readonly number[], least: number): boolean {
  const carrying = scores.filter((score) => score >= CARRIES_REGION).length;
  return carrying >= Math.max(least, Math.ceil(scores.length / 2));
}
