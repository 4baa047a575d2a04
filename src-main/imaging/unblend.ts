import type { BlendEstimate } from './blend-estimate.ts';
import { fillHoles } from './fill-holes.ts';
import { calmGhost, liftGhost } from './ghost.ts';
import { grow } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';
import { repaintMarked } from './telea-repaint.ts';
import { rgbToYcc, yccToRgb } from './ycc.ts';

/**
 * Below this share of the photo left under the mark (opacity above 80 %), dividing by it
 * magnifies the file's rounding and compression noise more than a repaint would err: those
 * pixels are repainted instead.
 */
export const MIN_KEEP = 0.2;
/** Pixels trusted at least this much take the un-blended value alone, with no repaint. */
const FULL_TRUST = 0.98;
/**
 * A pixel the mark covers by more than this still carries it after un-blending (its
 * colour, its rounding, its compression noise magnified): a fill copies no patch holding
 * it, nor one within `AVOID_GROWTH` pixels of it (JPEG spreads the mark's edge that far).
 */
const CARRIES_MARK = 0.05;
const AVOID_GROWTH = 2;

/** Where the mark lies in the box (opacity above `CARRIES_MARK`), grown: no fill copies from there. */
function markSupport(estimate: BlendEstimate): Uint8Array {
  const { region, keepLuma, keepChroma, width, height } = estimate;
  const support = new Uint8Array(region.length);
  for (let p = 0; p < region.length; p += 1) {
    const opacity = 1 - Math.min(keepLuma[p] as number, keepChroma[p] as number);
    if (region[p] && opacity > CARRIES_MARK) support[p] = 1;
  }
  return grow(support, width, height, AVOID_GROWTH);
}

/**
 * Undoes the blend in the pixels of the mark's box, in place: J = (I − a·W) / (1 − a) in
 * brightness and colour. Returns 255 for each pixel left to repaint (the mark is too opaque
 * there to see through), 0 elsewhere.
 */
export function unblendBox(pixels: RgbPixels, estimate: BlendEstimate): Uint8Array {
  const { data, width, height } = pixels;
  if (width !== estimate.width || height !== estimate.height) {
    throw new Error(
      `the estimate is for ${estimate.width}×${estimate.height} pixels, not ${width}×${height}`,
    );
  }
  const { region, keepLuma, keepChroma, lift } = estimate;
  const ycc = new Float32Array(3);
  const unsure = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p += 1) {
    if (!region[p]) continue;
    const luma = keepLuma[p] as number;
    const chroma = keepChroma[p] as number;
    if (luma < MIN_KEEP || chroma < MIN_KEEP) {
      unsure[p] = 255;
      continue;
    }
    const at = p * 3;
    rgbToYcc(data[at] as number, data[at + 1] as number, data[at + 2] as number, ycc, 0);
    yccToRgb(
      ((ycc[0] as number) - (lift[at] as number)) / luma,
      ((ycc[1] as number) - (lift[at + 1] as number)) / chroma,
      ((ycc[2] as number) - (lift[at + 2] as number)) / chroma,
      data,
      at,
    );
  }
  return unsure;
}

/**
 * The photo under the mark, in place, in the mark's box: the blend undone; for a lossy
 * file, mixed with a repaint where the estimate trusts the un-blended value less (see
 * `BlendEstimate.trust`); filled outright where the mark is too opaque to see through
 * (nothing of the photo is left there to un-blend), from the recovered pixels around
 * that do not carry the mark: patches of the photo copied in, or Telea with the photo's
 * grain for thin strokes (see fill-holes.ts).
 */
export async function recoverBox(
  pixels: RgbPixels,
  estimate: BlendEstimate,
  { lossy }: { lossy: boolean },
): Promise<void> {
  const { region, trust } = estimate;
  let mixed = false;
  for (let p = 0; p < region.length && lossy && !mixed; p += 1) {
    mixed = region[p] === 1 && (trust[p] as number) < FULL_TRUST;
  }
  let repainted: Buffer | undefined;
  if (mixed) {
    const copy = { ...pixels, data: Buffer.from(pixels.data) };
    await repaintMarked(
      copy,
      region.map((value) => (value ? 255 : 0)),
      { grain: false },
    );
    repainted = copy.data;
  }
  const unsure = unblendBox(pixels, estimate);
  if (repainted) {
    const { data } = pixels;
    for (let p = 0; p < region.length; p += 1) {
      const t = trust[p] as number;
      if (!region[p] || unsure[p] || t >= FULL_TRUST) continue;
      for (let c = p * 3; c < p * 3 + 3; c += 1) {
        data[c] = Math.round(t * (data[c] as number) + (1 - t) * (repainted[c] as number));
      }
    }
  }
  await fillHoles(pixels, unsure, markSupport(estimate));
  // What compression left of the mark's edges (see ghost.ts): a lossless file has none.
  if (lossy) {
    liftGhost(pixels, estimate);
    calmGhost(pixels, estimate);
  }
}
