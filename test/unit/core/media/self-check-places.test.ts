import { describe, expect, it } from 'vitest';
import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import type { BlendEstimate } from '../../../../src-main/imaging/blend-estimate.ts';
import type { MarkEstimate } from '../../../../src-main/core/media/unblend/mark-estimate.ts';
import { JPEG_GRID, placesFor } from '../../../../src-main/core/media/unblend/self-check-places.ts';

/** A mark estimate of one part whose whole box is marked: all placesFor reads of it. */
function oneMark(size: { width: number; height: number }, box: Box): MarkEstimate {
  const n = box.width * box.height;
  const blend = {
    width: box.width,
    height: box.height,
    region: new Uint8Array(n).fill(1),
    keepLuma: new Float32Array(n),
    keepChroma: new Float32Array(n),
    lift: new Float32Array(n * 3),
  } as unknown as BlendEstimate;
  return { ...size, parts: [{ box, blend }], images: 24 };
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('placesFor: where the self-check lays its copies of the mark', () => {
  it('finds places beside a large logo in the middle of the photo', () => {
    // The real-marks logo kind as the finder boxes it: 326 × 369 in the middle of 1200 × 800.
    // The places once stepped by half the box and every one clipped the mark by 6 pixels.
    const size = { width: 1200, height: 800 };
    const part = { x: 429, y: 214, width: 326, height: 369 };
    const places = placesFor(oneMark(size, part), part, 16);
    // One each side of it, at least.
    expect(places.length).toBeGreaterThanOrEqual(2);
    for (const place of places) {
      expect(overlap(place, part)).toBe(false);
      expect(place.x >= 0 && place.x + place.width <= size.width).toBe(true);
      expect(place.y >= 0 && place.y + place.height <= size.height).toBe(true);
      expect({ width: place.width, height: place.height }).toEqual({
        width: part.width,
        height: part.height,
      });
      // On the mark's JPEG grid, so the copies' blocks meet the mark as the photos' do.
      expect(Math.abs(place.x - part.x) % JPEG_GRID).toBe(0);
      expect(Math.abs(place.y - part.y) % JPEG_GRID).toBe(0);
    }
    for (const [i, a] of places.entries()) {
      for (const b of places.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
  });

  it('takes the places nearest a small corner mark first', () => {
    const size = { width: 1200, height: 800 };
    const part = { x: 1000, y: 700, width: 160, height: 60 };
    const [nearest] = placesFor(oneMark(size, part), part, 16);
    expect(nearest).toBeDefined();
    const gap = Math.hypot((nearest?.x ?? 0) - part.x, (nearest?.y ?? 0) - part.y);
    expect(gap).toBeLessThanOrEqual(part.width + JPEG_GRID);
  });
});
