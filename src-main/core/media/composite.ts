/**
 * Putting the service's pixels back into the user's photo: only where the service was meant
 * to work (the mask, or where its result differs from the photo), grown by a few pixels and
 * blended over a narrow seam. Everywhere else the photo's own decoded pixels stay, so a
 * lossless file keeps them exactly and a JPEG loses nothing more than one re-encode.
 */

/** Pixels as decoded, row by row, `channels` bytes each. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How far past the marked pixels the service's result is taken whole. */
export const GROW_PX = 4;
/** Beyond that, the width over which it fades into the photo. */
export const SEAM_PX = 4;
/** The side of the squares compared when no mask says where the service worked. */
const TILE = 8;
/**
 * A square counts as changed when its pixels differ by more than this on average (the
 * largest of their channels): above what a re-encode at a usual JPEG quality moves a photo
 * (about 1 to 3), below what painting out a watermark does.
 */
const NOISE_LEVEL = 6;

/** Where the service's pixels were taken, for the provenance log. */
export interface TakenRegion {
  box: Box;
  pixels: number;
}

/**
 * 1 for every pixel in an 8×8 square whose pixels the result changed beyond compression
 * noise, 0 elsewhere. Both images must have the same size and colour channels first.
 */
export function changedPlane(original: RawPixels, result: RawPixels, colours: number): Uint8Array {
  const { width, height } = original;
  const plane = new Uint8Array(width * height);
  for (let top = 0; top < height; top += TILE) {
    for (let left = 0; left < width; left += TILE) {
      const bottom = Math.min(height, top + TILE);
      const right = Math.min(width, left + TILE);
      let total = 0;
      for (let y = top; y < bottom; y += 1) {
        for (let x = left; x < right; x += 1) {
          const a = (y * width + x) * original.channels;
          const b = (y * width + x) * result.channels;
          let largest = 0;
          for (let c = 0; c < colours; c += 1) {
            largest = Math.max(
              largest,
              Math.abs((original.data[a + c] as number) - (result.data[b + c] as number)),
            );
          }
          total += largest;
        }
      }
      if (total <= NOISE_LEVEL * (bottom - top) * (right - left)) continue;
      for (let y = top; y < bottom; y += 1) plane.fill(1, y * width + left, y * width + right);
    }
  }
  return plane;
}

function boxOf(plane: Uint8Array, width: number, height: number): Box | undefined {
  let left = width;
  let right = -1;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    const row = plane.subarray(y * width, (y + 1) * width);
    const first = row.indexOf(1);
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, row.lastIndexOf(1));
  }
  return top < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * How much of the service's pixel each pixel takes, 0 to 255: all of it within `grow`
 * pixels of a marked one, fading to none over the next `seam` pixels. Distances are
 * chamfer distances (3 a step across, 4 a diagonal step, in thirds of a pixel), which
 * grow a mark into a near-round shape in two passes over the marks' surroundings only.
 */
export function blendWeights(
  plane: Uint8Array,
  width: number,
  height: number,
  grow = GROW_PX,
  seam = SEAM_PX,
): { weights: Uint8Array; taken?: TakenRegion } {
  const weights = new Uint8Array(width * height);
  const marked = boxOf(plane, width, height);
  if (!marked) return { weights };
  const reach = grow + seam + 1;
  const x0 = Math.max(0, marked.left - reach);
  const y0 = Math.max(0, marked.top - reach);
  const x1 = Math.min(width, marked.left + marked.width + reach);
  const y1 = Math.min(height, marked.top + marked.height + reach);
  const w = x1 - x0;
  const h = y1 - y0;
  const far = 3 * (reach + 1);
  // One pixel of border at `far` on every side: a step never leaves the array.
  const pw = w + 2;
  const padded = new Uint16Array(pw * (h + 2)).fill(far);
  for (let y = 0; y < h; y += 1) {
    const row = (y + 1) * pw + 1;
    const from = (y + y0) * width + x0;
    for (let x = 0; x < w; x += 1) if (plane[from + x]) padded[row + x] = 0;
  }
  const step = (j: number, cost: number, best: number) =>
    Math.min(best, (padded[j] as number) + cost);
  for (let y = 1; y <= h; y += 1) {
    for (let i = y * pw + 1, end = i + w; i < end; i += 1) {
      let best = padded[i] as number;
      best = step(i - 1, 3, best);
      best = step(i - pw, 3, best);
      best = step(i - pw - 1, 4, best);
      best = step(i - pw + 1, 4, best);
      padded[i] = Math.min(far, best);
    }
  }
  for (let y = h; y >= 1; y -= 1) {
    for (let i = y * pw + w, end = i - w; i > end; i -= 1) {
      let best = padded[i] as number;
      best = step(i + 1, 3, best);
      best = step(i + pw, 3, best);
      best = step(i + pw + 1, 4, best);
      best = step(i + pw - 1, 4, best);
      padded[i] = Math.min(far, best);
    }
  }
  const distance = (x: number, y: number) => padded[(y - y0 + 1) * pw + (x - x0 + 1)] as number;

  let pixels = 0;
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const d = distance(x, y) / 3;
      const weight = d <= grow ? 255 : d < reach ? Math.round((255 * (reach - d)) / (seam + 1)) : 0;
      if (weight === 0) continue;
      weights[y * width + x] = weight;
      pixels += 1;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  const taken = {
    box: {
      left: box.left,
      top: box.top,
      width: box.right - box.left + 1,
      height: box.bottom - box.top + 1,
    },
    pixels,
  };
  return { weights, taken };
}

/**
 * The original with the result's colour channels blended in by weight; the original's
 * alpha, if any, is kept, since the service paints colours, not transparency.
 */
export function blendInto(
  original: RawPixels,
  result: RawPixels,
  weights: Uint8Array,
  colours: number,
): Buffer {
  const out = Buffer.from(original.data);
  for (let p = 0; p < weights.length; p += 1) {
    const weight = weights[p] as number;
    if (weight === 0) continue;
    const a = p * original.channels;
    const b = p * result.channels;
    for (let c = 0; c < colours; c += 1) {
      out[a + c] = Math.round(
        ((result.data[b + c] as number) * weight +
          (original.data[a + c] as number) * (255 - weight)) /
          255,
      );
    }
  }
  return out;
}

/**
 * Whether the service changed anything, beyond compression noise, where its pixels are
 * taken (`weights` above 0): when it did not, the result is the input as it was, and the
 * credit bought nothing the user can see.
 */
export function changedWhereTaken(
  original: RawPixels,
  result: RawPixels,
  colours: number,
  weights: Uint8Array,
): boolean {
  const changed = changedPlane(original, result, colours);
  for (let i = 0; i < weights.length; i += 1) {
    if ((weights[i] as number) > 0 && changed[i] === 1) return true;
  }
  return false;
}
