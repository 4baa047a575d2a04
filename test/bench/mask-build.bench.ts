import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { buildMask } from '../../src-main/core/media/mask-builder.ts';
import type { Benchmark } from './harness.ts';

const WIDTH = 6000;
const HEIGHT = 4000;

/**
 * 300 brush strokes as someone painting over a watermark tiled across a photo would make
 * them: straight-ish lines of 24 points 15 px apart (about 350 px long), 8 to 24 px in
 * radius, anywhere on the image. Seeded, so every run paints the same mask.
 */
function strokes(): Stroke[] {
  let seed = 2026;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 300 }, () => {
    let x = random() * WIDTH;
    let y = random() * HEIGHT;
    const angle = random() * Math.PI;
    const points: Array<[number, number]> = [];
    for (let i = 0; i < 24; i += 1) {
      points.push([x, y]);
      x += Math.cos(angle) * 15 + (random() - 0.5) * 4;
      y += Math.sin(angle) * 15 + (random() - 0.5) * 4;
    }
    return { kind: 'brush', points, radius: 8 + random() * 16 };
  });
}

export const benchmarks: Benchmark[] = [
  {
    name: 'mask-build-ratio',
    figures: ['mask-build-ratio', 'mask-bytes'],
    runs: 5,
    async measure() {
      const input = strokes();
      const black = Buffer.alloc(WIDTH * HEIGHT);
      let started = performance.now();
      // The same settings as the mask: a two-colour palette, one bit a pixel, deflate level 6.
      await sharp(black, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
        .png({ palette: true, colours: 2, dither: 0, compressionLevel: 6 })
        .toBuffer();
      const blackMs = performance.now() - started;
      started = performance.now();
      const mask = buildMask(WIDTH, HEIGHT, input);
      const maskMs = performance.now() - started;
      return [
        {
          name: 'mask-build-ratio',
          value: maskMs,
          unit: 'ms',
          baseline: blackMs,
          target: { op: '<=', value: 2, of: 'ratio' },
        },
        {
          name: 'mask-bytes',
          value: mask.length / 1000,
          unit: 'KB',
          // A regression guard: 157 KB is the floor of a PNG for this mask (issue #35).
          target: { op: '<=', value: 165, of: 'value' },
        },
      ];
    },
  },
];
