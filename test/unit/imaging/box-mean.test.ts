import { describe, expect, it } from 'vitest';
import { boxMean } from '../../../src-main/imaging/ghost.ts';
import { seeded } from '../../support/marked-scenes.ts';

/**
 * The ghost repair's local mean is a running sum (its cost no longer grows with the
 * radius): it must give what averaging each clipped square directly gives, at the grid's
 * edges and on grids narrower than the square too.
 */
function direct(values: Float32Array, width: number, height: number, radius: number) {
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      let count = 0;
      for (let v = Math.max(0, y - radius); v <= Math.min(height - 1, y + radius); v += 1) {
        for (let u = Math.max(0, x - radius); u <= Math.min(width - 1, x + radius); u += 1) {
          sum += values[v * width + u] as number;
          count += 1;
        }
      }
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

describe('boxMean', () => {
  const random = seeded(12);
  it.each([
    [40, 30, 1],
    [40, 30, 6],
    [5, 9, 6],
    [1, 17, 3],
    [13, 1, 2],
    [7, 7, 20],
  ])('%i × %i, radius %i: the mean of each clipped square', (width, height, radius) => {
    const values = Float32Array.from({ length: width * height }, () => random() * 255);
    const fast = boxMean(values, width, height, radius);
    const slow = direct(values, width, height, radius);
    for (let i = 0; i < values.length; i += 1) {
      expect(fast[i]).toBeCloseTo(slow[i] as number, 3);
    }
  });
});
