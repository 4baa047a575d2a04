import { VideoSampleSink, type InputVideoTrack } from 'mediabunny';
import { halveMask, findMark, markMoves } from '../../src-shared/video-clean/mark-find.ts';
import { planeLift, type PlaneLift } from '../../src-shared/video-clean/mark-lift.ts';
import type { ClipMask } from '../../src-shared/video-clean/mask-runs.ts';
import { PlaneStats, planeDistance } from '../../src-shared/video-clean/plane-stats.ts';
import { readPlanes, type Planes } from './clip-planes.ts';

/** Frames read to find the mark: spread over the clip, at least the 60. */
const SAMPLES = 120;
/** Two sampled frames closer than this (mean levels) are one picture: the second is skipped. */
const SAME = 0.5;

/** One plane's mean and spread over the sampled frames: what a lift is made from. */
export interface PlaneMoments {
  mean: Float32Array;
  spread: Float32Array;
}
export type ClipMoments = [PlaneMoments, PlaneMoments, PlaneMoments];

export type MarkEstimate =
  | {
      lifts: [PlaneLift, PlaneLift, PlaneLift];
      sampled: number;
      share: number;
      mask: Uint8Array;
      /** Kept so a grown or shrunk mask gets its lift without reading the clip again. */
      moments: ClipMoments;
      width: number;
      height: number;
    }
  | {
      refused: 'no-mark' | 'mark-too-large' | 'mark-moves' | 'too-few-frames' | 'pixel-format';
    };

/** The lift of each plane (Y, U, V) for a luma-sized mask. */
export function liftsFor(
  moments: ClipMoments,
  mask: Uint8Array,
  width: number,
  height: number,
): [PlaneLift, PlaneLift, PlaneLift] {
  const half = halveMask(mask, width, height);
  const [y, u, v] = moments;
  return [
    planeLift(y.mean, y.spread, mask, width, height),
    planeLift(u.mean, u.spread, half.mask, half.width, half.height),
    planeLift(v.mean, v.spread, half.mask, half.width, half.height),
  ];
}

/**
 * Reads the clip once, keeping every n-th frame (near-identical ones skipped), and estimates
 * the static mark from them: where it is (luma), and per pixel of each plane how much of the
 * background shows through it and what it adds. With `mask` (the one the person accepted in
 * the window, of the frames' size) the mark is taken to be there instead of found.
 */
export async function estimateMark(
  track: InputVideoTrack,
  frames: number,
  options: { mask?: ClipMask } = {},
): Promise<MarkEstimate> {
  const step = Math.max(1, Math.floor(frames / SAMPLES));
  let stats: [PlaneStats, PlaneStats, PlaneStats] | undefined;
  let planes: Planes | undefined;
  let last: Uint8Array | undefined;
  let halves: [PlaneStats, PlaneStats] | undefined;
  let quarters: PlaneStats[] | undefined;
  let index = 0;
  for await (const sample of new VideoSampleSink(track).samples()) {
    try {
      if (index++ % step !== 0) continue;
      planes = await readPlanes(sample, planes);
      if (!planes) return { refused: 'pixel-format' };
      if (last && planeDistance(planes.y, last) < SAME) continue;
      last = planes.y.slice();
      const { width, height } = planes;
      const chroma = [Math.ceil(width / 2), Math.ceil(height / 2)] as const;
      stats ??= [
        new PlaneStats(width, height),
        new PlaneStats(...chroma),
        new PlaneStats(...chroma),
      ];
      stats[0].add(planes.y, width);
      halves ??= [new PlaneStats(width, height), new PlaneStats(width, height)];
      halves[index * 2 <= frames ? 0 : 1].add(planes.y, width);
      // Each half's own halves: where a mark of that half alone must show its edges.
      quarters ??= [0, 1, 2, 3].map(() => new PlaneStats(width, height, { spread: false }));
      quarters[Math.min(3, Math.floor(((index - 1) * 4) / frames))]?.add(planes.y, width);
      stats[1].add(planes.u, chroma[0]);
      stats[2].add(planes.v, chroma[0]);
    } finally {
      sample.close();
    }
  }
  if (!stats || !halves || !quarters || stats[0].samples < Math.min(60, frames / 2))
    return { refused: 'too-few-frames' };
  const [luma] = stats;
  const { width, height } = luma;
  const moments = stats.map((plane) => plane.moments()) as ClipMoments;
  const given =
    options.mask && options.mask.width === width && options.mask.height === height
      ? options.mask.mask
      : undefined;
  let mask = given;
  let share = 0;
  if (!mask) {
    const parts = [halves[0].moments(), halves[1].moments()] as const;
    const means = quarters.map((quarter) => quarter.moments().mean);
    const own = (n: number) => ({
      spread: parts[n]?.spread as Float32Array,
      means: [means[2 * n], means[2 * n + 1]] as [Float32Array, Float32Array],
    });
    // Asked first: the still rim a moved mark leaves round itself can pass for a mark.
    if (markMoves(moments[0].spread, [own(0), own(1)], width, height))
      return { refused: 'mark-moves' };
    const found = findMark(moments[0].spread, width, height, [parts[0].mean, parts[1].mean]);
    if ('refused' in found)
      return { refused: found.refused === 'none' ? 'no-mark' : 'mark-too-large' };
    ({ mask, share } = found);
  } else {
    for (const value of mask) share += value;
    share /= mask.length;
  }
  return {
    lifts: liftsFor(moments, mask, width, height),
    sampled: luma.samples,
    share,
    mask,
    moments,
    width,
    height,
  };
}
