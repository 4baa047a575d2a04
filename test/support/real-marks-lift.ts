import sharp from 'sharp';
import type { MarkEstimate } from '../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../src-main/core/media/unblend/recover.ts';
import { squaredError, type Squared } from '../bench/real-marks-measure.ts';
import type { SetPhoto } from './real-marks-set.ts';

/** An image's pixels as 8-bit RGB, row by row. */
export async function rgbOf(file: string): Promise<Uint8Array> {
  const data = await sharp(file).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * One real-marks photo lifted by the engine with `estimate` (its boxes recovered and laid
 * back into the photo), and its squared error against the clean photo inside `region`: what
 * the self-check's prediction is held to.
 */
export async function liftedError(
  photo: SetPhoto,
  estimate: MarkEstimate,
  region: Uint8Array,
): Promise<Squared> {
  const result = Buffer.from(await rgbOf(photo.input));
  for (const patch of await recoverImage(photo.input, estimate)) {
    for (let y = 0; y < patch.box.height; y += 1) {
      const to = ((patch.box.y + y) * photo.width + patch.box.x) * 3;
      patch.data.copy(result, to, y * patch.box.width * 3, (y + 1) * patch.box.width * 3);
    }
  }
  return squaredError(result, await rgbOf(photo.clean), region);
}
