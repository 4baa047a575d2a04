import { describe, expect, it } from 'vitest';
import { PlaneStats } from '../../../src-shared/video-clean/plane-stats.ts';

/**
 * The clip clean-up's per-pixel statistics (issue #38): exact whole-number sums, rows read
 * through a stride, and a mean-only kind for the clip's two halves that skips the squares
 * (the estimate's largest cost after decoding).
 */
const WIDTH = 5;
const HEIGHT = 3;
const STRIDE = 8;

function frame(f: number): Uint8Array {
  return Uint8Array.from({ length: STRIDE * HEIGHT }, (_, i) => (i * 37 + f * 91) % 256);
}

describe('a clip plane’s statistics over frames', () => {
  it('gives each pixel’s mean and spread as adding the frames one by one does', () => {
    const stats = new PlaneStats(WIDTH, HEIGHT);
    const frames = Array.from({ length: 7 }, (_, f) => frame(f));
    for (const plane of frames) stats.add(plane, STRIDE);
    const { mean, spread } = stats.moments();
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        const values = frames.map((plane) => plane[y * STRIDE + x] as number);
        const m = values.reduce((a, b) => a + b, 0) / values.length;
        const s = Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length);
        expect(mean[y * WIDTH + x]).toBeCloseTo(m, 4);
        expect(spread[y * WIDTH + x]).toBeCloseTo(s, 3);
      }
    }
  });

  it('keeps the mean alone when asked, with the same means', () => {
    const full = new PlaneStats(WIDTH, HEIGHT);
    const light = new PlaneStats(WIDTH, HEIGHT, { spread: false });
    for (let f = 0; f < 5; f += 1) {
      full.add(frame(f), STRIDE);
      light.add(frame(f), STRIDE);
    }
    expect(light.moments().mean).toEqual(full.moments().mean);
    expect(Array.from(light.moments().spread).every((value) => value === 0)).toBe(true);
  });
});
