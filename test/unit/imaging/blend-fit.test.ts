import { describe, expect, it } from 'vitest';
import type { BlendSample } from '../../../src-main/imaging/blend-estimate.ts';
import { fitBlend } from '../../../src-main/imaging/blend-fit.ts';
import { recoverBox, unblendBox } from '../../../src-main/imaging/unblend.ts';
import { seeded } from '../../support/marked-scenes.ts';

const WIDTH = 24;
const HEIGHT = 16;

/** 1 in a bar across the middle rows, 0 elsewhere. */
function bar(): Uint8Array {
  const region = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 5; y < 11; y += 1) region.fill(1, y * WIDTH + 4, y * WIDTH + 20);
  return region;
}

/**
 * Images blended with a mark over the bar, and a stand-in for the repaint: the true photo
 * with noise, as a repaint's errors are (different in each image).
 */
function group(
  count: number,
  opacity: (x: number) => number,
  colour: (x: number) => [number, number, number],
): { samples: BlendSample[]; truths: Buffer[] } {
  const random = seeded(9);
  const region = bar();
  const samples: BlendSample[] = [];
  const truths: Buffer[] = [];
  for (let k = 0; k < count; k += 1) {
    const truth = Buffer.alloc(WIDTH * HEIGHT * 3);
    const observed = Buffer.alloc(WIDTH * HEIGHT * 3);
    const filled = Buffer.alloc(WIDTH * HEIGHT * 3);
    const base = [random() * 200, random() * 200, random() * 200];
    for (let p = 0; p < WIDTH * HEIGHT; p += 1) {
      const x = p % WIDTH;
      const a = region[p] ? opacity(x) : 0;
      const w = colour(x);
      for (let c = 0; c < 3; c += 1) {
        const j = Math.round((base[c] as number) + random() * 40);
        truth[p * 3 + c] = j;
        observed[p * 3 + c] = Math.round(a * (w[c] as number) + (1 - a) * j);
        filled[p * 3 + c] = Math.max(0, Math.min(255, Math.round(j + (random() - 0.5) * 16)));
      }
    }
    samples.push({
      observed: { data: observed, width: WIDTH, height: HEIGHT },
      filled: { data: filled, width: WIDTH, height: HEIGHT },
    });
    truths.push(truth);
  }
  return { samples, truths };
}

function meanError(a: Buffer, b: Buffer, region: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    for (let c = 0; c < 3; c += 1) {
      sum += Math.abs((a[p * 3 + c] as number) - (b[p * 3 + c] as number));
      count += 1;
    }
  }
  return sum / count;
}

describe('fitBlend and unblendBox', () => {
  it('measures a white mark of one opacity and recovers the photo under it', () => {
    const { samples, truths } = group(
      20,
      () => 0.4,
      () => [255, 255, 255],
    );
    const estimate = fitBlend(samples, bar());
    expect(estimate.colour?.[0]).toBeCloseTo(255, -1);
    const centre = 8 * WIDTH + 12;
    expect(1 - (estimate.keepLuma[centre] as number)).toBeCloseTo(0.4, 1);
    const first = samples[0] as BlendSample;
    const pixels = { ...first.observed, data: Buffer.from(first.observed.data) };
    expect(unblendBox(pixels, estimate).includes(255)).toBe(false);
    const repaintError = meanError(first.filled.data, truths[0] as Buffer, bar());
    expect(meanError(pixels.data, truths[0] as Buffer, bar())).toBeLessThan(repaintError / 3);
    // Outside the region nothing changes.
    expect(pixels.data[0]).toBe(first.observed.data[0]);
  });

  it('keeps a colour per pixel for a mark of two colours', () => {
    const { samples, truths } = group(
      20,
      () => 0.5,
      (x) => (x < 12 ? [250, 40, 40] : [30, 60, 240]),
    );
    const estimate = fitBlend(samples, bar());
    expect(estimate.colour).toBeUndefined();
    const first = samples[0] as BlendSample;
    const pixels = { ...first.observed, data: Buffer.from(first.observed.data) };
    unblendBox(pixels, estimate);
    const repaintError = meanError(first.filled.data, truths[0] as Buffer, bar());
    expect(meanError(pixels.data, truths[0] as Buffer, bar())).toBeLessThan(repaintError);
  });

  it('repaints where the mark is too opaque to see through', async () => {
    const { samples } = group(
      20,
      (x) => (x < 12 ? 0.95 : 0.4),
      () => [255, 255, 255],
    );
    const estimate = fitBlend(samples, bar());
    const first = samples[0] as BlendSample;
    const pixels = { ...first.observed, data: Buffer.from(first.observed.data) };
    const unsure = unblendBox({ ...pixels, data: Buffer.from(pixels.data) }, estimate);
    expect(unsure[8 * WIDTH + 6]).toBe(255);
    expect(unsure[8 * WIDTH + 16]).toBe(0);
    await recoverBox(pixels, estimate, { lossy: false });
    // The opaque half no longer reads as the mark's white.
    expect(pixels.data[(8 * WIDTH + 6) * 3] as number).toBeLessThan(245);
  });

  it('models a minority colour as it is: red letters at 40 % beside a white mark at 40 %', () => {
    // A quarter of the mark red, the rest white: one colour for all would take white and
    // read the red pixels as white at the wrong opacity.
    const { samples, truths } = group(
      20,
      () => 0.4,
      (x) => (x >= 16 ? [220, 20, 30] : [255, 255, 255]),
    );
    const estimate = fitBlend(samples, bar());
    expect(estimate.colours).toHaveLength(2);
    const red = 8 * WIDTH + 18;
    expect(1 - (estimate.keepLuma[red] as number)).toBeCloseTo(0.4, 1);
    const first = samples[0] as BlendSample;
    const pixels = { ...first.observed, data: Buffer.from(first.observed.data) };
    unblendBox(pixels, estimate);
    const redPart = bar().map((value, p) => (value && p % WIDTH >= 16 ? 1 : 0));
    expect(meanError(pixels.data, truths[0] as Buffer, redPart)).toBeLessThan(2);
  });

  it('fills an opaque white box with red letters, leaving none of its colours', async () => {
    const { samples, truths } = group(
      20,
      () => 1,
      (x) => (x >= 16 ? [220, 20, 30] : [255, 255, 255]),
    );
    const estimate = fitBlend(samples, bar());
    const first = samples[0] as BlendSample;
    const pixels = { ...first.observed, data: Buffer.from(first.observed.data) };
    const unsure = unblendBox({ ...pixels, data: Buffer.from(pixels.data) }, estimate);
    // Nothing of the photo is left under an opaque mark: every pixel is filled, none un-blended.
    expect(bar().every((value, p) => !value || unsure[p] === 255)).toBe(true);
    await recoverBox(pixels, estimate, { lossy: true });
    const truth = truths[0] as Buffer;
    let markColoured = 0;
    for (let p = 0; p < WIDTH * HEIGHT; p += 1) {
      if (!bar()[p]) continue;
      const value = [0, 1, 2].map((c) => pixels.data[p * 3 + c] as number);
      const toTruth = value.reduce((sum, v, c) => sum + (v - (truth[p * 3 + c] as number)) ** 2, 0);
      const toMark = Math.min(
        ...[
          [255, 255, 255],
          [220, 20, 30],
        ].map((mark) => value.reduce((sum, v, c) => sum + (v - (mark[c] as number)) ** 2, 0)),
      );
      if (toMark < toTruth) markColoured += 1;
    }
    expect(markColoured).toBe(0);
  });
});
