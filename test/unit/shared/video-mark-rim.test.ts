import { describe, expect, it } from 'vitest';
import { findMark } from '../../../src-shared/video-clean/mark-find.ts';
import { planeLift } from '../../../src-shared/video-clean/mark-lift.ts';
import { PlaneStats } from '../../../src-shared/video-clean/plane-stats.ts';
import { seeded } from '../../support/marked-scenes.ts';

/**
 * A 50 % ring with a soft (anti-aliased) rim, laid over a panning, grainy picture: the clip
 * clean-up's mask must hold the whole rim, and its half-opaque pixels must be un-blended,
 * not filled as if nothing of the picture showed through (issue #38).
 */
const WIDTH = 400;
const HEIGHT = 224;
const FRAMES = 90;
const CENTRE = { x: 320, y: 150 };
const RADII = { inner: 12, outer: 26 };

/** Opacity of the ring at (x, y): 0.5 inside, falling to 0 over two pixels at each edge. */
function alphaAt(x: number, y: number): number {
  const r = Math.hypot(x - CENTRE.x, y - CENTRE.y);
  const cover = Math.min(
    1,
    Math.max(0, (r - RADII.inner + 1) / 2),
    Math.max(0, (RADII.outer + 1 - r) / 2),
  );
  return 0.5 * cover;
}

function frames(): { y: Uint8Array; alpha: Float32Array }[] {
  const random = seeded(38);
  /** The picture under the ring, panned 3 pixels a frame. */
  const picture = (x: number, y: number) =>
    110 + 60 * Math.sin(x / 9) * Math.cos(y / 7) + 40 * Math.sin((x + 2 * y) / 5);
  const alpha = new Float32Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1)
    for (let x = 0; x < WIDTH; x += 1) alpha[y * WIDTH + x] = alphaAt(x, y);
  return Array.from({ length: FRAMES }, (_, f) => {
    const plane = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        const background = picture(x + f * 3, y) + (random() - 0.5) * 20;
        const a = alpha[y * WIDTH + x] as number;
        plane[y * WIDTH + x] = Math.max(
          0,
          Math.min(255, Math.round((1 - a) * background + a * 235)),
        );
      }
    }
    return { y: plane, alpha };
  });
}

describe('the clip clean-up at a semi-transparent mark’s rim', () => {
  it('masks every pixel the mark touches and un-blends its half-opaque pixels', () => {
    const all = frames();
    const stats = new PlaneStats(WIDTH, HEIGHT);
    const halves = [new PlaneStats(WIDTH, HEIGHT), new PlaneStats(WIDTH, HEIGHT)] as const;
    all.forEach(({ y }, f) => {
      stats.add(y, WIDTH);
      halves[f * 2 < FRAMES ? 0 : 1].add(y, WIDTH);
    });
    const { mean, spread } = stats.moments();
    const found = findMark(spread, WIDTH, HEIGHT, [
      halves[0].moments().mean,
      halves[1].moments().mean,
    ]);
    if ('refused' in found) throw new Error(`no mark found: ${found.refused}`);
    const alpha = all[0]?.alpha as Float32Array;
    const touched = Array.from(alpha.keys()).filter((i) => (alpha[i] as number) > 0);
    expect(touched.filter((i) => found.mask[i] !== 1)).toEqual([]);
    const lift = planeLift(mean, spread, found.mask, WIDTH, HEIGHT);
    const half = touched.filter((i) => (alpha[i] as number) >= 0.45);
    const filled = new Set(lift.fill.at);
    expect(half.filter((i) => filled.has(i)).length).toBeLessThan(half.length * 0.01);
  });
});
