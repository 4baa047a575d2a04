import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inpaint } from '../../../src-main/simulator/inpaint.ts';
import { defaultRegion } from '../../../src-main/simulator/corner-mark.ts';

const WIDTH = 240;
const HEIGHT = 160;
const GRAIN = 6;

/** A grey photo with even grain, as a sensor gives it, seeded so every run is the same. */
function grainyPhoto(): Buffer {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0; i < WIDTH * HEIGHT; i += 1) {
    const noise =
      GRAIN * Math.sqrt(-2 * Math.log(Math.max(next(), 1e-9))) * Math.cos(2 * Math.PI * next());
    const value = Math.round(120 + ((i % WIDTH) / WIDTH) * 20 + noise);
    pixels.fill(Math.min(255, Math.max(0, value)), i * 3, i * 3 + 3);
  }
  return pixels;
}

/** A "©" ring and a few letter strokes in white, in the bottom-left corner. */
function markPixels(): number[] {
  const marked: number[] = [];
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const ring = Math.hypot(x - 24, y - 144);
      const letter = x >= 40 && x < 80 && (x - 40) % 6 < 2 && y >= 138 && y < 150;
      if ((ring >= 6 && ring < 8) || letter) marked.push(y * WIDTH + x);
    }
  }
  return marked;
}

async function png(pixels: Buffer): Promise<Buffer> {
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

async function raw(image: Buffer): Promise<Buffer> {
  return sharp(image).removeAlpha().raw().toBuffer();
}

function spread(values: number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

describe('the simulator’s stand-in for watermark removal', () => {
  it('without a mask finds the mark in its corner, repaints it with grain, and leaves the rest', async () => {
    const clean = grainyPhoto();
    const marked = Buffer.from(clean);
    const mark = markPixels();
    for (const i of mark) marked.fill(250, i * 3, i * 3 + 3);
    // The mark lies outside the box a fixed guess would repaint.
    const box = defaultRegion(WIDTH, HEIGHT);
    expect(mark.every((i) => i % WIDTH < box.left)).toBe(true);

    const after = await raw(await inpaint(await png(marked), undefined));
    const before = await raw(await png(marked));
    const repainted = mark.map((i) => after[i * 3] ?? 0);
    const original = mark.map((i) => clean[i * 3] ?? 0);
    const error = repainted.reduce((sum, v, k) => sum + Math.abs(v - (original[k] ?? 0)), 0);
    expect(error / mark.length).toBeLessThan(15);
    // The fill carries grain like the photo's, not a smooth smear.
    expect(spread(repainted)).toBeGreaterThan(GRAIN * 0.5);
    // Far from the mark, every pixel is as it was.
    let moved = 0;
    for (let y = 0; y < HEIGHT / 2; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        const i = (y * WIDTH + x) * 3;
        if (after[i] !== before[i]) moved += 1;
      }
    }
    expect(moved).toBe(0);
  });
});
