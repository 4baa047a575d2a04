import type { BlendEstimate } from './blend-estimate.ts';
import { Integral } from '../../src-shared/domain/integral.ts';
import { grow } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';
import { rgbToYcc } from './ycc.ts';

/**
 * What is left of a mark in a cleaned box, read with the measurement of the mark alone (no
 * clean photo): how much of the mark's own pattern the result still holds, in brightness
 * and colour, and how much of an opaque mark's colours survives where it lay.
 */

/**
 * How far the local background is read: strokes and edges at the smaller, a large letter's
 * or a filled shape's inside (a logo's triangle left lighter) at the larger.
 */
const SCALES = [4, 12] as const;
/** Pixels this far beyond the mask still count: a ghost's soft edge lies just outside it. */
const EDGE = 2;
/**
 * The share of the mark's pattern, and what it amounts to in levels, from which a ghost can
 * be seen: the real-marks benchmark's own word on "still visible" (10 % of the mark's
 * contrast and 3 levels, set by looking at results beside their clean photos), with the
 * levels a little lower since a pattern read without the clean photo loses some of its
 * strength to the background it is read against.
 */
export const LEFT_SHARE = 0.1;
export const LEFT_LEVELS = 2.5;
/**
 * From this share of an opaque colour's pixels still nearer that colour than the photo
 * around the mark, the colour is a smear that can be seen (the benchmark's 10 %).
 */
export const SMEAR_SHARE = 0.1;
/** Pixels at least this opaque (brightness and colour) tell the mark's colour for the smear. */
const OPAQUE = 0.5;
/** Too few pixels under the mark to tell anything: the check says nothing. */
export const FEWEST_PIXELS = 64;
/** A colour of the mark with fewer pixels than this is not judged (a stray pixel). */
const FEWEST_OF_A_COLOUR = 32;
/** Pixels fainter than this (the mask's margin) are left out of the mark's contrast. */
const FAINT = 0.05;
/** Two colours closer than this (levels, brightness and colour differences) are one. */
const SAME_COLOUR = 40;
/** A colour this common in the photo around the mask may be the photo's own under it. */
const COMMON = 0.02;
/** How far the photo around the mask is read first for each pixel of it (then farther). */
const AROUND = 12;

/** Sums of one scale: the regression of the result's detail on the pattern's, and its strength. */
interface Scale {
  /** Pixels read (the mask grown by `EDGE`). */
  pixels: number;
  along: number;
  energy: number;
  squares: number;
  count: number;
}

interface Tally {
  near: number;
  of: number;
}

/** A box mean of `values`, `radius` each way, clipped to the grid. */
function meanAround(values: Float32Array, width: number, height: number, radius: number) {
  const sums = new Integral(width, height, values);
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { sum, count } = sums.around(x, y, radius);
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

/** The box as three planes: brightness and the two colour differences (see ycc.ts). */
function planesOf(pixels: RgbPixels): Float32Array[] {
  const size = pixels.width * pixels.height;
  const ycc = new Float32Array(3);
  const planes = [new Float32Array(size), new Float32Array(size), new Float32Array(size)];
  for (let p = 0; p < size; p += 1) {
    const at = p * 3;
    rgbToYcc(
      pixels.data[at] as number,
      pixels.data[at + 1] as number,
      pixels.data[at + 2] as number,
      ycc,
      0,
    );
    for (let c = 0; c < 3; c += 1) (planes[c] as Float32Array)[p] = ycc[c] as number;
  }
  return planes;
}

const opacityOf = (estimate: BlendEstimate, p: number, channel: number) =>
  1 - ((channel === 0 ? estimate.keepLuma[p] : estimate.keepChroma[p]) as number);

/** The pattern's strength in RGB levels (RMS over the mark's pixels and channels). */
function contrast(
  pattern: Float32Array[],
  estimate: BlendEstimate,
): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < estimate.region.length; p += 1) {
    if (!estimate.region[p] || opacityOf(estimate, p, 0) < FAINT) continue;
    const [y, cb, cr] = pattern.map((plane) => plane[p] as number) as [number, number, number];
    const rgb = [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb];
    for (const value of rgb) sum += value * value;
    count += 3;
  }
  return { sum, count };
}

/**
 * The share of the mark's pattern the result still holds at one scale, and that share in
 * levels. The mark lays opacity × (its colour − the photo) over each pixel, per channel with
 * the channel's own opacity; with the result's local background for the photo that is the
 * pattern a ghost leaves. Both are taken less their local background (the scene's slow light
 * is not the mark) and the result's detail is regressed on the pattern's, over brightness
 * and both colour differences at once, inside the mask grown a little: the slope is the
 * share left (negative for a mark taken out too strongly, which reads as its negative). A
 * busy photo's texture does not follow the mark, so it weighs on the slope only as noise,
 * where it drowned a correlation.
 */
function shareLeft(planes: Float32Array[], estimate: BlendEstimate, radius: number): Scale {
  const { width, height, region, lift } = estimate;
  const inside = grow(region, width, height, EDGE);
  const patterns: Float32Array[] = [];
  let along = 0;
  let energy = 0;
  let pixels = 0;
  for (let p = 0; p < inside.length; p += 1) if (inside[p]) pixels += 1;
  for (let c = 0; c < 3; c += 1) {
    const plane = planes[c] as Float32Array;
    const background = meanAround(plane, width, height, radius);
    const pattern = new Float32Array(plane.length);
    for (let p = 0; p < plane.length; p += 1) {
      if (!region[p]) continue;
      pattern[p] =
        (lift[p * 3 + c] as number) - opacityOf(estimate, p, c) * (background[p] as number);
    }
    patterns.push(pattern);
    const patternBackground = meanAround(pattern, width, height, radius);
    for (let p = 0; p < plane.length; p += 1) {
      if (!inside[p]) continue;
      const a = (plane[p] as number) - (background[p] as number);
      const b = (pattern[p] as number) - (patternBackground[p] as number);
      along += a * b;
      energy += b * b;
    }
  }
  const strength = contrast(patterns, estimate);
  return { pixels, along, energy, squares: strength.sum, count: strength.count };
}

/**
 * The photo around the mask, spread inwards: each pixel of `wanted` gets the mean of the
 * unmasked pixels within `AROUND` of it, or of a wider square where none is that near (the
 * others are left 0: on a tiled mark's boxes this was a sixth of the whole job's time).
 */
function photoAround(
  plane: Float32Array,
  region: Uint8Array,
  wanted: Uint8Array,
  width: number,
  height: number,
) {
  const outside = Float32Array.from(region, (marked) => (marked ? 0 : 1));
  const values = plane.map((value, p) => value * (outside[p] as number));
  const sums = new Integral(width, height, values);
  const counts = new Integral(width, height, outside);
  const out = new Float32Array(plane.length);
  const widest = Math.max(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!wanted[y * width + x]) continue;
      let radius = AROUND;
      let count = counts.around(x, y, radius).sum;
      while (count === 0 && radius < widest) {
        radius *= 2;
        count = counts.around(x, y, radius).sum;
      }
      out[y * width + x] = count > 0 ? sums.around(x, y, radius).sum / count : 0;
    }
  }
  return out;
}

/**
 * The largest share, over the colours of the mark's opaque pixels, of pixels the result
 * holds nearer that colour than the photo around the mask: an opaque mark's letters left as
 * a smear of their colour. Each opaque pixel's colour is its own (lift ÷ opacity), so a red
 * letter is judged among the red pixels, not drowned by its white box.
 */
function smearOf(planes: Float32Array[], estimate: BlendEstimate): Map<string, Tally> {
  const { width, height, region, lift } = estimate;
  const opaque = region.map((marked, p) =>
    marked && opacityOf(estimate, p, 0) >= OPAQUE && opacityOf(estimate, p, 1) >= OPAQUE ? 1 : 0,
  );
  if (!opaque.includes(1)) return new Map();
  const around = planes.map((plane) => photoAround(plane, region, opaque, width, height));
  const colours = new Map<string, Tally & { sum: [number, number, number] }>();
  for (let p = 0; p < region.length; p += 1) {
    if (!opaque[p]) continue;
    let toMark = 0;
    let toPhoto = 0;
    const own: [number, number, number] = [0, 0, 0];
    for (let c = 0; c < 3; c += 1) {
      const colour = (lift[p * 3 + c] as number) / opacityOf(estimate, p, c);
      own[c] = colour;
      const value = (planes[c] as Float32Array)[p] as number;
      toMark += (value - colour) ** 2;
      toPhoto += (value - ((around[c] as Float32Array)[p] as number)) ** 2;
    }
    // Colours are told apart by 40 levels or so (see mark-colours.ts): binned by 32.
    const key = own.map((value) => Math.round(value / 32)).join(',');
    const tally = colours.get(key) ?? { near: 0, of: 0, sum: [0, 0, 0] };
    tally.of += 1;
    if (toMark < toPhoto) tally.near += 1;
    own.forEach((value, c) => (tally.sum[c] = (tally.sum[c] as number) + value));
    colours.set(key, tally);
  }
  const judged = new Map<string, Tally>();
  for (const [key, { near, of, sum }] of colours) {
    const colour = sum.map((value) => value / of);
    if (of >= FEWEST_OF_A_COLOUR && !commonAround(planes, region, colour))
      judged.set(key, { near, of });
  }
  return judged;
}

/**
 * Whether the photo around the mask has `colour` in more than a few of its pixels: then a
 * fill honestly brings it in (a white flower beside a white box), and a pixel of that
 * colour says nothing about the mark.
 */
function commonAround(planes: Float32Array[], region: Uint8Array, colour: number[]): boolean {
  let near = 0;
  let outside = 0;
  for (let p = 0; p < region.length; p += 1) {
    if (region[p]) continue;
    outside += 1;
    let distance = 0;
    for (let c = 0; c < 3; c += 1) {
      distance += (((planes[c] as Float32Array)[p] as number) - (colour[c] as number)) ** 2;
    }
    if (distance < SAME_COLOUR ** 2) near += 1;
  }
  return outside > 0 && near / outside >= COMMON;
}

/**
 * What is left of the mark in one cleaned box, as sums, so the boxes of one mark (a tiled
 * mark's tiles) are judged together: a faint trace over many tiles adds up, and the noise of
 * one small tile does not hold the whole image.
 */
export interface MarkRemains {
  /** Per scale (`SCALES`). */
  scales: Scale[];
  /** Per colour of the mark's opaque pixels (binned): pixels nearer it than the photo, of all. */
  smear: Map<string, Tally>;
}

export function markRemains(cleaned: RgbPixels, estimate: BlendEstimate): MarkRemains {
  const planes = planesOf(cleaned);
  return {
    scales: SCALES.map((radius) => shareLeft(planes, estimate, radius)),
    smear: smearOf(planes, estimate),
  };
}

/** The remains of several boxes of one mark, added up. */
export function pooled(parts: readonly MarkRemains[]): MarkRemains {
  const scales = SCALES.map(() => ({ pixels: 0, along: 0, energy: 0, squares: 0, count: 0 }));
  const smear = new Map<string, Tally>();
  for (const part of parts) {
    part.scales.forEach((scale, i) => {
      const into = scales[i] as Scale;
      into.pixels += scale.pixels;
      into.along += scale.along;
      into.energy += scale.energy;
      into.squares += scale.squares;
      into.count += scale.count;
    });
    for (const [key, tally] of part.smear) {
      const into = smear.get(key) ?? { near: 0, of: 0 };
      into.near += tally.near;
      into.of += tally.of;
      smear.set(key, into);
    }
  }
  return { scales, smear };
}

/** The share of the mark's pattern left at each scale, and what it amounts to in levels. */
export function shares(remains: MarkRemains): Array<{ share: number; levels: number }> {
  return remains.scales.map(({ along, energy, squares, count }) => {
    const share = energy > 0 ? along / energy : 0;
    return { share, levels: count > 0 ? share * Math.sqrt(squares / count) : 0 };
  });
}

/** The largest share of an opaque colour's pixels left nearer that colour than the photo. */
export function smearShare(remains: MarkRemains): number {
  let most = 0;
  for (const { near, of } of remains.smear.values()) {
    if (of >= FEWEST_OF_A_COLOUR) most = Math.max(most, near / of);
  }
  return most;
}

/**
 * Whether what is left can be seen: a ghost of the mark at some scale, or a smear of its
 * colours. Undefined when the boxes hold too little of the mark to tell.
 */
export function remainsVisible(remains: MarkRemains): boolean | undefined {
  const [scale] = remains.scales;
  if (!scale || scale.pixels < FEWEST_PIXELS || scale.energy <= 0) return undefined;
  const ghost = shares(remains).some(
    ({ share, levels }) => Math.abs(share) >= LEFT_SHARE && Math.abs(levels) >= LEFT_LEVELS,
  );
  return ghost || smearShare(remains) >= SMEAR_SHARE;
}
