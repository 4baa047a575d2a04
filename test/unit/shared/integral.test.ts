import { describe, expect, it } from 'vitest';
import { Integral } from '../../../src-shared/domain/integral.ts';
import { boxMean } from '../../../src-shared/video-clean/box-mean.ts';

/** A small grid with uneven values, so a wrong corner or an off-by-one shows in the sums. */
const WIDTH = 7;
const HEIGHT = 5;
const values = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => ((i * 37) % 11) - 3);
const weight = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => (i % 3 === 0 ? 0 : 1));

function bruteSum(x0: number, y0: number, x1: number, y1: number, of: ArrayLike<number>) {
  let sum = 0;
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) sum += of[y * WIDTH + x] ?? 0;
  return sum;
}

describe('the shared summed-area table', () => {
  it('sums every box of the grid as adding its cells one by one does', () => {
    const sums = new Integral(WIDTH, HEIGHT, values);
    for (let y0 = 0; y0 < HEIGHT; y0 += 1)
      for (let y1 = y0; y1 <= HEIGHT; y1 += 1)
        for (let x0 = 0; x0 < WIDTH; x0 += 1)
          for (let x1 = x0; x1 <= WIDTH; x1 += 1)
            expect(sums.box(x0, y0, x1, y1)).toBeCloseTo(bruteSum(x0, y0, x1, y1, values), 9);
  });

  it('clips the box round a cell to the grid and counts the cells it holds', () => {
    const sums = new Integral(WIDTH, HEIGHT, values);
    expect(sums.around(0, 0, 2)).toEqual({ sum: bruteSum(0, 0, 3, 3, values), count: 9 });
    expect(sums.around(6, 4, 1).count).toBe(4);
    expect(sums.around(3, 2, 10)).toEqual({
      sum: bruteSum(0, 0, WIDTH, HEIGHT, values),
      count: 35,
    });
  });

  it('gives the clip clean-up the weighted mean of each box, NaN where the box holds none', () => {
    const means = boxMean(values, weight, WIDTH, HEIGHT, 1);
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        let sum = 0;
        let count = 0;
        for (let yy = Math.max(0, y - 1); yy <= Math.min(HEIGHT - 1, y + 1); yy += 1)
          for (let xx = Math.max(0, x - 1); xx <= Math.min(WIDTH - 1, x + 1); xx += 1) {
            const w = weight[yy * WIDTH + xx] as number;
            sum += w * (values[yy * WIDTH + xx] as number);
            count += w;
          }
        expect(means[y * WIDTH + x]).toBeCloseTo(sum / count, 5);
      }
    }
    const none = boxMean(values, new Uint8Array(WIDTH * HEIGHT), WIDTH, HEIGHT, 1);
    expect(none.every(Number.isNaN)).toBe(true);
  });
});
