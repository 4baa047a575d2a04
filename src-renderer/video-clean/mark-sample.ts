import { VideoSampleSink, type InputVideoTrack } from 'mediabunny';
import { halveMask, findMark } from '../../src-shared/video-clean/mark-find.ts';
import { planeLift, type PlaneLift } from '../../src-shared/video-clean/mark-lift.ts';
import { PlaneStats, planeDistance } from '../../src-shared/video-clean/plane-stats.ts';
import { readPlanes, type Planes } from './clip-planes.ts';

/** Frames read to find the mark: spread over the clip, at least the 60. */
const SAMPLES = 120;
/** Two sampled frames closer than this (mean levels) are one picture: the second is skipped. */
const SAME = 0.5;

export type MarkEstimate =
  | { lifts: [PlaneLift, PlaneLift, PlaneLift]; sampled: number; share: number; mask: Uint8Array }
  | { refused: 'no-mark' | 'mark-too-large' | 'too-few-frames' | 'pixel-format' };

/**
 * Reads the clip once, keeping every n-th frame (near-identical ones skipped), and estimates
 * the static mark from them: where it is (luma), and per pixel of each plane how much of the
 * background shows through it and what it adds.
 */
export async function estimateMark(track: InputVideoTrack, frames: number): Promise<MarkEstimate> {
  const step = Math.max(1, Math.floor(frames / SAMPLES));
  let stats: [PlaneStats, PlaneStats, PlaneStats] | undefined;
  let planes: Planes | undefined;
  let last: Uint8Array | undefined;
  let halves: [PlaneStats, PlaneStats] | undefined;
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
      halves ??= [
        new PlaneStats(width, height, { spread: false }),
        new PlaneStats(width, height, { spread: false }),
      ];
      halves[index * 2 <= frames ? 0 : 1].add(planes.y, width);
      stats[1].add(planes.u, chroma[0]);
      stats[2].add(planes.v, chroma[0]);
    } finally {
      sample.close();
    }
  }
  if (!stats || !halves || stats[0].samples < Math.min(60, frames / 2))
    return { refused: 'too-few-frames' };
  const [luma, ...chromaStats] = stats;
  const y = luma.moments();
  const found = findMark(y.spread, luma.width, luma.height, [
    halves[0].moments().mean,
    halves[1].moments().mean,
  ]);
  if ('refused' in found)
    return { refused: found.refused === 'none' ? 'no-mark' : 'mark-too-large' };
  const half = halveMask(found.mask, luma.width, luma.height);
  const [u, v] = chromaStats.map((plane) => {
    const { mean, spread } = plane.moments();
    return planeLift(mean, spread, half.mask, half.width, half.height);
  }) as [PlaneLift, PlaneLift];
  return {
    lifts: [planeLift(y.mean, y.spread, found.mask, luma.width, luma.height), u, v],
    sampled: luma.samples,
    share: found.share,
    mask: found.mask,
  };
}
