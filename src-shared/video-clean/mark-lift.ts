import { boxMean } from './box-mean.ts';

/**
 * Below this share of the background left visible (1−α), un-blending amplifies noise more
 * than a fill errs: fill. At 0.3 the spread's noise sent a 50 % mark's pixels under the cut
 * (693 of its 5461 on the bench's 720p clip were filled as if opaque); at 0.15, 260.
 */
const OPAQUE = 0.15;
/**
 * A frame whose fill lies within this many levels (mean over the fill) of its stretch's
 * mean fill continues the stretch: a camera's noise, averaged over the pixels a fill reads,
 * stays under it; a pan or a cut goes past it.
 */
const STILL = 3;
/** How far (pixels) a fill looks along each direction for a pixel it can copy from. */
const REACH = 96;
const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

/**
 * How to lift the mark from one plane of every frame. Semi-transparent pixels are un-blended
 * with the mark's per-pixel estimate: B = (O − a) / k with k = 1−α and a = α·L. Opaque ones
 * are filled from the nearest pixels outside the mark along eight directions, with weights
 * fixed for the whole clip, so where the background holds still the fill holds still too and
 * where it moves the fill follows it smoothly instead of flickering.
 */
export interface PlaneLift {
  unblend: { at: Int32Array; keep: Float32Array; offset: Float32Array };
  fill: { at: Int32Array; from: Int32Array; weight: Float32Array };
}

/** The background's mean and spread at the mark, from the pixels round it. */
function surroundings(
  values: Float32Array,
  outside: Uint8Array,
  width: number,
  height: number,
): Float32Array {
  let found = boxMean(values, outside, width, height, 12);
  for (const radius of [32, 96, Math.max(width, height)]) {
    if (!found.some(Number.isNaN)) break;
    const wider = boxMean(values, outside, width, height, radius);
    found = found.map((value, i) => (Number.isNaN(value) ? (wider[i] as number) : value));
  }
  return found;
}

/** The lift for a plane from its mean and spread over the sampled frames and its mask. */
export function planeLift(
  mean: Float32Array,
  spread: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
): PlaneLift {
  const outside = mask.map((value) => 1 - value);
  const backgroundMean = surroundings(mean, outside, width, height);
  const backgroundSpread = surroundings(spread, outside, width, height);
  const unblend = { at: [] as number[], keep: [] as number[], offset: [] as number[] };
  const opaque = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i += 1) {
    if (mask[i] !== 1) continue;
    const reference = backgroundSpread[i] as number;
    const keep = reference > 0 ? Math.min(1, (spread[i] as number) / reference) : 0;
    if (keep < OPAQUE) {
      opaque[i] = 1;
      continue;
    }
    unblend.at.push(i);
    unblend.keep.push(keep);
    unblend.offset.push((mean[i] as number) - keep * (backgroundMean[i] as number));
  }
  return {
    unblend: {
      at: Int32Array.from(unblend.at),
      keep: Float32Array.from(unblend.keep),
      offset: Float32Array.from(unblend.offset),
    },
    fill: fillPlan(opaque, width, height),
  };
}

/** For each opaque pixel, up to eight pixels to copy from and their weights (1/distance²). */
function fillPlan(opaque: Uint8Array, width: number, height: number): PlaneLift['fill'] {
  const at: number[] = [];
  const from: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < opaque.length; i += 1) {
    if (opaque[i] !== 1) continue;
    const x = i % width;
    const y = (i - x) / width;
    const sources: [number, number][] = [];
    for (const [dx, dy] of DIRECTIONS) {
      for (let step = 1; step <= REACH; step += 1) {
        const sx = x + dx * step;
        const sy = y + dy * step;
        if (sx < 0 || sy < 0 || sx >= width || sy >= height) break;
        const j = sy * width + sx;
        if (opaque[j] === 1) continue;
        sources.push([j, 1 / (step * step * (dx !== 0 && dy !== 0 ? 2 : 1))]);
        break;
      }
    }
    const total = sources.reduce((sum, [, w]) => sum + w, 0);
    at.push(i);
    for (let s = 0; s < DIRECTIONS.length; s += 1) {
      const source = sources[s];
      from.push(source ? source[0] : i);
      weight.push(source && total > 0 ? source[1] / total : 0);
    }
  }
  return {
    at: Int32Array.from(at),
    from: Int32Array.from(from),
    weight: Float32Array.from(weight),
  };
}

/**
 * A fill's memory from frame to frame: while the fill a frame would get stays within STILL
 * levels of the stretch's mean (the background holds still, only its noise moves), the
 * frame gets that mean, the same fill frame after frame; a frame past it (a cut, a pan)
 * starts a new stretch with its own fill.
 */
export class FillMemory {
  private sum: Float64Array | undefined;
  private count = 0;

  /** The fill to show for this frame's `raw` fill (rewritten in place). */
  steady(raw: Float32Array): void {
    const { sum, count } = this;
    let apart = 0;
    if (sum && sum.length === raw.length)
      for (let n = 0; n < raw.length; n += 1)
        apart += Math.abs((raw[n] as number) - (sum[n] as number) / count);
    if (!sum || sum.length !== raw.length || apart > STILL * raw.length) {
      this.sum = Float64Array.from(raw);
      this.count = 1;
      return;
    }
    this.count += 1;
    for (let n = 0; n < raw.length; n += 1) {
      sum[n] = (sum[n] as number) + (raw[n] as number);
      raw[n] = (sum[n] as number) / this.count;
    }
  }
}

/**
 * Lifts the mark from one plane of one frame, in place (rows `width` bytes apart); with a
 * memory, the opaque parts' fill holds still where the background does.
 */
export function liftPlane(plane: Uint8Array, lift: PlaneLift, memory?: FillMemory): void {
  const { unblend, fill } = lift;
  for (let n = 0; n < unblend.at.length; n += 1) {
    const i = unblend.at[n] as number;
    const value =
      ((plane[i] as number) - (unblend.offset[n] as number)) / (unblend.keep[n] as number);
    plane[i] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
  }
  const ways = DIRECTIONS.length;
  const filled = new Float32Array(fill.at.length);
  for (let n = 0; n < fill.at.length; n += 1) {
    let value = 0;
    for (let s = 0; s < ways; s += 1) {
      value +=
        (plane[fill.from[n * ways + s] as number] as number) *
        (fill.weight[n * ways + s] as number);
    }
    filled[n] = value;
  }
  memory?.steady(filled);
  for (let n = 0; n < fill.at.length; n += 1)
    plane[fill.at[n] as number] = Math.round(filled[n] as number);
}
