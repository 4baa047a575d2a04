import sharp from 'sharp';
import type { RgbPixels } from './rgb-pixels.ts';

/** How a group's lossy files were saved (a JPEG's quality and chroma layout). */
export interface Saving {
  quality: number;
  chromaSubsampling: '4:2:0' | '4:4:4';
}

/** Half a colour block of a JPEG whose colour is kept at half resolution: off its grid both ways. */
const OFF_GRID = 8;

/** What a fresh compression moved, as mean squares. */
export interface CompressionError {
  /** Per value over the three channels, in RGB levels². */
  rgb: number;
  /** Per pixel in brightness (Y of YCbCr), in levels²: the plane the blend fit reads. */
  luma: number;
}

const lumaOf = (data: Uint8Array, at: number) =>
  0.299 * (data[at] as number) +
  0.587 * (data[at + 1] as number) +
  0.114 * (data[at + 2] as number);

/**
 * What compressing these pixels afresh, as the files were saved, moves inside each plane:
 * each is saved half a colour block off the grid it came on (so the compression it already
 * went through is not simply given back), decoded and compared with itself. A measure of a
 * lossy file's own noise on this very texture, read from the pixels, not from a model of the
 * encoder: a busy photo loses more to the same quality than a plain one.
 */
export async function compressionError(
  pieces: ReadonlyArray<{ pixels: RgbPixels; plane: Uint8Array }>,
  saving: Saving,
): Promise<CompressionError> {
  let rgb = 0;
  let luma = 0;
  let count = 0;
  for (const { pixels, plane } of pieces) {
    const { data } = pixels;
    if (pixels.width <= OFF_GRID || pixels.height <= OFF_GRID) continue;
    const width = pixels.width - OFF_GRID;
    const height = pixels.height - OFF_GRID;
    const shifted = sharp(data, {
      raw: { width: pixels.width, height: pixels.height, channels: 3 },
    }).extract({ left: OFF_GRID, top: OFF_GRID, width, height });
    const again = await sharp(await shifted.jpeg(saving).toBuffer())
      .raw()
      .toBuffer();
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const p = (y + OFF_GRID) * pixels.width + x + OFF_GRID;
        if (!plane[p]) continue;
        const at = (y * width + x) * 3;
        for (let c = 0; c < 3; c += 1) {
          rgb += ((again[at + c] as number) - (data[p * 3 + c] as number)) ** 2;
        }
        luma += (lumaOf(again, at) - lumaOf(data, p * 3)) ** 2;
        count += 1;
      }
    }
  }
  return count === 0 ? { rgb: 0, luma: 0 } : { rgb: rgb / (count * 3), luma: luma / count };
}
