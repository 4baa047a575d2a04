import { describe, expect, it } from 'vitest';
import { fillHoles } from '../../../src-main/imaging/fill-holes.ts';
import { patchFill } from '../../../src-main/imaging/patch-fill.ts';
import { repaintMarked } from '../../../src-main/imaging/telea-repaint.ts';
import { seeded } from '../../support/marked-scenes.ts';

const WIDTH = 96;
const HEIGHT = 72;

/**
 * Bold vertical stripes, 6 pixels dark and 6 light, with a little noise: a texture a
 * diffusion (Telea) smears into its average grey, and copied patches continue.
 */
function stripes(): Buffer {
  const random = seeded(5);
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p += 1) {
    const light = Math.floor((p % WIDTH) / 6) % 2 === 1;
    for (let c = 0; c < 3; c += 1) {
      data[p * 3 + c] = (light ? 200 : 60) + c * 10 + Math.round((random() - 0.5) * 8);
    }
  }
  return data;
}

/** A square hole of `side` pixels in the middle, 255 inside. */
function hole(side: number): Uint8Array {
  const holes = new Uint8Array(WIDTH * HEIGHT);
  const top = Math.floor((HEIGHT - side) / 2);
  const left = Math.floor((WIDTH - side) / 2);
  for (let y = top; y < top + side; y += 1)
    holes.fill(255, y * WIDTH + left, y * WIDTH + left + side);
  return holes;
}

function errorIn(a: Buffer, b: Buffer, holes: Uint8Array): number {
  let sum = 0;
  let count = 0;
  holes.forEach((value, p) => {
    if (!value) return;
    for (let c = 0; c < 3; c += 1) {
      sum += Math.abs((a[p * 3 + c] as number) - (b[p * 3 + c] as number));
      count += 1;
    }
  });
  return sum / count;
}

describe('the exemplar fill (PatchMatch, patch voting)', () => {
  it('continues a texture into a hole, where Telea smears it', async () => {
    const truth = stripes();
    const holes = hole(24);
    const patched = { data: Buffer.from(truth), width: WIDTH, height: HEIGHT };
    holes.forEach((value, p) => {
      if (value) patched.data.fill(255, p * 3, p * 3 + 3);
    });
    const telea = { data: Buffer.from(patched.data), width: WIDTH, height: HEIGHT };
    expect(patchFill(patched, holes)).toBe(true);
    await repaintMarked(telea, holes, { grain: false });
    const patchError = errorIn(patched.data, truth, holes);
    const teleaError = errorIn(telea.data, truth, holes);
    // Telea errs by about half the stripes' contrast; copied stripes by their noise and
    // a stripe's phase here and there.
    expect(teleaError).toBeGreaterThan(40);
    expect(patchError).toBeLessThan(teleaError / 3);
    // Only the hole changes.
    holes.forEach((value, p) => {
      if (!value) expect(patched.data[p * 3]).toBe(truth[p * 3]);
    });
  });

  it('says so, changing nothing, when no whole patch lies around the hole', () => {
    const pixels = { data: stripes(), width: WIDTH, height: HEIGHT };
    const before = Buffer.from(pixels.data);
    const holes = new Uint8Array(WIDTH * HEIGHT).fill(255);
    holes.fill(0, 0, 3);
    expect(patchFill(pixels, holes)).toBe(false);
    expect(pixels.data.equals(before)).toBe(true);
  });

  it('fills a thick hole on its own thread and a thin one with Telea', async () => {
    const truth = stripes();
    const thick = hole(24);
    const pixels = { data: Buffer.from(truth), width: WIDTH, height: HEIGHT };
    thick.forEach((value, p) => {
      if (value) pixels.data.fill(255, p * 3, p * 3 + 3);
    });
    await fillHoles(pixels, thick);
    expect(errorIn(pixels.data, truth, thick)).toBeLessThan(15);
    const thin = new Uint8Array(WIDTH * HEIGHT);
    thin.fill(255, 30 * WIDTH + 10, 30 * WIDTH + 80);
    const lined = { data: Buffer.from(truth), width: WIDTH, height: HEIGHT };
    thin.forEach((value, p) => {
      if (value) lined.data.fill(255, p * 3, p * 3 + 3);
    });
    const unfilled = errorIn(lined.data, truth, thin);
    await fillHoles(lined, thin);
    expect(errorIn(lined.data, truth, thin)).toBeLessThan(unfilled / 2);
  });
});
