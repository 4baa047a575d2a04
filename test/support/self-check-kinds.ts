import path from 'node:path';
import sharp from 'sharp';
import { growPlane } from '../../src-shared/domain/mask-morphology.ts';
import { seeded, stamp, textMark, type Alpha } from './marked-scenes.ts';
import { textAndRing, wallpaperAt, wallpapers } from './wallpaper-marks.ts';

/**
 * The kinds of mark of issue #34's table, stamped on the desktop's wallpapers and saved as
 * JPEG q85, with each clean original kept: what the self-check's prediction is held to.
 */

type Rgb = readonly [number, number, number];

/** One layer of a mark: its coverage at a place, in one colour, at one opacity. */
interface Layer {
  alpha: Alpha;
  x: number;
  y: number;
  opacity: number;
  colour: Rgb;
}

export interface Kind {
  name: string;
  layers: (size: { width: number; height: number }) => Layer[];
}

const WHITE: Rgb = [255, 255, 255];

/** A ring around a filled triangle, a word under them: a centre logo. */
function centreLogo(): Alpha {
  const word = textMark(seeded(7), 6, 6, 4);
  const ring = 180;
  const width = Math.max(ring, word.width);
  const height = ring + 16 + word.height;
  const data = new Float32Array(width * height);
  const cx = width / 2;
  const cy = ring / 2;
  const fine = 4;
  for (let y = 0; y < ring; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let inside = 0;
      for (let v = 0; v < fine; v += 1) {
        for (let u = 0; u < fine; u += 1) {
          const px = x + (u + 0.5) / fine - cx;
          const py = y + (v + 0.5) / fine - cy;
          const d = Math.hypot(px, py);
          const inRing = d <= ring / 2 - 1 && d >= ring / 2 - 12;
          // A triangle pointing up, filled, inside the ring.
          const inTriangle = py > -50 && py < 40 && Math.abs(px) < ((py + 50) / 90) * 52;
          if (inRing || inTriangle) inside += 1;
        }
      }
      data[y * width + x] = inside / (fine * fine);
    }
  }
  const left = Math.floor((width - word.width) / 2);
  for (let y = 0; y < word.height; y += 1) {
    for (let x = 0; x < word.width; x += 1) {
      data[(ring + 16 + y) * width + left + x] = word.data[y * word.width + x] as number;
    }
  }
  return { width, height, data };
}

/** A filled box of coverage 1: the plate under a TV channel's letters. */
function plate(width: number, height: number): Alpha {
  return { width, height, data: new Float32Array(width * height).fill(1) };
}

export const KINDS: readonly Kind[] = [
  {
    name: 'white text + circle, 40 %, bottom right',
    layers: ({ width, height }) => {
      const alpha = textAndRing();
      const at = { x: width - 40 - alpha.width, y: height - 40 - alpha.height };
      return [{ alpha, ...at, opacity: 0.4, colour: WHITE }];
    },
  },
  {
    name: 'centre logo, 30 %',
    layers: ({ width, height }) => {
      const alpha = centreLogo();
      const at = {
        x: Math.round((width - alpha.width) / 2),
        y: Math.round((height - alpha.height) / 2),
      };
      return [{ alpha, ...at, opacity: 0.3, colour: WHITE }];
    },
  },
  {
    name: 'black text, 35 %, bottom left',
    layers: ({ height }) => {
      const alpha = textMark(seeded(21), 6, 7, 4);
      return [{ alpha, x: 40, y: height - 40 - alpha.height, opacity: 0.35, colour: [0, 0, 0] }];
    },
  },
  {
    name: 'tiled text, 22 %',
    layers: ({ width, height }) => {
      const alpha = textMark(seeded(5), 5, 5, 3);
      const layers: Layer[] = [];
      // Rows of the word, each shifted along: the diagonal rhythm of a stock site's tiling.
      for (let row = 0, y = 40; y + alpha.height + 20 < height; row += 1, y += alpha.height * 3) {
        for (
          let x = 30 + ((row * 90) % 300);
          x + alpha.width + 20 < width;
          x += alpha.width + 160
        ) {
          layers.push({ alpha, x, y, opacity: 0.22, colour: WHITE });
        }
      }
      return layers;
    },
  },
  {
    name: 'opaque white box with red letters',
    layers: ({ width }) => {
      const letters = textMark(seeded(9), 3, 6, 4);
      const box = plate(letters.width + 24, letters.height + 16);
      const at = { x: width - 40 - box.width, y: 40 };
      return [
        { alpha: box, ...at, opacity: 1, colour: WHITE },
        { alpha: letters, x: at.x + 12, y: at.y + 8, opacity: 1, colour: [220, 20, 30] },
      ];
    },
  },
];

export interface KindPhoto {
  file: string;
  /** The wallpaper as it was before the mark, at the same size: what a clean result is. */
  clean: Buffer;
}

export interface StampedKind {
  photos: KindPhoto[];
  size: { width: number; height: number };
  /** The mark's pixels (coverage above 2 %) grown 3 px: where results are compared. */
  plane: Uint8Array;
  /** A box per layer placed apart (a tiled mark's tiles), for the measurement. */
  boxes: Array<{ x: number; y: number; width: number; height: number }>;
}

/** `count` wallpapers cut to `size`, stamped with `kind`, saved as JPEG q85 into `folder`. */
export async function stampKind(
  folder: string,
  kind: Kind,
  count: number,
  size = { width: 1200, height: 800 },
): Promise<StampedKind> {
  const layers = kind.layers(size);
  const photos: KindPhoto[] = [];
  for (const [i, source] of wallpapers(count).entries()) {
    const clean = await wallpaperAt(source, size);
    const rgb = Buffer.from(clean);
    for (const layer of layers) {
      stamp(rgb, size.width, layer.alpha, layer.x, layer.y, layer.opacity, layer.colour);
    }
    const file = path.join(folder, `kind-${String(i).padStart(2, '0')}.jpg`);
    await sharp(rgb, { raw: { ...size, channels: 3 } })
      .jpeg({ quality: 85 })
      .toFile(file);
    photos.push({ file, clean });
  }
  const marked = new Uint8Array(size.width * size.height);
  for (const { alpha, x, y } of layers) {
    for (let v = 0; v < alpha.height; v += 1) {
      for (let u = 0; u < alpha.width; u += 1) {
        if ((alpha.data[v * alpha.width + u] as number) > 0.02) {
          marked[(y + v) * size.width + x + u] = 1;
        }
      }
    }
  }
  const plane = growPlane(marked, size.width, size.height, 3);
  const boxes = layers.map(({ alpha, x, y }) => ({
    x: Math.max(0, x - 3),
    y: Math.max(0, y - 3),
    width: Math.min(size.width, x + alpha.width + 3) - Math.max(0, x - 3),
    height: Math.min(size.height, y + alpha.height + 3) - Math.max(0, y - 3),
  }));
  return { photos, size, plane, boxes };
}
