import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { seeded, stamp, textMark, type Alpha } from './marked-scenes.ts';
import { textAndRing, wallpaperAt, wallpapers } from './wallpaper-marks.ts';

/**
 * The kinds of mark issue #34 names, laid over real photos (the desktop's wallpapers) and
 * saved as JPEG q85, with the clean photos and the true coverage kept: a yardstick for the
 * local engine alone (the true mask is the mask, so the finder's errors do not count).
 */

export type EngineKind = 'text-ring-40' | 'centre-logo-30' | 'black-text-35' | 'opaque-box';

export const ENGINE_KINDS: readonly EngineKind[] = [
  'text-ring-40',
  'centre-logo-30',
  'black-text-35',
  'opaque-box',
];

type Rgb = readonly [number, number, number];

/** One layer of a mark: where it covers, how opaque, in what colour. */
interface Layer {
  alpha: Alpha;
  opacity: number;
  colour: Rgb;
  dx: number;
  dy: number;
}

/** A ring, a filled triangle inside it and a word beside it: a studio's logo. */
function ringTriangleWord(): Alpha {
  const word = textMark(seeded(7), 5, 9, 6);
  const ring = 150;
  const gap = 20;
  const width = ring + gap + word.width;
  const height = Math.max(ring, word.height);
  const data = new Float32Array(width * height);
  const fine = 4;
  const c = ring / 2;
  const top = Math.floor((height - ring) / 2);
  for (let y = 0; y < ring; y += 1) {
    for (let x = 0; x < ring; x += 1) {
      let inside = 0;
      for (let v = 0; v < fine; v += 1) {
        for (let u = 0; u < fine; u += 1) {
          const px = x + (u + 0.5) / fine;
          const py = y + (v + 0.5) / fine;
          const d = Math.hypot(px - c, py - c);
          const onRing = d <= c - 1 && d >= c - 12;
          // A triangle pointing right, as a play button.
          const tx = px - c + 30;
          const inTriangle = tx >= 0 && tx <= 75 && Math.abs(py - c) <= 42 * (1 - tx / 75);
          if (onRing || inTriangle) inside += 1;
        }
      }
      data[(top + y) * width + x] = inside / (fine * fine);
    }
  }
  const wordTop = Math.floor((height - word.height) / 2);
  for (let y = 0; y < word.height; y += 1) {
    for (let x = 0; x < word.width; x += 1) {
      data[(wordTop + y) * width + ring + gap + x] = word.data[y * word.width + x] as number;
    }
  }
  return { width, height, data };
}

/** A filled rectangle with soft-free edges, `width` × `height`. */
function block(width: number, height: number): Alpha {
  return { width, height, data: new Float32Array(width * height).fill(1) };
}

/** The layers of each kind on a photo of this size, placed as the issue describes. */
function layersOf(kind: EngineKind, size: { width: number; height: number }): Layer[] {
  const { width, height } = size;
  switch (kind) {
    case 'text-ring-40': {
      const alpha = textAndRing();
      const at = { dx: width - 40 - alpha.width, dy: height - 40 - alpha.height };
      return [{ alpha, opacity: 0.4, colour: [255, 255, 255], ...at }];
    }
    case 'centre-logo-30': {
      const alpha = ringTriangleWord();
      const at = {
        dx: Math.floor((width - alpha.width) / 2),
        dy: Math.floor((height - alpha.height) / 2),
      };
      return [{ alpha, opacity: 0.3, colour: [255, 255, 255], ...at }];
    }
    case 'black-text-35': {
      const alpha = textMark(seeded(35), 6, 7, 5);
      return [{ alpha, opacity: 0.35, colour: [0, 0, 0], dx: 40, dy: height - 40 - alpha.height }];
    }
    case 'opaque-box': {
      const letters = textMark(seeded(61), 3, 5, 4);
      const box = block(letters.width + 16, letters.height + 12);
      const dx = width - 32 - box.width;
      const dy = 32;
      return [
        { alpha: box, opacity: 1, colour: [255, 255, 255], dx, dy },
        { alpha: letters, opacity: 1, colour: [220, 20, 30], dx: dx + 8, dy: dy + 6 },
      ];
    }
  }
}

export interface KindSet {
  kind: EngineKind;
  files: string[];
  /** The photos before the mark, as raw RGB. */
  clean: Buffer[];
  width: number;
  height: number;
  /** The mark's coverage per pixel at the photos' size (0 to 1, opacity included). */
  coverage: Float32Array;
  /** The true mask: coverage above 2 %, grown by 3 pixels, as a painted mask would be. */
  mask: Uint8Array;
  /** The mark's colours. */
  colours: Rgb[];
}

/** Every cell within `radius` (a square) of a marked one. */
export function grownPlane(
  plane: ArrayLike<number>,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!plane[y * width + x]) continue;
      for (let v = Math.max(0, y - radius); v <= Math.min(height - 1, y + radius); v += 1) {
        out.fill(
          1,
          v * width + Math.max(0, x - radius),
          v * width + Math.min(width, x + radius + 1),
        );
      }
    }
  }
  return out;
}

/** `count` wallpapers at `size`, stamped with the kind's mark and saved as JPEG q85. */
export async function kindSet(
  folder: string,
  kind: EngineKind,
  count: number,
  size = { width: 1200, height: 800 },
): Promise<KindSet> {
  await mkdir(folder, { recursive: true });
  const layers = layersOf(kind, size);
  const coverage = new Float32Array(size.width * size.height);
  for (const { alpha, opacity, dx, dy } of layers) {
    for (let v = 0; v < alpha.height; v += 1) {
      for (let u = 0; u < alpha.width; u += 1) {
        const a = (alpha.data[v * alpha.width + u] as number) * opacity;
        const at = (dy + v) * size.width + dx + u;
        coverage[at] = 1 - (1 - (coverage[at] as number)) * (1 - a);
      }
    }
  }
  const files: string[] = [];
  const clean: Buffer[] = [];
  for (const [i, source] of wallpapers(count).entries()) {
    const rgb = await wallpaperAt(source, size);
    clean.push(Buffer.from(rgb));
    for (const { alpha, opacity, colour, dx, dy } of layers) {
      stamp(rgb, size.width, alpha, dx, dy, opacity, colour);
    }
    const file = path.join(folder, `${kind}-${String(i).padStart(2, '0')}.jpg`);
    await sharp(rgb, { raw: { ...size, channels: 3 } })
      .jpeg({ quality: 85 })
      .toFile(file);
    files.push(file);
  }
  const truth = Uint8Array.from(coverage, (a) => (a > 0.02 ? 1 : 0));
  return {
    kind,
    files,
    clean,
    ...size,
    coverage,
    mask: grownPlane(truth, size.width, size.height, 3),
    colours: layers.map((layer) => layer.colour),
  };
}
