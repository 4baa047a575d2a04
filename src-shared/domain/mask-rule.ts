/**
 * The smear-mask rule of section 4.1: a marked pixel is any colour but pure black and pure
 * white; every other pixel must be pure black or pure white. So a mask can only break the
 * rule by marking nothing, but any stray near-black edge pixel silently counts as marked.
 */
export interface MaskCoverage {
  width: number;
  height: number;
  marked: number;
  /** Share of the image marked, 0 to 1. */
  fraction: number;
}

/** `rgb` holds 3 bytes a pixel, row by row. */
export function maskCoverage(rgb: Uint8Array, width: number, height: number): MaskCoverage {
  if (rgb.length !== width * height * 3) {
    throw new Error(`expected ${width * height * 3} bytes of RGB, got ${rgb.length}`);
  }
  let marked = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i] as number;
    const g = rgb[i + 1] as number;
    const b = rgb[i + 2] as number;
    const black = r === 0 && g === 0 && b === 0;
    const white = r === 255 && g === 255 && b === 255;
    if (!black && !white) marked += 1;
  }
  const total = width * height;
  return { width, height, marked, fraction: total === 0 ? 0 : marked / total };
}

/** A per-pixel map, 255 where marked and 0 elsewhere, for whoever paints over the marks. */
export function maskToAlpha(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgb.length / 3);
  for (let p = 0, i = 0; p < out.length; p += 1, i += 3) {
    const r = rgb[i] as number;
    const g = rgb[i + 1] as number;
    const b = rgb[i + 2] as number;
    const plain = (r === 0 && g === 0 && b === 0) || (r === 255 && g === 255 && b === 255);
    out[p] = plain ? 0 : 255;
  }
  return out;
}
