import { growPlane } from '../domain/mask-morphology.ts';
import { boxMean } from './box-mean.ts';

/** A change of the mean picture this steep (levels over two pixels) is an edge of the mark. */
const EDGE = 16;
/** A pixel near such an edge that moves this much less than its surroundings is the mark's. */
const STILL = 0.8;
/** A pixel this still is the mark's, edge or not (an opaque mark's inside). */
const STILLEST = 0.3;
/** How near (pixels) an edge a pixel must be to count as the mark's on STILL. */
const NEAR = 4;
/**
 * A band that moving content crosses (a scrolling ticker) leaves the rows beside its text
 * stiller than the box around them, which the text's rows stir, but no stiller than their own
 * row: a pixel is the mark's only when it is stiller than its row's mean over ROW pixels each
 * side by this much too.
 */
const ALONG = 0.9;
const ROW = 24;
/**
 * How near (pixels) an edge found in both halves a pixel must be to count as the mark's on
 * STILLEST: a flat, bright patch of the picture holds still too, but its edges move with
 * the picture.
 */
const INSIDE = 10;
/** Clusters smaller than this (pixels) are chance, not a mark. */
const SMALLEST = 40;
/**
 * The margin added round the mark, so its soft rim is lifted too: at 3 the bench's 720p logo
 * kept 96 of its faint rim pixels outside the mask, at 5, 22.
 */
const MARGIN = 5;
/**
 * A mask past this share of the frame is no logo: something else holds still. Judged with
 * a margin of JUDGED pixels, so the wider rim margin does not refuse a small clip's logo.
 */
const JUDGED = 3;
const LARGEST_SHARE = 0.05;

export type MarkFound = { mask: Uint8Array; share: number } | { refused: 'none' | 'too-large' };

/**
 * Where the static mark is, from the luma plane's mean and spread over the sampled frames
 * and its means over the first and the second half of them.
 * Moving content blurs the mean picture and keeps every pixel moving; the mark keeps its
 * edges in the mean (the averaged form of the median of gradients the image finder uses,
 * Dekel et al. 2017) and holds its pixels stiller than their surroundings: a pixel is the
 * mark's when it is much stiller than its surroundings, or somewhat stiller near such an edge.
 * The pixels so found, in clusters large enough to be a mark.
 */
function stillPixels(
  spread: Float32Array,
  width: number,
  height: number,
  halves: readonly [Float32Array, Float32Array],
): Uint8Array {
  const around = boxMean(spread, undefined, width, height, 24);
  const edges = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const edge = (picture: Float32Array) =>
        Math.abs((picture[i + 1] as number) - (picture[i - 1] as number)) +
        Math.abs((picture[i + width] as number) - (picture[i - width] as number));
      if (halves.every((half) => edge(half) > EDGE)) edges[i] = 1;
    }
  }
  // A slow pan leaves edges in the mean too, but not in the same place in both halves of the
  // clip; scrolling text leaves them in both, but keeps its pixels moving.
  const nearEdge = growPlane(edges, width, height, NEAR);
  const inside = growPlane(edges, width, height, INSIDE);
  const along = rowMean(spread, width, ROW);
  const candidate = new Uint8Array(width * height);
  for (let i = 0; i < candidate.length; i += 1) {
    const stillness = (spread[i] as number) / Math.max(1e-3, around[i] as number);
    if ((spread[i] as number) >= ALONG * (along[i] as number)) continue;
    if ((stillness < STILLEST && inside[i] === 1) || (stillness < STILL && nearEdge[i] === 1))
      candidate[i] = 1;
  }
  return keepClusters(growPlane(candidate, width, height, 1), width);
}

/**
 * Where the static mark is, from the luma plane's mean and spread over the sampled frames
 * and its means over the first and the second half of them.
 */
export function findMark(
  spread: Float32Array,
  width: number,
  height: number,
  halves: readonly [Float32Array, Float32Array],
): MarkFound {
  const kept = stillPixels(spread, width, height, halves);
  let marked = 0;
  for (const value of kept) marked += value;
  if (marked === 0) return { refused: 'none' };
  if (shareOf(growPlane(kept, width, height, JUDGED)) > LARGEST_SHARE)
    return { refused: 'too-large' };
  const mask = growPlane(kept, width, height, MARGIN);
  return { mask, share: shareOf(mask) };
}

/**
 * A pixel still within one half of the clip whose spread over the whole clip is this many
 * times its spread over the half changed between the halves: a mark that came or went.
 * On the test clips (360p and 720p, translucent and opaque, H.264 and VP9) a moved mark
 * was told at 1.5 to 3 (a faint one at 360p lost at 4), and a static one at 4 and above.
 */
const CAME_OR_WENT = 3;
/**
 * The share of the frame such pixels must cover in each half for a mark that moved: on
 * those clips, at CAME_OR_WENT, a moved logo left 0.19 % to 0.54 %, the slow pan of a clip
 * whose logo held still at most 0.077 %.
 */
const MOVED_LEAST = 0.0012;
/**
 * Below this many pixels a frame is not asked whether its mark moved: at 320×180 the test
 * clips' still logos left 0.39 % (their backgrounds' own still patches, in 40-pixel clusters
 * that are a large share of so small a frame) and the moved ones 0.39 % to 0.69 %, so the
 * check could not tell them apart, where from 640×360 up still ones left at most 0.066 % and
 * moved ones at least 0.19 %. A refusal the person cannot overrule is worse than a proposal
 * they can see is wrong, so small clips go on to the whole clip's search.
 */
const MOVES_SMALLEST_FRAME = 640 * 360;

/**
 * One half of the clip's luma: its spread over the half's frames, and its mean over each of
 * the half's own two halves (where the mark's edges must show, as for the whole clip).
 */
export interface HalfMoments {
  spread: Float32Array;
  means: readonly [Float32Array, Float32Array];
}

/**
 * Whether the clip's mark sits in one place in its first half and another in its second (a
 * channel moving its logo at a cut): each half shows pixels still within it that changed
 * between the halves (its mark, which the other half lacks there), and the two halves' such
 * pixels lie apart. A static mark is as still over the whole clip as over either half, so
 * it shows none. Asked before the whole clip's mark: the still rim round a mark that moved
 * (its neighbours steadier than the box round them, which holds the mark's changes) can
 * pass for a mark of the whole clip.
 */
export function markMoves(
  whole: Float32Array,
  halves: readonly [HalfMoments, HalfMoments],
  width: number,
  height: number,
): boolean {
  if (width * height < MOVES_SMALLEST_FRAME) return false;
  const [first, second] = halves.map((half) => {
    const still = stillPixels(half.spread, width, height, half.means);
    for (let i = 0; i < still.length; i += 1)
      if ((whole[i] as number) < CAME_OR_WENT * (half.spread[i] as number)) still[i] = 0;
    return keepClusters(still, width);
  }) as [Uint8Array, Uint8Array];
  let firstOwn = 0;
  let secondOwn = 0;
  let shared = 0;
  for (let i = 0; i < first.length; i += 1) {
    firstOwn += first[i] as number;
    secondOwn += second[i] as number;
    shared += (first[i] as number) & (second[i] as number);
  }
  const fewer = Math.min(firstOwn, secondOwn);
  return fewer >= MOVED_LEAST * first.length && shared < 0.5 * fewer;
}

/** The mean of `values` over the pixels at most `radius` away in the same row. */
function rowMean(values: Float32Array, width: number, radius: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let start = 0; start < values.length; start += width) {
    let sum = 0;
    let from = 0;
    let to = 0;
    for (let x = 0; x < width; x += 1) {
      while (to < Math.min(width, x + radius + 1)) sum += values[start + to++] as number;
      while (from < x - radius) sum -= values[start + from++] as number;
      out[start + x] = sum / (to - from);
    }
  }
  return out;
}

function shareOf(mask: Uint8Array): number {
  let share = 0;
  for (const value of mask) share += value;
  return share / mask.length;
}

/** Only the 4-connected clusters of at least SMALLEST pixels. */
function keepClusters(plane: Uint8Array, width: number): Uint8Array {
  const out = new Uint8Array(plane.length);
  const seen = new Uint8Array(plane.length);
  const stack: number[] = [];
  for (let start = 0; start < plane.length; start += 1) {
    if (plane[start] !== 1 || seen[start]) continue;
    const cluster: number[] = [];
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      cluster.push(i);
      const x = i % width;
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const j of next) {
        if (j < 0 || j >= plane.length || plane[j] !== 1 || seen[j]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (cluster.length >= SMALLEST) for (const i of cluster) out[i] = 1;
  }
  return out;
}

/** The mask at half size for a chroma plane: a chroma pixel is marked when any it covers is. */
export function halveMask(
  mask: Uint8Array,
  width: number,
  height: number,
): { mask: Uint8Array; width: number; height: number } {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (mask[y * width + x] === 1) out[(y >> 1) * w + (x >> 1)] = 1;
    }
  }
  return { mask: out, width: w, height: h };
}
