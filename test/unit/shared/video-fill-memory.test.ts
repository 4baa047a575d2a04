import { describe, expect, it } from 'vitest';
import { FillMemory, liftPlane, planeLift } from '../../../src-shared/video-clean/mark-lift.ts';
import { seeded } from '../../support/marked-scenes.ts';

/**
 * The clip clean-up's fill of an opaque mark (issue #38): where the background holds still
 * under a camera's noise, the fill must hold still too, not flicker with the noise of the
 * pixels it reads; after a cut it must follow the new picture at once.
 */
const WIDTH = 64;
const HEIGHT = 48;
const FRAMES = 30;

/** An opaque 12×10 block in the middle: keep 0 (nothing shows through), colour 230. */
function opaqueMark() {
  const mask = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 19; y < 29; y += 1) for (let x = 26; x < 38; x += 1) mask[y * WIDTH + x] = 1;
  const mean = Float32Array.from(mask, (m) => (m === 1 ? 230 : 100));
  const spread = Float32Array.from(mask, (m) => (m === 1 ? 0 : 6));
  return { mask, lift: planeLift(mean, spread, mask, WIDTH, HEIGHT) };
}

/** A still picture (a gradient, or its mirror after the cut) with fresh noise every frame. */
function frame(random: () => number, mask: Uint8Array, cut: boolean): Uint8Array {
  return Uint8Array.from(mask, (m, i) => {
    const x = i % WIDTH;
    const picture = cut ? 200 - 2 * x : 40 + 2 * x;
    return m === 1 ? 230 : Math.round(picture + (random() - 0.5) * 16);
  });
}

/** Mean absolute change of the filled pixels from one frame to the next. */
function flicker(frames: Uint8Array[], mask: Uint8Array): number {
  let total = 0;
  let n = 0;
  for (let f = 1; f < frames.length; f += 1) {
    for (let i = 0; i < mask.length; i += 1) {
      if (mask[i] !== 1) continue;
      total += Math.abs((frames[f]?.[i] as number) - (frames[f - 1]?.[i] as number));
      n += 1;
    }
  }
  return total / n;
}

describe('the fill of an opaque mark over a still background', () => {
  it('holds still under the camera’s noise and follows a cut at once', () => {
    const { mask, lift } = opaqueMark();
    const random = seeded(7);
    const memory = new FillMemory();
    const lifted = Array.from({ length: FRAMES }, (_, f) => {
      const plane = frame(random, mask, f >= FRAMES / 2);
      liftPlane(plane, lift, memory);
      return plane;
    });
    expect(flicker(lifted.slice(0, FRAMES / 2), mask)).toBeLessThan(1);
    expect(flicker(lifted.slice(FRAMES / 2), mask)).toBeLessThan(1);
    // Right after the cut the fill is the new picture's: the mirrored gradient at column 26 is
    // about 148 where the old one was about 92.
    const afterCut = lifted[FRAMES / 2] as Uint8Array;
    expect(afterCut[23 * WIDTH + 27]).toBeGreaterThan(130);
  });
});
