import type { BlendSample } from './blend-estimate.ts';
import { rgbToYcc } from './ycc.ts';

/**
 * The robust per-pixel fits the mark's measurement is made of (see blend-fit.ts): each
 * pixel's values across the images, and lines through them weighted against outliers.
 */

/** Scratch arrays a fit reuses from pixel to pixel: two values (channels) per image. */
export interface FitWork {
  weights: Float32Array;
  residuals: Float32Array;
}

/** Rounds of reweighting that turn a least-squares fit into a robust one. */
const ROBUST_ROUNDS = 3;
/** Residuals beyond this many robust deviations count less and less (Huber's weight). */
const HUBER = 1.5;
/** No residual scale below this: 8-bit rounding alone leaves about half a level. */
export const SCALE_FLOOR = 0.5;
/** A pixel's values in every image, brightness and colour, observed and repainted. */
export class PixelStack {
  readonly seen: Float32Array;
  readonly guess: Float32Array;
  private readonly samples: readonly BlendSample[];
  constructor(samples: readonly BlendSample[]) {
    this.samples = samples;
    this.seen = new Float32Array(samples.length * 3);
    this.guess = new Float32Array(samples.length * 3);
  }

  load(p: number): void {
    const at = p * 3;
    this.samples.forEach(({ observed, filled }, s) => {
      const o = observed.data;
      const f = filled.data;
      rgbToYcc(o[at] as number, o[at + 1] as number, o[at + 2] as number, this.seen, s * 3);
      rgbToYcc(f[at] as number, f[at + 1] as number, f[at + 2] as number, this.guess, s * 3);
    });
  }
}

/** The median of the first `n` values (copied, so the caller's order stays). */
export function medianOf(values: Float32Array, n = values.length): number {
  if (n === 0) return 0;
  const sorted = values.slice(0, n).sort();
  const middle = n >> 1;
  return n % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Huber weights from absolute residuals, and the robust scale they were judged by. */
function huberWeights(residuals: Float32Array, n: number, weights: Float32Array): number {
  const scale = Math.max(SCALE_FLOOR, 1.4826 * medianOf(residuals, n));
  for (let i = 0; i < n; i += 1) {
    const r = residuals[i] as number;
    weights[i] = r <= HUBER * scale ? 1 : (HUBER * scale) / r;
  }
  return scale;
}

/**
 * Observed = slope · repainted + intercept per channel, one slope shared by the channels
 * given, kept within [0, 1] (an opacity between full and none), robustly.
 */
export function fitLine(
  stack: PixelStack,
  k: number,
  channels: readonly number[],
  work: FitWork,
): { slope: number; intercepts: number[] } {
  const { seen, guess } = stack;
  const { weights, residuals } = work;
  const m = channels.length;
  weights.fill(1, 0, k * m);
  let slope = 1;
  let intercepts = channels.map(() => 0);
  for (let round = 0; round < ROBUST_ROUNDS; round += 1) {
    const means = channels.map((c, j) => {
      let sw = 0;
      let sx = 0;
      let sy = 0;
      for (let s = 0; s < k; s += 1) {
        const w = weights[s * m + j] as number;
        sw += w;
        sx += w * (guess[s * 3 + c] as number);
        sy += w * (seen[s * 3 + c] as number);
      }
      return { x: sx / sw, y: sy / sw };
    });
    let sxy = 0;
    let sxx = 0;
    channels.forEach((c, j) => {
      const mean = means[j] as { x: number; y: number };
      for (let s = 0; s < k; s += 1) {
        const w = weights[s * m + j] as number;
        const dx = (guess[s * 3 + c] as number) - mean.x;
        sxy += w * dx * ((seen[s * 3 + c] as number) - mean.y);
        sxx += w * dx * dx;
      }
    });
    slope = sxx > 0 ? Math.min(1, Math.max(0, sxy / sxx)) : 1;
    intercepts = means.map((mean) => mean.y - slope * mean.x);
    if (round + 1 === ROBUST_ROUNDS) break;
    channels.forEach((c, j) => {
      for (let s = 0; s < k; s += 1) {
        residuals[s * m + j] = Math.abs(
          (seen[s * 3 + c] as number) -
            slope * (guess[s * 3 + c] as number) -
            (intercepts[j] as number),
        );
      }
    });
    huberWeights(residuals, k * m, weights);
  }
  return { slope, intercepts };
}

/**
 * With the colour W known, observed − repainted = a·(W − repainted): one number per pixel
 * (and channel group) to fit, robustly. Returns the opacity and the mean square of the
 * residuals it leaves.
 */
export function fitOpacity(
  stack: PixelStack,
  k: number,
  channels: readonly number[],
  colour: readonly number[],
  start: number,
  work: FitWork,
): { opacity: number; meanSquare: number } {
  const { seen, guess } = stack;
  const { weights, residuals } = work;
  const m = channels.length;
  let opacity = start;
  for (let round = 0; round < ROBUST_ROUNDS; round += 1) {
    channels.forEach((c, j) => {
      for (let s = 0; s < k; s += 1) {
        const x = (colour[c] as number) - (guess[s * 3 + c] as number);
        const y = (seen[s * 3 + c] as number) - (guess[s * 3 + c] as number);
        residuals[s * m + j] = Math.abs(y - opacity * x);
      }
    });
    huberWeights(residuals, k * m, weights);
    let sxy = 0;
    let sxx = 0;
    channels.forEach((c, j) => {
      for (let s = 0; s < k; s += 1) {
        const w = weights[s * m + j] as number;
        const x = (colour[c] as number) - (guess[s * 3 + c] as number);
        sxy += w * x * ((seen[s * 3 + c] as number) - (guess[s * 3 + c] as number));
        sxx += w * x * x;
      }
    });
    if (sxx > 0) opacity = Math.min(1, Math.max(0, sxy / sxx));
  }
  let squares = 0;
  for (const c of channels) {
    for (let s = 0; s < k; s += 1) {
      const x = (colour[c] as number) - (guess[s * 3 + c] as number);
      squares += ((seen[s * 3 + c] as number) - (guess[s * 3 + c] as number) - opacity * x) ** 2;
    }
  }
  return { opacity, meanSquare: squares / (k * m) };
}
