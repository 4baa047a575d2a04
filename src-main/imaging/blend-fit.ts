import type { RgbPixels } from './rgb-pixels.ts';
import { rgbToYcc } from './ycc.ts';

/**
 * What a semi-transparent mark does to every pixel under it, measured over a group of
 * images that share it (Dekel et al., CVPR 2017): a blend I = a·W + (1 − a)·J of the mark's
 * colour W at opacity a over the photo J. Kept as the numbers the inversion needs, per pixel
 * of the mark's box: `keep` = 1 − a and `lift` = a·W, so that J = (I − lift) / keep.
 * Brightness and colour have a `keep` each, since JPEG stores colour at half resolution and
 * so spreads the mark's opacity wider in colour than in brightness.
 */
export interface BlendEstimate {
  width: number;
  height: number;
  /** 1 where the mark may lie (the mask), 0 where pixels are the photo's own. */
  region: Uint8Array;
  /** 1 − opacity of the brightness, per pixel. */
  keepLuma: Float32Array;
  /** 1 − opacity of the colour differences, per pixel. */
  keepChroma: Float32Array;
  /** Opacity × the mark's colour, three values (Y, Cb, Cr) per pixel. */
  lift: Float32Array;
  /**
   * How much of each pixel of a lossy file (JPEG) to take from the un-blended value, 0 to
   * 1; the rest comes from a repaint. Below 1 where the file's own noise, divided by what
   * the mark leaves of the photo, errs about as much as a repaint (a dense mark). A
   * lossless file's only noise is rounding, so its pixels are un-blended alone.
   */
  trust: Float32Array;
  /** The mark's one colour (Y, Cb, Cr), or undefined when its colour varies (a colour logo). */
  colour?: [number, number, number];
  /** Typical error (levels) of the file's own noise and of a repaint under the mark. */
  noise: { file: number; repaint: number };
}

/** One image of the group: its pixels in the mark's box, and the same box repainted. */
export interface BlendSample {
  observed: RgbPixels;
  /**
   * The box with the mark's region repainted from around it (Telea, without grain): a rough
   * guess of the photo under the mark whose errors differ from image to image, so they
   * average out over the group.
   */
  filled: RgbPixels;
}

/** Rounds of reweighting that turn a least-squares fit into a robust one. */
const ROBUST_ROUNDS = 3;
/** Residuals beyond this many robust deviations count less and less (Huber's weight). */
const HUBER = 1.5;
/** No residual scale below this: 8-bit rounding alone leaves about half a level. */
const SCALE_FLOOR = 0.5;
/** Pixels at least this opaque tell the mark's colour. */
const COLOUR_OPACITY = 0.15;
/**
 * A mark is taken as one colour when its pixels' a·W stray from a times the one colour by
 * no more than this (levels, median): then each pixel's opacity is fitted alone, which
 * halves its error, instead of opacity and colour together. A colour logo strays by tens.
 */
const COLOUR_TOLERANCE = 6;
/** Rounds of (opacity given colour, colour given opacity). */
const COLOUR_ROUNDS = 2;

/** A pixel's values in every image, brightness and colour, observed and repainted. */
class PixelStack {
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
function medianOf(values: Float32Array, n = values.length): number {
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
function fitLine(
  stack: PixelStack,
  k: number,
  channels: readonly number[],
  work: { weights: Float32Array; residuals: Float32Array },
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
function fitOpacity(
  stack: PixelStack,
  k: number,
  channels: readonly number[],
  colour: readonly number[],
  start: number,
  work: { weights: Float32Array; residuals: Float32Array },
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

/**
 * Fits, pixel by pixel across the images, the observed values against the repainted ones.
 * The photo's true values under the mark differ from the repainted guess by texture and
 * noise that differ per image, so a line through twenty images is far surer than any one
 * guess. First opacity and colour per pixel (a straight line: slope 1 − a, intercept a·W);
 * then, when the mark is one colour (most are: white or black text, a logo in one tone),
 * that colour is taken from all its pixels at once and each pixel's opacity fitted alone,
 * alternating twice. Robust (Huber-weighted) so an image whose repaint went badly wrong at
 * a pixel is outvoted.
 */
export function fitBlend(samples: readonly BlendSample[], region: Uint8Array): BlendEstimate {
  const first = samples[0];
  if (!first) throw new Error('fitting a blend needs at least one image');
  const { width, height } = first.observed;
  const n = width * height;
  const k = samples.length;
  const keepLuma = new Float32Array(n).fill(1);
  const keepChroma = new Float32Array(n).fill(1);
  const lift = new Float32Array(n * 3);
  const trust = new Float32Array(n).fill(1);
  const spreads = new Float32Array(n);
  const stack = new PixelStack(samples);
  const work = { weights: new Float32Array(k * 2), residuals: new Float32Array(k * 2) };
  for (let p = 0; p < n; p += 1) {
    if (!region[p]) continue;
    stack.load(p);
    const luma = fitLine(stack, k, [0], work);
    const chroma = fitLine(stack, k, [1, 2], work);
    keepLuma[p] = luma.slope;
    keepChroma[p] = chroma.slope;
    lift[p * 3] = luma.intercepts[0] as number;
    lift[p * 3 + 1] = chroma.intercepts[0] as number;
    lift[p * 3 + 2] = chroma.intercepts[1] as number;
  }
  const estimate: BlendEstimate = {
    width,
    height,
    region,
    keepLuma,
    keepChroma,
    lift,
    trust,
    noise: { file: 0, repaint: 0 },
  };
  const colour = oneColour(estimate);
  if (colour) {
    estimate.colour = colour;
    for (let round = 0; round < COLOUR_ROUNDS; round += 1) {
      for (let p = 0; p < n; p += 1) {
        if (!region[p]) continue;
        stack.load(p);
        const luma = fitOpacity(stack, k, [0], colour, 1 - (keepLuma[p] as number), work);
        const chroma = fitOpacity(stack, k, [1, 2], colour, 1 - (keepChroma[p] as number), work);
        keepLuma[p] = 1 - luma.opacity;
        keepChroma[p] = 1 - chroma.opacity;
        lift[p * 3] = luma.opacity * colour[0];
        lift[p * 3 + 1] = chroma.opacity * colour[1];
        lift[p * 3 + 2] = chroma.opacity * colour[2];
        spreads[p] = luma.meanSquare;
      }
      if (round + 1 < COLOUR_ROUNDS) colourGivenOpacity(samples, estimate, colour);
    }
    weighAgainstRepaint(estimate, spreads);
  }
  return estimate;
}

/**
 * The mark's colour when its pixels agree on one: each fairly opaque pixel's a·W divided by
 * its a, the median per channel, and how far the pixels stray from it. Undefined when they
 * stray further than `COLOUR_TOLERANCE` (a mark of several colours) or no pixel is opaque
 * enough to tell.
 */
function oneColour(estimate: BlendEstimate): [number, number, number] | undefined {
  const { region, keepLuma, keepChroma, lift } = estimate;
  const values = [0, 1, 2].map(() => new Float32Array(region.length));
  const opacities = new Float32Array(region.length);
  let count = 0;
  for (let p = 0; p < region.length; p += 1) {
    const luma = 1 - (keepLuma[p] as number);
    const chroma = 1 - (keepChroma[p] as number);
    if (!region[p] || luma < COLOUR_OPACITY || chroma < COLOUR_OPACITY) continue;
    (values[0] as Float32Array)[count] = (lift[p * 3] as number) / luma;
    (values[1] as Float32Array)[count] = (lift[p * 3 + 1] as number) / chroma;
    (values[2] as Float32Array)[count] = (lift[p * 3 + 2] as number) / chroma;
    opacities[count] = luma;
    count += 1;
  }
  if (count === 0) return undefined;
  const colour = values.map((channel) => medianOf(channel, count)) as [number, number, number];
  const stray = new Float32Array(count);
  for (let i = 0; i < count; i += 1) {
    const opacity = opacities[i] as number;
    stray[i] = Math.max(
      ...values.map(
        (channel, c) => opacity * Math.abs((channel[i] as number) - (colour[c] as number)),
      ),
    );
  }
  return medianOf(stray) <= COLOUR_TOLERANCE ? colour : undefined;
}

/**
 * The colour that best explains every image given each pixel's opacity: least squares of
 * a·W = I − (1 − a)·F over the mark's pixels and the images. Updates `colour` in place.
 */
function colourGivenOpacity(
  samples: readonly BlendSample[],
  estimate: BlendEstimate,
  colour: [number, number, number],
): void {
  const { region, keepLuma, keepChroma } = estimate;
  const stack = new PixelStack(samples);
  const sums = [0, 0, 0];
  const norms = [0, 0, 0];
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    const opacities = [1 - (keepLuma[p] as number), 1 - (keepChroma[p] as number)];
    if ((opacities[0] as number) < COLOUR_OPACITY) continue;
    stack.load(p);
    for (let s = 0; s < samples.length; s += 1) {
      for (let c = 0; c < 3; c += 1) {
        const a = opacities[c === 0 ? 0 : 1] as number;
        const blended =
          (stack.seen[s * 3 + c] as number) - (1 - a) * (stack.guess[s * 3 + c] as number);
        sums[c] = (sums[c] as number) + a * blended;
        norms[c] = (norms[c] as number) + a * a;
      }
    }
  }
  for (let c = 0; c < 3; c += 1) {
    if ((norms[c] as number) > 0) colour[c] = (sums[c] as number) / (norms[c] as number);
  }
}

/**
 * How far to trust the un-blended value against a repaint, per pixel. Un-blending divides
 * the file's own noise (rounding, compression) by `keep`; a repaint errs by the photo's
 * texture whatever the mark. Both are read off the fit: at each pixel the residuals' mean
 * square is keep²·(repaint's error)² + (file's noise)², so a line through (keep², mean
 * square) over the mark's pixels gives the repaint's error² as its slope and the file's
 * noise² as its intercept. Each pixel then mixes the two guesses by their variances (the
 * least-squares mix of two independent guesses).
 */
function weighAgainstRepaint(estimate: BlendEstimate, spreads: Float32Array): void {
  const { region, keepLuma, trust } = estimate;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let count = 0;
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    const x = (keepLuma[p] as number) ** 2;
    const y = spreads[p] as number;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    count += 1;
  }
  const spread = sxx - (sx * sx) / count;
  if (count < 2 || spread <= 1e-9) return;
  const repaint2 = Math.max(0, (sxy - (sx * sy) / count) / spread);
  const file2 = Math.max(SCALE_FLOOR ** 2, (sy - repaint2 * sx) / count);
  estimate.noise = { file: Math.sqrt(file2), repaint: Math.sqrt(repaint2) };
  // No slope: the mark is too faint to tell the two apart, and faint marks amplify little.
  if (repaint2 === 0) return;
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    const keep = keepLuma[p] as number;
    const unblended = keep > 0 ? file2 / (keep * keep) : Number.POSITIVE_INFINITY;
    trust[p] = repaint2 / (repaint2 + unblended);
  }
}
