import { PixelStack, SCALE_FLOOR, fitLine, fitOpacity } from './blend-stack.ts';
import type { BlendEstimate, BlendSample } from './blend-estimate.ts';
import { Integral } from '../../src-shared/domain/integral.ts';
import { coloursGivenOpacity, markColours } from './mark-colours.ts';
import { MIN_KEEP } from './unblend.ts';

/** Rounds of (opacity given colour, colour given opacity). */
const COLOUR_ROUNDS = 2;

/**
 * Fits, pixel by pixel across the images, the observed values against the repainted ones.
 * The photo's true values under the mark differ from the repainted guess by texture and
 * noise that differ per image, so a line through twenty images is far surer than any one
 * guess. First opacity and colour per pixel (a straight line: slope 1 − a, intercept a·W);
 * then the few colours the mark is made of are found (most marks have one: white or black
 * text; a TV logo a white box and red letters), each taken from all its pixels at once, and
 * each pixel of one of them has its opacity fitted alone, alternating twice; a pixel of
 * none keeps its own colour. Robust (Huber-weighted) so an image whose repaint went badly
 * wrong at a pixel is outvoted. An opaque pixel comes out with no opacity left to undo
 * (`keep` near 0): it is filled, never un-blended (see unblend.ts). `fileNoise` is the
 * typical error (levels of brightness) the images' compression left, measured apart; given,
 * each pixel's un-blended value is weighed against a repaint (`BlendEstimate.trust`),
 * otherwise it is trusted alone.
 */
export function fitBlend(
  samples: readonly BlendSample[],
  region: Uint8Array,
  fileNoise?: number,
): BlendEstimate {
  const first = samples[0];
  if (!first) throw new Error('fitting a blend needs at least one image');
  const { width, height } = first.observed;
  const n = width * height;
  const k = samples.length;
  const keepLuma = new Float32Array(n).fill(1);
  const keepChroma = new Float32Array(n).fill(1);
  const lift = new Float32Array(n * 3);
  const trust = new Float32Array(n).fill(1);
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
  const found = markColours(estimate);
  if (!found) return estimate;
  const { colours, of } = found;
  estimate.colours = colours;
  if (colours.length === 1) estimate.colour = colours[0];
  // The residuals' mean square per pixel of one of the colours; −1 for the others.
  const spreads = new Float32Array(n).fill(-1);
  for (let round = 0; round < COLOUR_ROUNDS; round += 1) {
    for (let p = 0; p < n; p += 1) {
      const colour = colours[of[p] as number];
      if (!region[p] || !colour) continue;
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
    if (round + 1 < COLOUR_ROUNDS) coloursGivenOpacity(samples, estimate, found);
  }
  weighAgainstRepaint(estimate, spreads, fileNoise);
  return estimate;
}

/** Pixels around each whose residuals are pooled for its repaint's error (a 5 × 5 square). */
const SPREAD_RADIUS = 2;
/**
 * How much of the file's measured noise the mix counts. In full it took too much from the
 * repaint on real photos (twelve wallpapers with white text and a ring at 40 %, JPEG q85,
 * true mask: 36.2 dB un-blended alone, 35.9 mixed), which errs there more than the spread of
 * twenty images shows; at half, 36.3 dB, black text 36.7 → 36.9, and the `unblend` bench's
 * JPEG figure 0.945 → 0.887 × Telea (0.891 in full). Measured, not derived.
 */
const NOISE_WEIGHT = 0.5;

/**
 * How far to trust the un-blended value against a repaint, per pixel of a lossy file.
 * Un-blending divides the file's own noise by `keep`; a repaint errs by the photo's texture,
 * more deep inside a filled shape than at a thin stroke's rim. At each pixel the fit's
 * residuals' mean square is keep²·(repaint's error)² + (file's noise)², and the file's noise
 * is measured apart (`fileNoise`, from compressing the images afresh: see
 * compression-noise.ts), so the repaint's error there is what is left; each pixel then mixes
 * the two guesses by their variances (the least-squares mix of two independent guesses),
 * which comes to trust = 1 − noise² / mean square (with the noise weighed: `NOISE_WEIGHT`). The mean square is pooled over the
 * pixels around, since twenty images give each pixel's a third of its size in scatter.
 * Reading both errors off one line through (keep², mean square) over the mark, as this did
 * before, took a repaint's error that grows away from the mask's edge for the file's noise
 * (8.8 levels where JPEG leaves 2.4 to 3.3 on issue #34's real photos) and smoothed a
 * textured photo under the mark with Telea.
 */
function weighAgainstRepaint(
  estimate: BlendEstimate,
  spreads: Float32Array,
  fileNoise: number | undefined,
): void {
  const { region, trust, width, height } = estimate;
  if (fileNoise === undefined) return;
  const file2 = Math.max(SCALE_FLOOR, fileNoise) ** 2;
  const fitted = Uint8Array.from(spreads, (value) => (value < 0 ? 0 : 1));
  const counts = new Integral(width, height, fitted);
  const sums = new Integral(
    width,
    height,
    spreads.map((value) => Math.max(0, value)),
  );
  let repaint2 = 0;
  let count = 0;
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p] || !fitted[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    const pooled = counts.around(x, y, SPREAD_RADIUS).sum;
    const meanSquare = sums.around(x, y, SPREAD_RADIUS).sum / pooled;
    trust[p] = Math.max(0, 1 - (NOISE_WEIGHT * file2) / meanSquare);
    const keep = estimate.keepLuma[p] as number;
    if (keep >= MIN_KEEP && meanSquare > file2) {
      repaint2 += (meanSquare - file2) / (keep * keep);
      count += 1;
    }
  }
  estimate.noise = { file: Math.sqrt(file2), repaint: count > 0 ? Math.sqrt(repaint2 / count) : 0 };
}
