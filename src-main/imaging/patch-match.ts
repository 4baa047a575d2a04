import { random } from './pixel-grid.ts';

/**
 * The nearest-neighbour field of PatchMatch (Barnes, Shechtman, Finkelstein, Goldman,
 * "PatchMatch: A Randomized Correspondence Algorithm for Structural Image Editing",
 * SIGGRAPH 2009): for every patch that touches the hole, the position of a patch of known
 * pixels that looks much like it. Good matches are found by letting each patch try its
 * neighbours' matches shifted by one (neighbouring patches tend to match neighbouring
 * patches) and random positions at shrinking distances around its own, a few passes over
 * the field in alternating order.
 */

/** Half the side of a patch: 7 × 7 patches. */
export const RADIUS = 3;

/**
 * One level of the pyramid: RGB as floats, 1 where the pixel is to be filled, and 1 where
 * no patch may be copied from (the hole, and pixels that carry the mark around it).
 */
export interface Level {
  width: number;
  height: number;
  rgb: Float32Array;
  hole: Uint8Array;
  barred: Uint8Array;
}

/** The field: for each target centre (a pixel index), the source centre it matches. */
export interface Field {
  /** Pixel indices of the centres of patches touching the hole, in scan order. */
  targets: Int32Array;
  /** Per pixel: its match's pixel index when it is a target centre, −1 otherwise. */
  match: Int32Array;
  /** Per pixel: the distance of its patch to its match (mean square per value). */
  cost: Float32Array;
}

/** 1 at each pixel whose whole patch lies inside the level on pixels free to copy. */
export function sourceCentres(level: Level): Uint8Array {
  const { width, height, barred } = level;
  // Rows then columns: how many barred pixels lie within RADIUS, counted by running sums.
  const rows = new Uint16Array(width * height);
  for (let y = 0; y < height; y += 1) {
    let run = 0;
    for (let x = -RADIUS; x < width; x += 1) {
      if (x + RADIUS < width) run += barred[y * width + x + RADIUS] as number;
      if (x - RADIUS - 1 >= 0) run -= barred[y * width + x - RADIUS - 1] as number;
      if (x >= 0) rows[y * width + x] = run;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = RADIUS; y < height - RADIUS; y += 1) {
    for (let x = RADIUS; x < width - RADIUS; x += 1) {
      let sum = 0;
      for (let v = -RADIUS; v <= RADIUS; v += 1) sum += rows[(y + v) * width + x] as number;
      if (sum === 0) out[y * width + x] = 1;
    }
  }
  return out;
}

/** The centres of the patches that hold a hole pixel, kept inside the level, in scan order. */
export function targetCentres(level: Level): Int32Array {
  const { width, height, hole } = level;
  const marked = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const top = Math.max(RADIUS, Math.min(height - 1 - RADIUS, y - RADIUS));
    const bottom = Math.max(RADIUS, Math.min(height - 1 - RADIUS, y + RADIUS));
    for (let x = 0; x < width; x += 1) {
      if (!hole[y * width + x]) continue;
      // A run of hole pixels in a row marks one span per row around it.
      let end = x;
      while (end + 1 < width && hole[y * width + end + 1]) end += 1;
      const left = Math.max(RADIUS, Math.min(width - 1 - RADIUS, x - RADIUS));
      const right = Math.max(RADIUS, Math.min(width - 1 - RADIUS, end + RADIUS));
      for (let v = top; v <= bottom; v += 1)
        marked.fill(1, v * width + left, v * width + right + 1);
      x = end;
    }
  }
  let count = 0;
  for (let p = 0; p < marked.length; p += 1) count += marked[p] as number;
  const out = new Int32Array(count);
  for (let p = 0, k = 0; p < marked.length; p += 1) if (marked[p]) out[k++] = p;
  return out;
}

/** Values (three per pixel) in one patch, and in one of its rows. */
const PATCH_VALUES = (2 * RADIUS + 1) ** 2 * 3;
const ROW_VALUES = (2 * RADIUS + 1) * 3;

/** Mean square difference of two patches, given up once it exceeds `limit`. */
export function patchDistance(level: Level, a: number, b: number, limit: number): number {
  const { width, rgb } = level;
  const bound = limit * PATCH_VALUES;
  let sum = 0;
  for (let v = -RADIUS; v <= RADIUS; v += 1) {
    let i = (a + v * width - RADIUS) * 3;
    let j = (b + v * width - RADIUS) * 3;
    for (const end = i + ROW_VALUES; i < end; i += 1, j += 1) {
      const d = (rgb[i] as number) - (rgb[j] as number);
      sum += d * d;
    }
    if (sum > bound) return Number.POSITIVE_INFINITY;
  }
  return sum / PATCH_VALUES;
}

/**
 * A field with each target matched to a random source (or to `start` where it is valid).
 * There must be at least one source (see `sourceCentres`).
 */
export function startField(
  level: Level,
  sources: Uint8Array,
  next: () => number,
  start?: Int32Array,
): Field {
  const targets = targetCentres(level);
  const match = new Int32Array(level.width * level.height).fill(-1);
  const cost = new Float32Array(level.width * level.height);
  let count = 0;
  for (let p = 0; p < sources.length; p += 1) count += sources[p] as number;
  const valid = new Int32Array(count);
  for (let p = 0, k = 0; p < sources.length; p += 1) if (sources[p]) valid[k++] = p;
  for (const t of targets) {
    const guess = start?.[t] ?? -1;
    const s =
      guess >= 0 && sources[guess] ? guess : (valid[Math.floor(next() * valid.length)] as number);
    match[t] = s;
    cost[t] = patchDistance(level, t, s, Number.POSITIVE_INFINITY);
  }
  return { targets, match, cost };
}

/**
 * One pass of propagation and random search over the field: an even pass in scan order,
 * trying the left and upper neighbours' matches shifted one step; an odd pass backwards,
 * trying the right and lower ones'. Each target then tries random sources within a window
 * halving from `reach` pixels around its match down to one pixel.
 */
export function improveField(
  level: Level,
  sources: Uint8Array,
  field: Field,
  { pass, reach, seed }: { pass: number; reach: number; seed: number },
): void {
  const { width, height } = level;
  const { targets, match, cost } = field;
  const next = random(seed);
  // Tries source `s` for target `t`, keeping it when its patch is nearer; the distance is
  // given up as soon as it passes the target's current one.
  const tryMatch = (t: number, s: number) => {
    if (s < 0 || s >= sources.length || sources[s] === 0 || s === match[t]) return;
    const d = patchDistance(level, t, s, cost[t] as number);
    if (d < (cost[t] as number)) {
      match[t] = s;
      cost[t] = d;
    }
  };
  const forward = pass % 2 === 0;
  const step = forward ? 1 : -1;
  const widest = Math.min(reach, Math.max(width, height));
  for (let k = 0; k < targets.length; k += 1) {
    const t = targets[forward ? k : targets.length - 1 - k] as number;
    const x = t % width;
    // A neighbour's match, moved as far as the neighbour is from this target.
    if (x - step >= 0 && x - step < width) {
      const left = match[t - step] ?? -1;
      if (left >= 0) tryMatch(t, left + step);
    }
    const up = match[t - step * width] ?? -1;
    if (up >= 0) tryMatch(t, up + step * width);
    const s = match[t] as number;
    const sx = s % width;
    const sy = (s - sx) / width;
    for (let r = widest; r >= 1; r >>= 1) {
      const cx = Math.min(width - 1, Math.max(0, sx + Math.round((next() * 2 - 1) * r)));
      const cy = Math.min(height - 1, Math.max(0, sy + Math.round((next() * 2 - 1) * r)));
      tryMatch(t, cy * width + cx);
    }
  }
}
