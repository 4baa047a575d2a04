import { describe, expect, it } from 'vitest';
import { fillHoles } from '../../../src-main/imaging/fill-holes.ts';
import { fillThreadId } from '../../../src-main/imaging/fill-thread.ts';
import { patchFill } from '../../../src-main/imaging/patch-fill.ts';
import { seeded } from '../../support/marked-scenes.ts';

const WIDTH = 120;
const HEIGHT = 90;
/** Columns from here on carry a red mark's remains (an un-blended rim, say). */
const RED_FROM = 66;

/** Grey grain on the left, red grain from `RED_FROM` on: a patch of either matches well. */
function scene(): Buffer {
  const random = seeded(11);
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p += 1) {
    const red = p % WIDTH >= RED_FROM;
    const base = red ? [200, 40, 40] : [120, 120, 120];
    for (let c = 0; c < 3; c += 1) {
      data[p * 3 + c] = (base[c] as number) + Math.round((random() - 0.5) * 20);
    }
  }
  return data;
}

/** A square hole of `side` pixels whose right edge touches the red part, 255 inside. */
function holeBesideRed(side: number): Uint8Array {
  const holes = new Uint8Array(WIDTH * HEIGHT);
  const top = Math.floor((HEIGHT - side) / 2);
  for (let y = top; y < top + side; y += 1) {
    holes.fill(255, y * WIDTH + RED_FROM - side, y * WIDTH + RED_FROM);
  }
  return holes;
}

describe('the exemplar fill, where it copies from', () => {
  it('never copies a patch holding a pixel it is told to avoid', async () => {
    const holes = holeBesideRed(20);
    const avoid = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, p) =>
      p % WIDTH >= RED_FROM ? 255 : 0,
    );
    const pixels = { data: scene(), width: WIDTH, height: HEIGHT };
    const before = Buffer.from(pixels.data);
    await fillHoles(pixels, holes, avoid);
    let reddish = 0;
    let filled = 0;
    holes.forEach((value, p) => {
      if (!value) return;
      filled += 1;
      const [r, g] = [pixels.data[p * 3] as number, pixels.data[p * 3 + 1] as number];
      if (r - g > 40) reddish += 1;
    });
    expect(filled).toBe(400);
    expect(reddish).toBe(0);
    // Only the hole changed; the red part is left as it was.
    holes.forEach((value, p) => {
      if (!value)
        expect(pixels.data.subarray(p * 3, p * 3 + 3)).toEqual(before.subarray(p * 3, p * 3 + 3));
    });
  });

  it('copies from the red part when nothing is avoided (what the test above rules out)', async () => {
    const holes = holeBesideRed(20);
    const pixels = { data: scene(), width: WIDTH, height: HEIGHT };
    await fillHoles(pixels, holes);
    let reddish = 0;
    holes.forEach((value, p) => {
      if (value && (pixels.data[p * 3] as number) - (pixels.data[p * 3 + 1] as number) > 40) {
        reddish += 1;
      }
    });
    expect(reddish).toBeGreaterThan(20);
  });

  it('still copies patches when the barred rim leaves a band too thin for the coarser scale', () => {
    // A 30-pixel hole 14 pixels from the edges, the 3 pixels around it barred: a band of 11
    // free pixels holds whole 7 × 7 patches, its half-size copy (5.5) none.
    const side = 58;
    const random = seeded(3);
    const truth = Buffer.alloc(side * side * 3);
    for (let p = 0; p < side * side; p += 1) {
      const light = Math.floor((p % side) / 4) % 2 === 1;
      truth.fill((light ? 190 : 70) + Math.round((random() - 0.5) * 10), p * 3, p * 3 + 3);
    }
    const holes = new Uint8Array(side * side);
    const avoid = new Uint8Array(side * side);
    for (let y = 11; y < side - 11; y += 1) {
      for (let x = 11; x < side - 11; x += 1) {
        const inner = y >= 14 && y < side - 14 && x >= 14 && x < side - 14;
        (inner ? holes : avoid)[y * side + x] = 255;
      }
    }
    const pixels = { data: Buffer.from(truth), width: side, height: side };
    holes.forEach((value, p) => {
      if (value) pixels.data.fill(255, p * 3, p * 3 + 3);
    });
    expect(patchFill(pixels, holes, avoid)).toBe(true);
    let error = 0;
    let count = 0;
    holes.forEach((value, p) => {
      if (!value) return;
      error += Math.abs((pixels.data[p * 3] as number) - (truth[p * 3] as number));
      count += 1;
    });
    // Copied stripes err by their noise and a phase here and there; white, by ~120.
    expect(error / count).toBeLessThan(40);
  });

  it('runs one fill after another on the one kept thread', async () => {
    const first = { data: scene(), width: WIDTH, height: HEIGHT };
    await fillHoles(first, holeBesideRed(20));
    const thread = fillThreadId();
    expect(thread).toBeGreaterThan(0);
    const second = { data: scene(), width: WIDTH, height: HEIGHT };
    await fillHoles(second, holeBesideRed(16));
    expect(fillThreadId()).toBe(thread);
  });
});
