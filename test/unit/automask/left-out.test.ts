import { describe, expect, it } from 'vitest';
import { leftOut } from '../../../src-main/core/media/automask/consistency.ts';
import { seeded } from '../../support/marked-scenes.ts';

/** The median of some values, sorted afresh: what `leftOut` must give without sorting per image. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return n % 2 === 1
    ? (sorted[n >> 1] as number)
    : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
}

describe('each image against the median of the others', () => {
  for (const count of [3, 4, 7, 8]) {
    it(`matches the others' median taken afresh for every image (${count} images, many ties)`, () => {
      const random = seeded(count);
      const width = 9;
      const height = 7;
      // Few grey levels, so columns hold equal values.
      const greys = Array.from({ length: count }, () =>
        Uint8Array.from({ length: width * height }, () => Math.floor(random() * 4) * 20),
      );
      const pixels = Array.from({ length: width * height }, (_, i) => i);
      const got = leftOut(greys, width, height, pixels);
      const gradient = (grey: Uint8Array, i: number) => ({
        gx: i % width < width - 1 ? (grey[i + 1] as number) - (grey[i] as number) : 0,
        gy: i + width < width * height ? (grey[i + width] as number) - (grey[i] as number) : 0,
      });
      greys.forEach((grey, k) => {
        let dot = 0;
        let squares = 0;
        let others = 0;
        for (const i of pixels) {
          const rest = greys.filter((_, j) => j !== k).map((other) => gradient(other, i));
          const mx = median(rest.map((g) => g.gx));
          const my = median(rest.map((g) => g.gy));
          const g = gradient(grey, i);
          const product = g.gx * mx + g.gy * my;
          dot += product;
          squares += product * product;
          others += mx * mx + my * my;
        }
        expect(got.evidence[k]).toBeCloseTo(squares === 0 ? 0 : dot / Math.sqrt(squares), 9);
        expect(got.gain[k]).toBeCloseTo(others === 0 ? 0 : dot / others, 9);
      });
    });
  }
});
