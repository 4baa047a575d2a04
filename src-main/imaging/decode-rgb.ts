import sharp from 'sharp';
import { MAX_DECODE_PIXELS } from '../../src-shared/domain/limits.ts';
import type { RgbPixels } from './rgb-pixels.ts';

export interface RawImage extends RgbPixels {
  channels: 3;
}

/** The pixels as the file stores them, unturned: what the simulator's service reads. */
export const AS_STORED = { upright: false };

/**
 * Decodes any image sharp reads into 8-bit sRGB, for the app and the simulator alike:
 * upright by its EXIF orientation unless told to keep the pixels as stored (what a service
 * reading the file with a plain decoder sees). Transparent areas are flattened onto black,
 * so a transparent mask pixel reads as unmarked. Decoding stops at the app's one ceiling.
 */
export async function decodeRgb(input: Buffer, options = { upright: true }): Promise<RawImage> {
  const decoder = sharp(input, { failOn: 'error', limitInputPixels: MAX_DECODE_PIXELS });
  const { data, info } = await (options.upright ? decoder.autoOrient() : decoder)
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height, channels: 3 };
}
