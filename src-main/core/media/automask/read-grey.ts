import { access } from 'node:fs/promises';
import sharp from 'sharp';
import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { DECODE_LIMIT } from '../decode.ts';
import { pixelSource } from '../heic/decode-heic.ts';

/** The longest side the detector works at: a 12-megapixel photo is read at about 1000 × 750. */
const WORK_SIDE = 1000;
/** Larger images than this are read downscaled; smaller ones at their own size. */
const FULL_SIZE_UP_TO = 1200;

export interface Working extends ImageSize {
  scale: number;
}

export function workingSize(size: ImageSize): Working {
  const longest = Math.max(size.width, size.height);
  const scale = longest > FULL_SIZE_UP_TO ? WORK_SIDE / longest : 1;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
    scale,
  };
}

/**
 * Why a file could not be read: gone since it was staged, or damaged or cut short (a
 * truncated JPEG, a file rewritten while it was looked at).
 */
export type Unreadable = 'missing' | 'damaged';

export async function readGrey(file: string, size: ImageSize): Promise<Uint8Array> {
  const { data } = await sharp(await pixelSource(file), { failOn: 'error', ...DECODE_LIMIT })
    .autoOrient()
    .greyscale()
    .resize(size.width, size.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** A file's grey plane, or why it has none: one bad file never stops the others. */
export async function tryReadGrey(file: string, size: ImageSize): Promise<Uint8Array | Unreadable> {
  try {
    return await readGrey(file, size);
  } catch {
    return (await access(file).then(
      () => true,
      () => false,
    ))
      ? 'damaged'
      : 'missing';
  }
}

/** Two at a time: sharp spreads each decode over its own threads already. */
export async function readAll(
  files: readonly string[],
  size: ImageSize,
  onRead: () => void,
): Promise<Array<Uint8Array | Unreadable>> {
  const out = new Array<Uint8Array | Unreadable>(files.length);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const k = next;
      next += 1;
      out[k] = await tryReadGrey(files[k] as string, size);
      onRead();
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

/** A working-size plane at full size, nearest neighbour. */
export function upscale(plane: Uint8Array, from: ImageSize, to: ImageSize): Uint8Array {
  if (from.width === to.width && from.height === to.height) return plane;
  const out = new Uint8Array(to.width * to.height);
  const columns = Int32Array.from({ length: to.width }, (_, x) =>
    Math.min(from.width - 1, Math.floor(((x + 0.5) * from.width) / to.width)),
  );
  for (let y = 0; y < to.height; y += 1) {
    const row =
      Math.min(from.height - 1, Math.floor(((y + 0.5) * from.height) / to.height)) * from.width;
    for (let x = 0; x < to.width; x += 1)
      out[y * to.width + x] = plane[row + (columns[x] as number)] as number;
  }
  return out;
}

export function scaleBox(box: Box, factor: number): Box {
  return {
    x: Math.floor(box.x * factor),
    y: Math.floor(box.y * factor),
    width: Math.ceil(box.width * factor),
    height: Math.ceil(box.height * factor),
  };
}
