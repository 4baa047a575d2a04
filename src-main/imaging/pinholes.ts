import type { RgbPixels } from './rgb-pixels.ts';

/**
 * A hole of the mask is sealed only when its pixels vary across the images less than this
 * share of what the photo around varies: a pinhole of an opaque mark is the mark itself (a
 * pixel that happened to match the batch), the same in every image; the counter of a
 * semi-transparent letter is the photo seen through, as varied as the rest of it.
 */
const STEADY_SHARE = 0.25;

/** How much each pixel's brightness varies across the images (standard deviation). */
function spreadAcross(images: readonly RgbPixels[]): Float32Array {
  const first = images[0];
  const size = first ? first.width * first.height : 0;
  const sum = new Float64Array(size);
  const squares = new Float64Array(size);
  for (const observed of images) {
    for (let p = 0; p < size; p += 1) {
      const at = p * 3;
      const luma =
        0.299 * (observed.data[at] as number) +
        0.587 * (observed.data[at + 1] as number) +
        0.114 * (observed.data[at + 2] as number);
      sum[p] = (sum[p] as number) + luma;
      squares[p] = (squares[p] as number) + luma * luma;
    }
  }
  const n = Math.max(1, images.length);
  return Float32Array.from(sum, (total, p) =>
    Math.sqrt(Math.max(0, (squares[p] as number) / n - (total / n) ** 2)),
  );
}

/**
 * The region `found` with those of the holes `sealed` closes (cells marked in `sealed`, not
 * in `found`) that hold the mark, not the photo: each 4-connected hole whose pixels vary
 * across the images less than `STEADY_SHARE` of the unmarked pixels of the box.
 */
export function opaqueHolesSealed(
  found: Uint8Array,
  sealed: Uint8Array,
  images: readonly RgbPixels[],
  width: number,
): Uint8Array {
  const out = Uint8Array.from(found, (value) => (value ? 1 : 0));
  const spread = spreadAcross(images);
  let photo = 0;
  let photoCount = 0;
  for (let p = 0; p < sealed.length; p += 1) {
    if (sealed[p]) continue;
    photo += spread[p] as number;
    photoCount += 1;
  }
  if (photoCount === 0) return Uint8Array.from(sealed, (value) => (value ? 1 : 0));
  const photoSpread = photo / photoCount;
  const seen = new Uint8Array(found.length);
  for (let start = 0; start < found.length; start += 1) {
    if (!sealed[start] || found[start] || seen[start]) continue;
    const hole: number[] = [];
    const stack = [start];
    seen[start] = 1;
    let holeSpread = 0;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      hole.push(p);
      holeSpread += spread[p] as number;
      const x = p % width;
      const around = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of around) {
        if (q < 0 || q >= found.length || !sealed[q] || found[q] || seen[q]) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    if (holeSpread / hole.length < STEADY_SHARE * photoSpread) for (const p of hole) out[p] = 1;
  }
  return out;
}
