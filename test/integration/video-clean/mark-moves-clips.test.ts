import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { markMoves } from '../../../src-shared/video-clean/mark-find.ts';
import { PlaneStats } from '../../../src-shared/video-clean/plane-stats.ts';
import { clipPair, requireFfmpeg, type ClipSpec } from '../../support/video-clips.ts';

const run = promisify(execFile);

/**
 * The moved-mark check on the test clips, fed as the clean-up feeds it (the whole clip's
 * spread, each half's spread and its own halves' means): a logo that jumps corners at the
 * middle is told, and one that holds still is not, translucent and opaque, in VP9 (where
 * the check's margin was found thinnest) and H.264.
 */
async function movedSays(spec: ClipSpec): Promise<boolean> {
  await requireFfmpeg();
  const pair = await clipPair(spec);
  const { width, height } = spec;
  const { stdout } = await run(
    'ffmpeg',
    ['-loglevel', 'error', '-i', pair.marked, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 1 << 30 },
  );
  const frames = stdout.length / (width * height);
  const stats = () => new PlaneStats(width, height);
  const whole = stats();
  const halves = [stats(), stats()];
  const quarters = [0, 1, 2, 3].map(() => new PlaneStats(width, height, { spread: false }));
  for (let i = 0; i < frames; i += 1) {
    const plane = stdout.subarray(i * width * height, (i + 1) * width * height);
    whole.add(plane, width);
    halves[(i + 1) * 2 <= frames ? 0 : 1]?.add(plane, width);
    quarters[Math.min(3, Math.floor((i * 4) / frames))]?.add(plane, width);
  }
  const means = quarters.map((quarter) => quarter.moments().mean);
  const half = (n: number) => ({
    spread: (halves[n] as PlaneStats).moments().spread,
    means: [means[2 * n], means[2 * n + 1]] as [Float32Array, Float32Array],
  });
  return markMoves(whole.moments().spread, [half(0), half(1)], width, height);
}

const base = { width: 640, height: 360, frameRate: 30, frames: 90 } as const;

describe('the moved-mark check on real clips', () => {
  for (const container of ['webm', 'mp4'] as const) {
    for (const logo of ['translucent', 'opaque'] as const) {
      it(`tells ${logo === 'opaque' ? 'an' : 'a'} ${logo} logo that moved at a cut from one that held still (${container})`, async () => {
        expect(await movedSays({ ...base, container, logo, moves: true })).toBe(true);
        expect(await movedSays({ ...base, container, logo })).toBe(false);
      }, 120_000);
    }
  }
});
