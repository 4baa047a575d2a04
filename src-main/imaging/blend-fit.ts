import { PixelStack, SCALE_FLOOR, fitLine, fitOpacity } from './blend-stack.ts';
import type { BlendEstimate, BlendSample } from './blend-estimate.ts';
import { COLOUR_OPACITY, coloursGivenOpacity, markColours } from './mark-colours.ts';

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
 * (`keep` near 0): it is filled, never un-blended (see unblend.ts).
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
  weighAgainstRepaint(estimate, spreads);
  return estimate;
}

/**
 * Where the mark leaves at least this much of the photo (50 % opacity or less), un-blending
 * at most doubles the file's noise, and its pixels are un-blended alone. The line below
 * cannot tell the file's noise from a repaint's error that grows away from the mask's edge
 * (small at a thin stroke's rim, large deep in a filled triangle): on real photos (issue
 * #34's real-marks set, JPEG q85) it read 8.8 levels of noise where JPEG leaves about 2.6 and
 * took a quarter to two thirds of each pixel from Telea, which smooths a textured photo
 * under the mark: black text at 35 % lifted to 28.9 dB mixed and 35.3 dB alone, a 30 % logo
 * to 30.5 and 34.0 (the true mask, 24 photos).
 */
const UNMIXED_KEEP = 0.5;

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
    // Nearly clear pixels (the mask's margin) are left out: their residuals hold the
    // ringing beside the mark's edges, not the noise a division by `keep` magnifies, and
    // outnumbering the mark's own pixels they bent the line.
    if (!region[p] || (spreads[p] as number) < 0) continue;
    if (1 - (keepLuma[p] as number) < COLOUR_OPACITY) continue;
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
    if (!region[p] || (spreads[p] as number) < 0) continue;
    const keep = keepLuma[p] as number;
    if (keep >= UNMIXED_KEEP) continue;
    const unblended = keep > 0 ? file2 / (keep * keep) : Number.POSITIVE_INFINITY;
    trust[p] = repaint2 / (repaint2 + unblended);
  }
}
