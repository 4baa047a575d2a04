import { describe, expect, it } from 'vitest';
import { findMark, markMoves } from '../../../src-shared/video-clean/mark-find.ts';
import { PlaneStats } from '../../../src-shared/video-clean/plane-stats.ts';
import { seeded } from '../../support/marked-scenes.ts';

/**
 * A mark that sits in one corner for the first half of a clip and in another for the
 * second (a channel moving its logo at a cut): the still rim the moving mark leaves round
 * itself can pass for a mark over the whole clip, so each half is asked on its own, and the
 * refusal must say the mark moved (issue #38).
 */
const WIDTH = 640;
const HEIGHT = 360;
const FRAMES = 80;
const LOGO = { width: 36, height: 16, opacity: 0.8 };

function lumaFrames(corners: (frame: number) => { left: number; top: number }): Uint8Array[] {
  const random = seeded(38);
  return Array.from({ length: FRAMES }, (_, frame) => {
    const y = new Uint8Array(WIDTH * HEIGHT);
    for (let i = 0; i < y.length; i += 1) y[i] = 70 + Math.round(random() * 80);
    const { left, top } = corners(frame);
    for (let row = top; row < top + LOGO.height; row += 1) {
      for (let x = left; x < left + LOGO.width; x += 1) {
        const i = row * WIDTH + x;
        y[i] = Math.round((y[i] as number) * (1 - LOGO.opacity) + 255 * LOGO.opacity);
      }
    }
    return y;
  });
}

function halvesOf(frames: Uint8Array[]) {
  const stats = () => new PlaneStats(WIDTH, HEIGHT);
  const halves = [stats(), stats()] as const;
  const quarters = [stats(), stats(), stats(), stats()];
  const whole = stats();
  frames.forEach((y, n) => {
    halves[n < FRAMES / 2 ? 0 : 1].add(y, WIDTH);
    quarters[Math.floor((n * 4) / FRAMES)]?.add(y, WIDTH);
    whole.add(y, WIDTH);
  });
  const means = quarters.map((quarter) => quarter.moments().mean) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const [first, second] = [halves[0].moments(), halves[1].moments()];
  return {
    halves: [
      { spread: first.spread, means: [means[0], means[1]] },
      { spread: second.spread, means: [means[2], means[3]] },
    ] as const,
    whole: whole.moments(),
    means: [first.mean, second.mean] as const,
  };
}

const bottomRight = { left: WIDTH - LOGO.width - 16, top: HEIGHT - LOGO.height - 14 };
const topLeft = { left: 16, top: 14 };

describe('a mark that moves between scenes', () => {
  it('is said to move, whatever the whole clip seems to show', () => {
    const { halves, whole } = halvesOf(
      lumaFrames((frame) => (frame < FRAMES / 2 ? bottomRight : topLeft)),
    );
    expect(markMoves(whole.spread, halves, WIDTH, HEIGHT)).toBe(true);
  });

  it('is not said to move when it holds its place', () => {
    const { halves, whole, means } = halvesOf(lumaFrames(() => bottomRight));
    const found = findMark(whole.spread, WIDTH, HEIGHT, means);
    expect('mask' in found).toBe(true);
    expect(markMoves(whole.spread, halves, WIDTH, HEIGHT)).toBe(false);
  });

  it('is not asked of a frame under 640×360, where still and moved marks measured alike', () => {
    const { halves, whole } = halvesOf(
      lumaFrames((frame) => (frame < FRAMES / 2 ? bottomRight : topLeft)),
    );
    expect(markMoves(whole.spread, halves, WIDTH, HEIGHT)).toBe(true);
    expect(markMoves(whole.spread, halves, WIDTH, HEIGHT / 2 - 1)).toBe(false);
  });

  it('is not said to move when no half shows a mark', () => {
    const { halves, whole } = halvesOf(lumaFrames(() => ({ left: 0, top: 0 })).map(() => noise()));
    expect(markMoves(whole.spread, halves, WIDTH, HEIGHT)).toBe(false);
  });
});

const noisy = seeded(7);
function noise(): Uint8Array {
  return Uint8Array.from({ length: WIDTH * HEIGHT }, () => 70 + Math.round(noisy() * 80));
}
