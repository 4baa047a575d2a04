import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Photo-like scenes carrying one semi-transparent text-like mark, for the watermark finder's
 * tests and benchmarks: a sky-to-ground gradient, shapes, texture and noise, all different
 * per image and seeded; the mark the same on every image that has it.
 */

export type Random = () => number;

export function seeded(seed: number): Random {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export interface Alpha {
  width: number;
  height: number;
  /** Coverage of each pixel by the mark, 0 to 1. */
  data: Float32Array;
}

/**
 * Block letters from strokes on a 4 × 6 grid, drawn at 4× and averaged down, so the edges
 * are soft like a rendered font's. `letters` glyphs, `stroke` pixels thick at full size.
 */
export function textMark(random: Random, letters: number, cell: number, stroke: number): Alpha {
  const fine = 4;
  const glyphW = cell * 4;
  const glyphH = cell * 6;
  const width = letters * (glyphW + cell * 2) + stroke * 2;
  const height = glyphH + stroke * 2;
  const big = new Uint8Array(width * fine * height * fine);
  const bigW = width * fine;
  const disc = (cx: number, cy: number, r: number) => {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y += 1) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x += 1) {
        if (x < 0 || y < 0 || x >= bigW || y >= height * fine) continue;
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) big[y * bigW + x] = 1;
      }
    }
  };
  const line = (ax: number, ay: number, bx: number, by: number) => {
    const steps = Math.ceil(Math.hypot(bx - ax, by - ay)) + 1;
    for (let s = 0; s <= steps; s += 1) {
      disc(ax + ((bx - ax) * s) / steps, ay + ((by - ay) * s) / steps, (stroke * fine) / 2);
    }
  };
  const nodes: ReadonlyArray<readonly [number, number]> = [
    [0, 0],
    [4, 0],
    [0, 3],
    [4, 3],
    [0, 6],
    [4, 6],
    [2, 0],
    [2, 6],
  ];
  for (let g = 0; g < letters; g += 1) {
    const ox = (stroke + g * (glyphW + cell * 2)) * fine;
    const oy = stroke * fine;
    const segments = 3 + Math.floor(random() * 3);
    for (let s = 0; s < segments; s += 1) {
      const first = Math.floor(random() * nodes.length);
      let second = Math.floor(random() * nodes.length);
      if (second === first) second = (first + 1) % nodes.length;
      const a = nodes[first] as readonly [number, number];
      const b = nodes[second] as readonly [number, number];
      line(
        ox + a[0] * cell * fine,
        oy + a[1] * cell * fine,
        ox + b[0] * cell * fine,
        oy + b[1] * cell * fine,
      );
    }
  }
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let v = 0; v < fine; v += 1) {
        for (let u = 0; u < fine; u += 1)
          sum += big[(y * fine + v) * bigW + x * fine + u] as number;
      }
      data[y * width + x] = sum / (fine * fine);
    }
  }
  return { width, height, data };
}

/** A scene of this size as RGB bytes; `flat` paints a flat bright area over that box. */
export function scene(
  width: number,
  height: number,
  random: Random,
  flat?: { x: number; y: number; width: number; height: number },
): Uint8Array {
  const rgb = new Float32Array(width * height * 3);
  const top = [random() * 255, random() * 255, random() * 255];
  const bottom = [random() * 255, random() * 255, random() * 255];
  const horizon = height * (0.3 + random() * 0.4);
  for (let y = 0; y < height; y += 1) {
    const t = y < horizon ? (y / horizon) * 0.5 : 0.5 + ((y - horizon) / (height - horizon)) * 0.5;
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        rgb[(y * width + x) * 3 + c] = (top[c] as number) * (1 - t) + (bottom[c] as number) * t;
      }
    }
  }
  const shapes = 10 + Math.floor(random() * 10);
  for (let s = 0; s < shapes; s += 1) {
    const cx = random() * width;
    const cy = random() * height;
    const rx = 20 + random() * width * 0.2;
    const ry = 20 + random() * height * 0.2;
    const colour = [random() * 255, random() * 255, random() * 255];
    const round = random() < 0.5;
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(height, cy + ry); y += 1) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(width, cx + rx); x += 1) {
        if (round && ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) continue;
        const shade = 0.85 + 0.15 * Math.sin(x * 0.05 + y * 0.03);
        for (let c = 0; c < 3; c += 1) rgb[(y * width + x) * 3 + c] = (colour[c] as number) * shade;
      }
    }
  }
  const bright = 225 + random() * 20;
  const fx = 0.02 + random() * 0.1;
  const fy = 0.02 + random() * 0.1;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inFlat =
        flat && x >= flat.x && x < flat.x + flat.width && y >= flat.y && y < flat.y + flat.height;
      const texture = inFlat ? 0 : 10 * Math.sin(x * fx) * Math.cos(y * fy);
      for (let c = 0; c < 3; c += 1) {
        const i = (y * width + x) * 3 + c;
        const value = inFlat
          ? bright + (random() - 0.5) * 6
          : (rgb[i] as number) + texture + (random() - 0.5) * 16;
        out[i] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return out;
}

/** Lays the mark on the scene at (x, y): white at `opacity` where the mark covers a pixel. */
export function stamp(
  rgb: Uint8Array,
  width: number,
  mark: Alpha,
  x: number,
  y: number,
  opacity: number,
  colour: readonly [number, number, number] = [255, 255, 255],
): void {
  for (let v = 0; v < mark.height; v += 1) {
    for (let u = 0; u < mark.width; u += 1) {
      const a = (mark.data[v * mark.width + u] as number) * opacity;
      if (a === 0) continue;
      const i = ((y + v) * width + x + u) * 3;
      for (let c = 0; c < 3; c += 1) {
        rgb[i + c] = Math.round((rgb[i + c] as number) * (1 - a) + (colour[c] as number) * a);
      }
    }
  }
}

/** The mark's pixels in an image of this size: where its coverage is above `least`. */
export function truthPlane(
  width: number,
  height: number,
  mark: Alpha,
  x: number,
  y: number,
  least: number,
): Uint8Array {
  const plane = new Uint8Array(width * height);
  for (let v = 0; v < mark.height; v += 1) {
    for (let u = 0; u < mark.width; u += 1) {
      if ((mark.data[v * mark.width + u] as number) > least) plane[(y + v) * width + x + u] = 1;
    }
  }
  return plane;
}

export async function writeJpeg(
  folder: string,
  name: string,
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await writeFile(
    file,
    await sharp(rgb, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
  return file;
}

export interface MarkedImage {
  path: string;
  width: number;
  height: number;
  /** Undefined for an image without the mark. */
  at?: { x: number; y: number };
}

export interface MarkedSet {
  images: MarkedImage[];
  mark: Alpha;
}

export interface SetOptions {
  count: number;
  sizes: ReadonlyArray<{ width: number; height: number }>;
  opacity: number;
  seed: number;
  /** Distance of the mark from the bottom-right corner, the same in every image. */
  inset?: number;
  /** Images without the mark, the first ones of the set. */
  absent?: number;
  /** Every second image gets a flat bright area under the mark. */
  flatUnderHalf?: boolean;
  /** An unrelated opaque label at a random place on each image. */
  label?: boolean;
}

/** A folder of JPEG (q85) scenes sharing one mark near the bottom-right corner. */
export async function markedSet(folder: string, options: SetOptions): Promise<MarkedSet> {
  const random = seeded(options.seed);
  // A mark sized for the photos, as real ones are (a quarter to a third of the width): on
  // photos under 800 pixels wide the full-size mark would cover more than the finder takes
  // for a mark (verdict.ts). The cell size draws nothing random, so the scenes stay the same.
  const small = Math.min(...options.sizes.map((size) => size.width)) < 800;
  const mark = small ? textMark(random, 6, 4, 3) : textMark(random, 6, 7, 5);
  const inset = options.inset ?? 30;
  const images: MarkedImage[] = [];
  for (let k = 0; k < options.count; k += 1) {
    const { width, height } = options.sizes[k % options.sizes.length] as {
      width: number;
      height: number;
    };
    const x = width - inset - mark.width;
    const y = height - inset - mark.height;
    // A bright sky or wall reaching the image's corner, its far edges different on each image.
    const flatX = Math.floor(x - 20 - random() * 200);
    const flatY = Math.floor(y - 20 - random() * 150);
    const flat =
      options.flatUnderHalf && k % 2 === 0
        ? { x: flatX, y: flatY, width: width - flatX, height: height - flatY }
        : undefined;
    const rgb = scene(width, height, random, flat);
    if (options.label) {
      const label = textMark(random, 4, 6, 4);
      const lx = Math.floor(random() * (width - label.width));
      const ly = Math.floor(random() * (height - label.height));
      stamp(rgb, width, label, lx, ly, 1, [20, 20, 30]);
    }
    const marked = k >= (options.absent ?? 0);
    if (marked) stamp(rgb, width, mark, x, y, options.opacity);
    const file = await writeJpeg(
      folder,
      `photo-${String(k).padStart(3, '0')}.jpg`,
      rgb,
      width,
      height,
    );
    images.push({ path: file, width, height, ...(marked ? { at: { x, y } } : {}) });
  }
  return { images, mark };
}

/**
 * Twenty photos of `size` (12 megapixels, say) as JPEG q85: scenes drawn at 1000 × 750
 * with the mark at 45 %, then upscaled, as a camera's large file of a marked photo.
 */
export async function largeMarkedPhotos(
  folder: string,
  size: { width: number; height: number },
): Promise<string[]> {
  const random = seeded(12);
  const mark = textMark(random, 6, 7, 5);
  const files: string[] = [];
  for (let k = 0; k < 20; k += 1) {
    const rgb = scene(1000, 750, random);
    stamp(rgb, 1000, mark, 1000 - 30 - mark.width, 750 - 30 - mark.height, 0.45);
    const file = path.join(folder, `photo-${String(k).padStart(2, '0')}.jpg`);
    await sharp(rgb, { raw: { width: 1000, height: 750, channels: 3 } })
      .resize(size.width, size.height, { kernel: 'cubic' })
      .jpeg({ quality: 85 })
      .toFile(file);
    files.push(file);
  }
  return files;
}
