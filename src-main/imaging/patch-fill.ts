import {
  RADIUS,
  improveField,
  patchDistance,
  sourceCentres,
  startField,
  type Field,
  type Level,
} from './patch-match.ts';
import { boundsOf, holeThickness, random, type Box } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';

/**
 * Fills a hole from patches of the photo around it, coarse to fine, as in Wexler,
 * Shechtman, Irani, "Space-Time Completion of Video" (PAMI 2007): at each scale, every
 * patch touching the hole is matched to a known patch of the band around it (the nearest-
 * neighbour field of PatchMatch, patch-match.ts), then each hole pixel becomes the
 * weighted vote of what the matched patches covering it say it is; matching and voting
 * alternate a few times, and the field is carried up to the next finer scale. Unlike a
 * diffusion (Telea), this copies the photo's own texture and edges into the hole.
 */

/** How far around the hole's box known patches are looked for, at least (full scale). */
const LEAST_BAND = 24;
/** The coarsest scale is reached when the hole is at most this thick there. */
const COARSE_THICKNESS = RADIUS + 1;
const MOST_LEVELS = 5;
/** Rounds of (match, vote) at the coarsest scale, the scales between, and the finest. */
const ROUNDS = { coarsest: 6, between: 2, finest: 1 };
/** How far around a carried match a finer scale searches (pixels). */
const FINE_REACH = 8;

/**
 * Half the size: each pixel the mean of the known ones of its 2 × 2; a hole where any is,
 * barred where any is.
 */
function halved(level: Level): Level {
  const width = Math.ceil(level.width / 2);
  const height = Math.ceil(level.height / 2);
  const rgb = new Float32Array(width * height * 3);
  const hole = new Uint8Array(width * height);
  const barred = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const q = y * width + x;
      let r = 0;
      let g = 0;
      let b = 0;
      let known = 0;
      for (let v = 0; v < 2; v += 1) {
        for (let u = 0; u < 2; u += 1) {
          const f =
            Math.min(level.height - 1, y * 2 + v) * level.width +
            Math.min(level.width - 1, x * 2 + u);
          if (level.barred[f]) barred[q] = 1;
          if (level.hole[f]) {
            hole[q] = 1;
            continue;
          }
          known += 1;
          r += level.rgb[f * 3] as number;
          g += level.rgb[f * 3 + 1] as number;
          b += level.rgb[f * 3 + 2] as number;
        }
      }
      if (known === 0) continue;
      rgb[q * 3] = r / known;
      rgb[q * 3 + 1] = g / known;
      rgb[q * 3 + 2] = b / known;
    }
  }
  return { width, height, rgb, hole, barred };
}

/**
 * A first guess at the coarsest scale: the hole filled inwards ring by ring, each pixel the
 * mean of its known or filled neighbours. Each ring is the open pixels beside the last one.
 */
function peel(level: Level): void {
  const { width, rgb } = level;
  const open = Uint8Array.from(level.hole);
  const queued = new Uint8Array(open.length);
  let ring: number[] = [];
  for (let p = 0; p < open.length; p += 1) {
    if (!open[p]) continue;
    const x = p % width;
    const beside =
      (x > 0 && !open[p - 1]) ||
      (x < width - 1 && !open[p + 1]) ||
      (p >= width && !open[p - width]) ||
      (p + width < open.length && !open[p + width]);
    if (beside) {
      ring.push(p);
      queued[p] = 1;
    }
  }
  const colours = new Float32Array(open.length * 3);
  while (ring.length > 0) {
    for (const p of ring) {
      const x = p % width;
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= open.length || open[q]) continue;
        r += rgb[q * 3] as number;
        g += rgb[q * 3 + 1] as number;
        b += rgb[q * 3 + 2] as number;
        count += 1;
      }
      colours[p * 3] = r / count;
      colours[p * 3 + 1] = g / count;
      colours[p * 3 + 2] = b / count;
    }
    const next: number[] = [];
    for (const p of ring) {
      rgb.set(colours.subarray(p * 3, p * 3 + 3), p * 3);
      open[p] = 0;
    }
    for (const p of ring) {
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= open.length || !open[q] || queued[q]) continue;
        queued[q] = 1;
        next.push(q);
      }
    }
    ring = next;
  }
}

/**
 * Each hole pixel becomes the vote of the matched patches that cover it, weighted by how
 * well each matched (Wexler et al.: e^(−d / 2σ²), σ² from the field's typical distance).
 */
function vote(level: Level, field: Field): void {
  const { width, rgb, hole } = level;
  const { targets, match, cost } = field;
  const costs = Float32Array.from(targets, (t) => cost[t] as number).sort();
  const sigma2 = Math.max(1, costs[Math.floor(costs.length * 0.75)] ?? 1);
  const sums = new Float32Array(rgb.length);
  const weights = new Float32Array(hole.length);
  for (const t of targets) {
    const s = match[t] as number;
    const w = Math.exp(-(cost[t] as number) / (2 * sigma2));
    for (let v = -RADIUS; v <= RADIUS; v += 1) {
      for (let u = -RADIUS; u <= RADIUS; u += 1) {
        const q = t + v * width + u;
        if (!hole[q]) continue;
        const from = s + v * width + u;
        weights[q] = (weights[q] as number) + w;
        for (let c = 0; c < 3; c += 1)
          sums[q * 3 + c] = (sums[q * 3 + c] as number) + w * (rgb[from * 3 + c] as number);
      }
    }
  }
  for (let q = 0; q < hole.length; q += 1) {
    const w = weights[q] as number;
    if (!hole[q] || w <= 0) continue;
    for (let c = 0; c < 3; c += 1) rgb[q * 3 + c] = (sums[q * 3 + c] as number) / w;
  }
}

/** Each target's distance to its match, measured again after the hole changed. */
function rescore(level: Level, field: Field): void {
  for (const t of field.targets) {
    field.cost[t] = patchDistance(level, t, field.match[t] as number, Number.POSITIVE_INFINITY);
  }
}

/** The coarser field carried to a finer level: each target's match doubled, plus its offset. */
function carried(coarse: Level, field: Field, fine: Level): Int32Array {
  const out = new Int32Array(fine.width * fine.height).fill(-1);
  for (let y = 0; y < fine.height; y += 1) {
    for (let x = 0; x < fine.width; x += 1) {
      const c =
        Math.min(coarse.height - 1, y >> 1) * coarse.width + Math.min(coarse.width - 1, x >> 1);
      const s = field.match[c] ?? -1;
      if (s < 0) continue;
      const sx = (s % coarse.width) * 2 + (x & 1);
      const sy = Math.floor(s / coarse.width) * 2 + (y & 1);
      if (sx < fine.width && sy < fine.height) out[y * fine.width + x] = sy * fine.width + sx;
    }
  }
  return out;
}

/**
 * The box a fill works in: the hole's, widened by the band its patches are looked for in
 * (at least `LEAST_BAND`, and twice the hole's `thickness`). Nothing outside it is read.
 */
export function fillBox(
  holes: Uint8Array,
  width: number,
  height: number,
  thickness: number,
): Box | undefined {
  return boundsOf(holes, width, height, Math.max(LEAST_BAND, Math.ceil(thickness * 2)));
}

/**
 * Fills the pixels of `holes` (above 0) in `pixels`, in place, from the band of known
 * pixels around them, never copying a patch that holds a pixel of `avoid` (above 0: what
 * still carries the mark around the hole, which a patch copied from would bring back).
 * False, with nothing changed, when no whole patch of free pixels lies there to copy from
 * (the hole covers nearly everything).
 */
export function patchFill(pixels: RgbPixels, holes: Uint8Array, avoid?: Uint8Array): boolean {
  const { width, height, data } = pixels;
  const full = holeThickness(holes, width, height);
  const box = full === 0 ? undefined : fillBox(holes, width, height, full);
  if (!box) return true;
  const base: Level = {
    width: box.width,
    height: box.height,
    rgb: new Float32Array(box.width * box.height * 3),
    hole: new Uint8Array(box.width * box.height),
    barred: new Uint8Array(box.width * box.height),
  };
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const p = (box.top + y) * width + box.left + x;
      const q = y * box.width + x;
      base.hole[q] = holes[p] ? 1 : 0;
      base.barred[q] = holes[p] || avoid?.[p] ? 1 : 0;
      for (let c = 0; c < 3; c += 1) base.rgb[q * 3 + c] = data[p * 3 + c] as number;
    }
  }
  const levels = [base];
  for (let t = full; t > COARSE_THICKNESS && levels.length < MOST_LEVELS; t /= 2) {
    const smaller = halved(levels[levels.length - 1] as Level);
    if (Math.min(smaller.width, smaller.height) < 4 * (2 * RADIUS + 1)) break;
    levels.push(smaller);
  }
  const next = random(width * 31 + height * 17 + full);
  let field: Field | undefined;
  const everySources = levels.map(sourceCentres);
  // A coarser scale halves the band around the hole, and where the mark's rim is barred
  // too, no whole patch may be left there: the fill starts at the coarsest scale that has one.
  while (levels.length > 1 && !(everySources[levels.length - 1] as Uint8Array).includes(1)) {
    levels.pop();
    everySources.pop();
  }
  if (!(everySources[0] as Uint8Array).includes(1)) return false;
  for (let i = levels.length - 1; i >= 0; i -= 1) {
    const level = levels[i] as Level;
    const sources = everySources[i] as Uint8Array;
    const coarser = levels[i + 1];
    const start = field && coarser ? carried(coarser, field, level) : undefined;
    if (!field) peel(level);
    field = startField(level, sources, next, start);
    if (start) {
      // The hole still holds what was there (the mark): a first vote of equal weights,
      // then each match scored against it.
      field.cost.fill(0);
      vote(level, field);
      rescore(level, field);
    }
    const rounds =
      i === levels.length - 1 ? ROUNDS.coarsest : i === 0 ? ROUNDS.finest : ROUNDS.between;
    for (let round = 0; round < rounds; round += 1) {
      // The coarsest scale searches the whole band; a finer one refines the matches carried
      // up from it, which are off by a pixel or two, near where they are.
      const reach = i === levels.length - 1 ? Number.POSITIVE_INFINITY : FINE_REACH;
      improveField(level, sources, field, { pass: round, reach, seed: i * 7919 + round });
      vote(level, field);
    }
  }
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const q = y * box.width + x;
      if (!base.hole[q]) continue;
      const p = (box.top + y) * width + box.left + x;
      for (let c = 0; c < 3; c += 1) {
        data[p * 3 + c] = Math.min(255, Math.max(0, Math.round(base.rgb[q * 3 + c] as number)));
      }
    }
  }
  return true;
}
