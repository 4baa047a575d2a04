import { describe, expect, it } from 'vitest';
import type { Box } from '../../../src-shared/domain/mask-anchor.ts';
import { enclosed } from '../../../src-main/core/media/automask/regions.ts';
import { isTiled } from '../../../src-main/core/media/automask/tiles.ts';
import { tooLarge } from '../../../src-main/core/media/automask/verdict.ts';

const WIDTH = 200;
const HEIGHT = 120;

/** A plane with `draw` marked inside each box, and the boxes. */
function plane(boxes: Box[], draw: (x: number, y: number, k: number) => boolean) {
  const core = new Uint8Array(WIDTH * HEIGHT);
  boxes.forEach((box, k) => {
    for (let y = 0; y < box.height; y += 1) {
      for (let x = 0; x < box.width; x += 1) {
        if (draw(x, y, k)) core[(box.y + y) * WIDTH + box.x + x] = 1;
      }
    }
  });
  return { width: WIDTH, height: HEIGHT, core, boxes };
}

const GRID: Box[] = [10, 60, 110].flatMap((x) =>
  [10, 60].map((y) => ({ x, y, width: 40, height: 30 })),
);

describe('a tiled mark', () => {
  it('is one shape repeated: a diagonal stroke in six boxes', () => {
    expect(isTiled(plane(GRID, (x, y) => Math.abs(x - y - 5) < 3))).toBe(true);
  });

  it('is not unlike shapes, however many', () => {
    const shapes = [
      (x: number, y: number) => Math.abs(x - y - 5) < 3,
      (x: number) => x < 8,
      (_x: number, y: number) => y > 22,
      (x: number, y: number) => (x - 20) ** 2 + (y - 15) ** 2 < 40,
      (x: number, y: number) => x > 30 && y < 10,
      (x: number, y: number) => Math.abs(x + y - 40) < 3,
    ];
    expect(isTiled(plane(GRID, (x, y, k) => (shapes[k] as (typeof shapes)[number])(x, y)))).toBe(
      false,
    );
  });

  it('is not two copies: two marks, or a mark and a coincidence', () => {
    expect(isTiled(plane(GRID.slice(0, 2), (x, y) => Math.abs(x - y - 5) < 3))).toBe(false);
  });

  it('may cover up to half the image, a single mark 5 %', () => {
    expect([tooLarge(0.04, false), tooLarge(0.06, false)]).toEqual([false, true]);
    expect([tooLarge(0.3, true), tooLarge(0.6, true)]).toEqual([false, true]);
  });
});

describe('enclosed pixels', () => {
  it('are the inside of a ring, not what reaches the border', () => {
    const width = 9;
    const ring = new Uint8Array(width * width);
    for (let y = 1; y < 8; y += 1) {
      for (let x = 1; x < 8; x += 1) {
        if (x === 1 || x === 7 || y === 1 || y === 7) ring[y * width + x] = 1;
      }
    }
    const inside = enclosed(ring, width, width);
    expect(inside[4 * width + 4]).toBe(1);
    expect(inside[0]).toBe(0);
    expect(inside[width + 1]).toBe(0);
    expect(inside.reduce((sum, value) => sum + value, 0)).toBe(25);
  });
});
