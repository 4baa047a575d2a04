import { describe, expect, it } from 'vitest';
import {
  MAX_SCALE,
  clampPan,
  containScale,
  fitView,
  follow,
  panBy,
  resizedView,
  toBox,
  toImage,
  zoomAbout,
  type Point,
} from '../../../src-renderer/watermark/viewport.ts';

const box = { width: 800, height: 400 };
const landscape = { width: 1600, height: 1200 };
const portrait = { width: 900, height: 1200 };

describe('Fit shows the whole image (contain)', () => {
  it('is limited by the height when the box is wider than the image', () => {
    // Width alone would give 0.5 and cut the bottom of a 4:3 photo in a 2:1 box.
    expect(containScale(box, landscape)).toBeCloseTo(400 / 1200);
    expect(containScale(box, portrait)).toBeCloseTo(400 / 1200);
  });

  it('is limited by the width when the box is taller', () => {
    expect(containScale({ width: 300, height: 900 }, landscape)).toBeCloseTo(300 / 1600);
  });

  it('never blows a small image up when given a ceiling', () => {
    expect(containScale(box, { width: 200, height: 100 }, 1)).toBe(1);
    expect(containScale(box, { width: 200, height: 100 })).toBe(4);
  });

  it('centres the whole image, every corner inside the box', () => {
    const view = fitView(box, landscape);
    const [left, top] = toBox(view, [0, 0]);
    const [right, bottom] = toBox(view, [landscape.width, landscape.height]);
    expect(top).toBeCloseTo(0);
    expect(bottom).toBeCloseTo(box.height);
    expect(left).toBeCloseTo(box.width - right);
    expect(left).toBeGreaterThan(0);
  });
});

describe('a box that is resized', () => {
  it('keeps Fit at Fit', () => {
    const larger = { width: 1200, height: 600 };
    const refitted = resizedView(fitView(box, landscape), box, larger, landscape);
    expect(refitted).toEqual(fitView(larger, landscape));
  });

  it('keeps another zoom, and the image pixel in the middle of the box', () => {
    const zoomed = { scale: 1, x: -300, y: -500 };
    const smaller = { width: 600, height: 300 };
    const kept = resizedView(zoomed, box, smaller, landscape);
    expect(kept.scale).toBe(1);
    expect(toImage(kept, [300, 150])).toEqual(toImage(zoomed, [400, 200]));
  });
});

describe('zoom about a point', () => {
  it('keeps the image pixel under the point where it was', () => {
    const view = { scale: 1, x: -300, y: -500 };
    const at: Point = [420, 170];
    const under = toImage(view, at);
    const zoomed = zoomAbout(view, 1.15, at, box, landscape);
    expect(zoomed.scale).toBeCloseTo(1.15);
    const after = toBox(zoomed, under);
    expect(after[0]).toBeCloseTo(at[0]);
    expect(after[1]).toBeCloseTo(at[1]);
  });

  it('to 100 % about the middle of the view keeps the middle, not the top left', () => {
    const fitted = fitView(box, landscape);
    const middle: Point = [box.width / 2, box.height / 2];
    const centre = toImage(fitted, middle);
    const full = zoomAbout(fitted, 1, middle, box, landscape);
    expect(full.scale).toBe(1);
    const [x, y] = toImage(full, middle);
    expect(x).toBeCloseTo(centre[0]);
    expect(y).toBeCloseTo(centre[1]);
  });

  it('holds the scale within its limits', () => {
    expect(zoomAbout({ scale: 30, x: 0, y: 0 }, 300, [0, 0], box, landscape).scale).toBe(MAX_SCALE);
  });
});

describe('the pan is held to the photo', () => {
  it('leaves no empty strip where the image is larger than the box', () => {
    const view = { scale: 1, x: 0, y: 0 };
    expect(panBy(view, 500, 500, box, landscape)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(panBy(view, -5000, -5000, box, landscape)).toEqual({
      scale: 1,
      x: box.width - landscape.width,
      y: box.height - landscape.height,
    });
  });

  it('keeps a side that is smaller than the box in its middle', () => {
    const small = clampPan({ scale: 0.25, x: 700, y: -90 }, box, landscape);
    expect(small.x).toBeCloseTo((800 - 400) / 2);
    expect(small.y).toBeCloseTo((400 - 300) / 2);
  });

  it('follows a cursor that walks off the view, no further than needed', () => {
    const view = { scale: 1, x: 0, y: 0 };
    const moved = follow(view, [850, 100], box, landscape, 20);
    expect(toBox(moved, [850, 100])[0]).toBeCloseTo(box.width - 20);
    expect(moved.y).toBe(0);
    expect(follow(view, [100, 100], box, landscape, 20)).toEqual(view);
  });
});
