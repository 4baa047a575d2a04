import { growPlane, markedBox, squaredDistance } from '../../src-shared/domain/mask-morphology.ts';
import { withMark, type MarkLayer } from '../support/real-marks-set.ts';

/**
 * What the real-marks benchmark reads from one photo: where its mark is, how far a result
 * is from the clean photo there and from the input elsewhere, how the finder's mask sits on
 * the mark, and whether the mark can still be seen.
 */

/** A mark's pixel is one it covers by more than this (the 2 %). */
const LEAST_ALPHA = 0.02;
/** The mark's region is grown by this much: a soft rim and JPEG ringing lie around it. */
const REGION_GROWTH = 3;
/** "Far from the mark": at least this many pixels from every pixel of it. */
const FAR = 24;

export interface Planes {
  width: number;
  height: number;
  /** 1 where the mark covers more than 2 %. */
  mark: Uint8Array;
  /** The mark grown by 3 pixels: where its PSNR is read. */
  region: Uint8Array;
  /** 1 at 24 pixels and more from the mark. */
  far: Uint8Array;
  /** Opacity per pixel of the whole image. */
  alpha: Float32Array;
}

export function planesOf(layer: MarkLayer, width: number, height: number): Planes {
  const alpha = new Float32Array(width * height);
  const mark = new Uint8Array(width * height);
  const { box } = layer;
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const a = layer.alpha[y * box.width + x] as number;
      const i = (box.y + y) * width + box.x + x;
      alpha[i] = a;
      if (a > LEAST_ALPHA) mark[i] = 1;
    }
  }
  // Only the box around the mark, widened by FAR, can hold a pixel nearer than FAR to it.
  const far = new Uint8Array(width * height).fill(1);
  const near = markedBox(mark, width, height);
  if (near) {
    const x0 = Math.max(0, near.x - FAR);
    const y0 = Math.max(0, near.y - FAR);
    const w = Math.min(width, near.x + near.width + FAR) - x0;
    const h = Math.min(height, near.y + near.height + FAR) - y0;
    const at = (i: number) => (y0 + Math.floor(i / w)) * width + x0 + (i % w);
    const distance = squaredDistance(w, h, (i) => mark[at(i)] === 1);
    for (let i = 0; i < distance.length; i += 1) {
      if ((distance[i] as number) < FAR * FAR) far[at(i)] = 0;
    }
  }
  return {
    width,
    height,
    mark,
    region: growPlane(mark, width, height, REGION_GROWTH),
    far,
    alpha,
  };
}

/** Summed squared error over the three channels of the pixels `where` marks, and their count. */
export interface Squared {
  sum: number;
  count: number;
}

export function squaredError(a: Uint8Array, b: Uint8Array, where: Uint8Array): Squared {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < where.length; i += 1) {
    if (!where[i]) continue;
    for (let c = 0; c < 3; c += 1) {
      const d = (a[i * 3 + c] as number) - (b[i * 3 + c] as number);
      sum += d * d;
    }
    count += 3;
  }
  return { sum, count };
}

/** PSNR of errors pooled over many photos; 99 dB for none (bit-identical), NaN for no pixel. */
export function psnr(parts: readonly Squared[]): number {
  const sum = parts.reduce((total, part) => total + part.sum, 0);
  const count = parts.reduce((total, part) => total + part.count, 0);
  if (count === 0) return Number.NaN;
  if (sum === 0) return 99;
  return Math.min(99, 10 * Math.log10((255 * 255 * count) / sum));
}

export interface FinderScore {
  /** Pixels of the mask and of the mark's region both, and of either. */
  inter: number;
  union: number;
  /** The mark's pixels, and those of them inside the mask. */
  markPixels: number;
  covered: number;
  /** The largest connected part of the mask touching no pixel of the mark's region, in pixels. */
  largestFalse: number;
}

/**
 * The finder's mask against the truth: IoU with the mark's region (the mark grown by 3 pixels,
 * as a painted mask would be), recall of the mark's pixels, and its largest false region.
 */
export function finderScore(mask: Uint8Array | undefined, planes: Planes): FinderScore {
  let inter = 0;
  let union = 0;
  let markPixels = 0;
  let covered = 0;
  for (let i = 0; i < planes.region.length; i += 1) {
    const m = mask?.[i] ?? 0;
    const r = planes.region[i] as number;
    if (m && r) inter += 1;
    if (m || r) union += 1;
    if (planes.mark[i]) {
      markPixels += 1;
      if (m) covered += 1;
    }
  }
  return {
    inter,
    union,
    markPixels,
    covered,
    largestFalse: mask ? largestFalseRegion(mask, planes) : 0,
  };
}

/** The largest 8-connected part of the mask with no pixel in the mark's region. */
function largestFalseRegion(mask: Uint8Array, planes: Planes): number {
  const { width, height } = planes;
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  let largest = 0;
  for (let start = 0; start < mask.length; start += 1) {
    if (!mask[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let size = 0;
    let touches = false;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      size += 1;
      if (planes.region[i]) touches = true;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (!touches) largest = Math.max(largest, size);
  }
  return largest;
}

/** How much of the mark a result still holds. */
export interface Remaining {
  /** The share of the mark's own contrast left (0 gone, 1 untouched). */
  share: number;
  /** What that share amounts to, in levels (RMS over the mark's pixels and channels). */
  levels: number;
}

/**
 * The part of the result's error (against the clean photo) that has the mark's shape: the
 * least-squares share k of what the mark added (marked − clean) that the error still holds,
 * over the mark's pixels. Noise and a fill's own errors do not have the mark's shape.
 */
export function remainingMark(
  result: Uint8Array,
  clean: Uint8Array,
  layer: MarkLayer,
  planes: Planes,
): Remaining {
  const stamped = withMark(clean, layer, planes.width);
  let along = 0;
  let energy = 0;
  let count = 0;
  for (let i = 0; i < planes.mark.length; i += 1) {
    if (!planes.mark[i]) continue;
    for (let c = 0; c < 3; c += 1) {
      const added = (stamped[i * 3 + c] as number) - (clean[i * 3 + c] as number);
      along += ((result[i * 3 + c] as number) - (clean[i * 3 + c] as number)) * added;
      energy += added * added;
      count += 1;
    }
  }
  if (energy === 0) return { share: 0, levels: 0 };
  const share = along / energy;
  return { share, levels: share * Math.sqrt(energy / count) };
}

/**
 * This benchmark's own word on "the mark is still visible", set by looking at results beside
 * their clean photos: at least 10 % of the mark's contrast is left in its shape and that
 * amounts to at least 3 levels (a ghost of its letters: at 8 % and 5 levels none could be
 * seen, at 11 % and 6.5 they could), or at least 10 % of its pixels are nearer one of its
 * colours than the photo (a smear of the mark's colours, as an opaque mark leaves).
 */
export function markVisible(remaining: Remaining, colouredShare: number): boolean {
  return (remaining.share >= 0.1 && remaining.levels >= 3) || colouredShare >= 0.1;
}

/** The distinct colours the mark is drawn in (where it covers at least half). */
export function markColours(layer: MarkLayer): Array<[number, number, number]> {
  const seen = new Map<string, [number, number, number]>();
  for (let k = 0; k < layer.alpha.length; k += 1) {
    if ((layer.alpha[k] as number) < 0.5) continue;
    const rgb: [number, number, number] = [
      layer.colour[k * 3] as number,
      layer.colour[k * 3 + 1] as number,
      layer.colour[k * 3 + 2] as number,
    ];
    seen.set(rgb.join(','), rgb);
  }
  return [...seen.values()];
}

/** How many of the mark's pixels the result holds closer to one of its colours than to the photo. */
export function markColoured(
  result: Uint8Array,
  clean: Uint8Array,
  colours: ReadonlyArray<readonly [number, number, number]>,
  planes: Planes,
): { count: number; of: number } {
  let count = 0;
  let of = 0;
  const distance = (i: number, rgb: ArrayLike<number>, at: number) =>
    ((result[i] as number) - (rgb[at] as number)) ** 2 +
    ((result[i + 1] as number) - (rgb[at + 1] as number)) ** 2 +
    ((result[i + 2] as number) - (rgb[at + 2] as number)) ** 2;
  for (let p = 0; p < planes.mark.length; p += 1) {
    if (!planes.mark[p]) continue;
    of += 1;
    const toPhoto = distance(p * 3, clean, p * 3);
    if (colours.some((rgb) => distance(p * 3, rgb, 0) < toPhoto)) count += 1;
  }
  return { count, of };
}

/** Rec. 601 luma of each pixel of a box of an RGB image, as floats. */
function lumaOf(rgb: Uint8Array, width: number, box: Box): Float32Array {
  const out = new Float32Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const i = ((box.y + y) * width + box.x + x) * 3;
      out[y * box.width + x] =
        0.299 * (rgb[i] as number) +
        0.587 * (rgb[i + 1] as number) +
        0.114 * (rgb[i + 2] as number);
    }
  }
  return out;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The 11-tap Gaussian of σ 1.5 the SSIM paper uses, normalised. */
const GAUSS = (() => {
  const taps = Array.from({ length: 11 }, (_, k) => Math.exp(-((k - 5) ** 2) / (2 * 1.5 * 1.5)));
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((t) => t / sum);
})();

/** The plane blurred by GAUSS both ways, the edges clamped. */
function blurred(plane: Float32Array, width: number, height: number): Float32Array {
  const pass = (from: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(from.length);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        let sum = 0;
        for (let k = -5; k <= 5; k += 1) {
          const sx = Math.min(width - 1, Math.max(0, x + k * dx));
          const sy = Math.min(height - 1, Math.max(0, y + k * dy));
          sum += (GAUSS[k + 5] as number) * (from[sy * width + sx] as number);
        }
        out[y * width + x] = sum;
      }
    }
    return out;
  };
  return pass(pass(plane, 1, 0), 0, 1);
}

/**
 * Mean SSIM of the luma of two images over a box (Wang, Bovik, Sheikh and Simoncelli 2004:
 * Gaussian window of σ 1.5, K1 0.01, K2 0.03).
 */
export function ssim(a: Uint8Array, b: Uint8Array, width: number, box: Box): number {
  const x = lumaOf(a, width, box);
  const y = lumaOf(b, width, box);
  const product = (p: Float32Array, q: Float32Array) => p.map((v, i) => v * (q[i] as number));
  const mx = blurred(x, box.width, box.height);
  const my = blurred(y, box.width, box.height);
  const xx = blurred(product(x, x), box.width, box.height);
  const yy = blurred(product(y, y), box.width, box.height);
  const xy = blurred(product(x, y), box.width, box.height);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) {
    const ux = mx[i] as number;
    const uy = my[i] as number;
    const vx = (xx[i] as number) - ux * ux;
    const vy = (yy[i] as number) - uy * uy;
    const cxy = (xy[i] as number) - ux * uy;
    sum += ((2 * ux * uy + c1) * (2 * cxy + c2)) / ((ux * ux + uy * uy + c1) * (vx + vy + c2));
  }
  return sum / x.length;
}
