import { describe, expect, it } from 'vitest';
import { marksNothing, planeMarksNothing } from '../../../src-shared/domain/mask-raster.ts';

describe('what an empty mask is, said once', () => {
  it('calls a plane with no pixel marked empty, and one marked pixel not', () => {
    expect(planeMarksNothing(new Uint8Array(64))).toBe(true);
    const plane = new Uint8Array(64);
    plane[63] = 1;
    expect(planeMarksNothing(plane)).toBe(false);
  });

  it('agrees with the strokes check the editor uses before saving', () => {
    const outside = { kind: 'rect' as const, x: 20, y: 20, width: 4, height: 4 };
    const inside = { kind: 'rect' as const, x: 2, y: 2, width: 4, height: 4 };
    expect(marksNothing([outside], 8, 8)).toBe(true);
    expect(marksNothing([inside], 8, 8)).toBe(false);
  });
});
