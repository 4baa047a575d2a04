import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { repaintMarked } from '../../imaging/telea-repaint.ts';
import { decodeRgb } from '../../imaging/decode-rgb.ts';
import { pixelBytes } from './heic/decode-heic.ts';
import type { MarkEstimate } from './unblend/mark-estimate.ts';
import { recoverImage } from './unblend/recover.ts';

/**
 * A free repaint of one image made on this computer, to judge a mask before the batch is
 * paid for: the marked pixels are filled from their surroundings by a classical method
 * (Telea's), which is cruder than the service's. `marked` is 1 where the mask marks, at the
 * image's upright size, as the mask editor shows it. The result is a JPEG for the window.
 */
export async function localPreview(file: string, marked: Uint8Array): Promise<Buffer> {
  const image = await decodeRgb(await pixelBytes(await readFile(file)));
  if (marked.length !== image.width * image.height) {
    throw new Error(
      `the mask is ${marked.length} pixels, the image ${image.width}×${image.height}`,
    );
  }
  await repaintMarked(
    image,
    marked.map((value) => (value ? 255 : 0)),
  );
  return previewJpeg(image);
}

function previewJpeg(image: { data: Buffer; width: number; height: number }): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * One image cleaned on this computer by undoing the blend of the measured mark, as the
 * local engine's job will clean it, as a JPEG for the window.
 */
export async function unblendPreview(file: string, estimate: MarkEstimate): Promise<Buffer> {
  const image = await decodeRgb(await pixelBytes(await readFile(file)));
  for (const { box, data } of await recoverImage(file, estimate)) {
    for (let y = 0; y < box.height; y += 1) {
      data.copy(
        image.data,
        ((box.y + y) * image.width + box.x) * 3,
        y * box.width * 3,
        (y + 1) * box.width * 3,
      );
    }
  }
  return previewJpeg(image);
}
