import type { BlendEstimate, BlendSample, Colour } from './blend-estimate.ts';
import { PixelStack, medianOf } from './blend-stack.ts';
import { MIN_KEEP } from './unblend.ts';

/** Pixels at least this opaque tell the mark's colour. */
export const COLOUR_OPACITY = 0.15;
/**
 * A pixel has one of the mark's colours when its a·W strays from a times that colour by no
 * more than this (levels, any channel): then its opacity is fitted alone, which halves its
 * error, instead of opacity and colour together. A pixel of another colour strays by tens.
 */
const COLOUR_TOLERANCE = 6;
/**
 * The most colours a mark is modelled with (a TV logo's white box, its red letters and
 * their outline); pixels of none of them keep a colour of their own.
 */
const MOST_COLOURS = 4;
/** A colour counts as the mark's when this share of the pixels that tell colour have it. */
const LEAST_SHARE = 0.05;
/** Pixels tried as a colour, and pixels each try is counted over, at most. */
const SEEDS = 200;
const COUNTED = 20_000;
/** Two colours of the mark differ by at least this much in some channel (levels). */
const DISTINCT = 40;

/** The mark's colours, and which one each pixel of the region has (−1: its own). */
export interface MarkColours {
  colours: Colour[];
  of: Int8Array;
}

/** Each pixel's own colour (from its free fit) and luma opacity, for the pixels that tell. */
function tellingPixels(estimate: BlendEstimate) {
  const { region, keepLuma, keepChroma, lift } = estimate;
  const pixels: number[] = [];
  for (let p = 0; p < region.length; p += 1) {
    const luma = 1 - (keepLuma[p] as number);
    const chroma = 1 - (keepChroma[p] as number);
    if (region[p] && luma >= COLOUR_OPACITY && chroma >= COLOUR_OPACITY) pixels.push(p);
  }
  const own = new Float32Array(pixels.length * 3);
  const opacity = new Float32Array(pixels.length);
  pixels.forEach((p, i) => {
    const luma = 1 - (keepLuma[p] as number);
    const chroma = 1 - (keepChroma[p] as number);
    own[i * 3] = (lift[p * 3] as number) / luma;
    own[i * 3 + 1] = (lift[p * 3 + 1] as number) / chroma;
    own[i * 3 + 2] = (lift[p * 3 + 2] as number) / chroma;
    opacity[i] = luma;
  });
  return { pixels, own, opacity };
}

/** How far pixel `i` (own colour, opacity) strays from `colour`, in levels of a·W. */
function strayOf(own: Float32Array, opacity: Float32Array, i: number, colour: Colour): number {
  const a = opacity[i] as number;
  return (
    a *
    Math.max(
      Math.abs((own[i * 3] as number) - colour[0]),
      Math.abs((own[i * 3 + 1] as number) - colour[1]),
      Math.abs((own[i * 3 + 2] as number) - colour[2]),
    )
  );
}

/**
 * The colours the mark is made of, found one after another: the pixel colour the most
 * remaining pixels agree with (within `COLOUR_TOLERANCE`), refined to its members' median,
 * until no colour is shared by a fair share of the pixels. Then each pixel of the region
 * is given the colour it strays least from, when it is within the tolerance, or a faint
 * pixel (too transparent to tell its colour) the nearest one anyway.
 */
export function markColours(estimate: BlendEstimate): MarkColours | undefined {
  const telling = tellingPixels(estimate);
  const { pixels, own, opacity } = telling;
  if (pixels.length === 0) return undefined;
  const colours: Colour[] = [];
  let remaining = pixels.map((_, i) => i);
  for (let tries = 0; tries < MOST_COLOURS * 2 && colours.length < MOST_COLOURS; tries += 1) {
    const seed = commonest(remaining, own, opacity);
    const members = seed
      ? remaining.filter((j) => strayOf(own, opacity, j, seed) <= COLOUR_TOLERANCE)
      : [];
    if (members.length < LEAST_SHARE * pixels.length) break;
    const colour = [0, 1, 2].map((c) =>
      medianOf(Float32Array.from(members, (j) => own[j * 3 + c] as number)),
    ) as Colour;
    // Pixels whose opacity the fit got a little wrong seem a little off the colour: the
    // same colour again, not another one.
    const distinct = colours.every((known) =>
      known.some((value, c) => Math.abs(value - (colour[c] as number)) >= DISTINCT),
    );
    if (distinct) colours.push(colour);
    remaining = remaining.filter((j) => strayOf(own, opacity, j, colour) > COLOUR_TOLERANCE);
  }
  if (colours.length === 0) return undefined;
  return { colours, of: assign(estimate, colours, telling) };
}

/** The colour of one of `remaining` that the most of them agree with (see `markColours`). */
function commonest(
  remaining: readonly number[],
  own: Float32Array,
  opacity: Float32Array,
): Colour | undefined {
  const stride = Math.ceil(remaining.length / COUNTED);
  const counted = remaining.filter((_, j) => j % stride === 0);
  const seeds = Math.min(SEEDS, remaining.length);
  let best: Colour | undefined;
  let bestCount = -1;
  for (let s = 0; s < seeds; s += 1) {
    const i = remaining[Math.floor((s * remaining.length) / seeds)] as number;
    const seed: Colour = [own[i * 3] as number, own[i * 3 + 1] as number, own[i * 3 + 2] as number];
    const count = counted.filter((j) => strayOf(own, opacity, j, seed) <= COLOUR_TOLERANCE).length;
    if (count > bestCount) {
      best = seed;
      bestCount = count;
    }
  }
  return best;
}

/** Which of `colours` each pixel of the region has, −1 for none (see `markColours`). */
function assign(
  estimate: BlendEstimate,
  colours: readonly Colour[],
  telling: { pixels: number[]; own: Float32Array; opacity: Float32Array },
): Int8Array {
  const { region, keepLuma, lift } = estimate;
  const of = new Int8Array(region.length).fill(-1);
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    // A faint pixel: a·W is near a·colour for any colour; the nearest in brightness.
    const a = Math.max(1e-3, 1 - (keepLuma[p] as number));
    const y = (lift[p * 3] as number) / a;
    let nearest = 0;
    colours.forEach((colour, c) => {
      if (Math.abs(colour[0] - y) < Math.abs((colours[nearest] as Colour)[0] - y)) nearest = c;
    });
    of[p] = nearest;
  }
  const { pixels, own, opacity } = telling;
  const strays = Float32Array.from(pixels, (_, i) =>
    Math.min(...colours.map((colour) => strayOf(own, opacity, i, colour))),
  );
  // The mark's colours explain it as a whole (their pixels stray by little, typically):
  // every see-through pixel takes the nearest, as its own fit strays mostly by noise. An
  // opaque one keeps its own unless it has one of them: it is filled, never un-blended,
  // and forced to another colour (a red letter to a white box's) it would seem see-through.
  const forced = medianOf(strays) <= COLOUR_TOLERANCE;
  pixels.forEach((p, i) => {
    let nearest = -1;
    const opaque = (opacity[i] as number) > 1 - MIN_KEEP;
    let least = forced && !opaque ? Number.POSITIVE_INFINITY : COLOUR_TOLERANCE;
    colours.forEach((colour, c) => {
      const stray = strayOf(own, opacity, i, colour);
      if (stray <= least) {
        least = stray;
        nearest = c;
      }
    });
    of[p] = nearest;
  });
  return of;
}
/**
 * Each colour that best explains every image given its pixels' opacity: least squares of
 * a·W = I − (1 − a)·F over the pixels of that colour and the images. Updates `colours`.
 */
export function coloursGivenOpacity(
  samples: readonly BlendSample[],
  estimate: BlendEstimate,
  { colours, of }: MarkColours,
): void {
  const { region, keepLuma, keepChroma } = estimate;
  const stack = new PixelStack(samples);
  const sums = colours.map(() => [0, 0, 0]);
  const norms = colours.map(() => [0, 0, 0]);
  for (let p = 0; p < region.length; p += 1) {
    const index = of[p] as number;
    if (!region[p] || index < 0) continue;
    const opacities = [1 - (keepLuma[p] as number), 1 - (keepChroma[p] as number)];
    if ((opacities[0] as number) < COLOUR_OPACITY) continue;
    stack.load(p);
    const sum = sums[index] as number[];
    const norm = norms[index] as number[];
    for (let s = 0; s < samples.length; s += 1) {
      for (let c = 0; c < 3; c += 1) {
        const a = opacities[c === 0 ? 0 : 1] as number;
        const blended =
          (stack.seen[s * 3 + c] as number) - (1 - a) * (stack.guess[s * 3 + c] as number);
        sum[c] = (sum[c] as number) + a * blended;
        norm[c] = (norm[c] as number) + a * a;
      }
    }
  }
  colours.forEach((colour, index) => {
    for (let c = 0; c < 3; c += 1) {
      const norm = (norms[index] as number[])[c] as number;
      if (norm > 0) colour[c] = ((sums[index] as number[])[c] as number) / norm;
    }
  });
}
