import sharp, { type Metadata } from 'sharp';
import { MAX_DECODE_PIXELS } from '../../../src-shared/domain/limits.ts';

/** For every sharp call that decodes pixels: the one ceiling, passed explicitly. */
export const DECODE_LIMIT = { limitInputPixels: MAX_DECODE_PIXELS } as const;

/**
 * The header of an image, whatever its size: sharp reads only the header here, so the
 * ceiling is lifted to let the caller see the size of an image too large to decode and say so.
 */
export function readHeader(input: Buffer | string): Promise<Metadata> {
  return sharp(input, { limitInputPixels: false }).metadata();
}

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/**
 * Decodes any image sharp reads into 8-bit sRGB, upright unless told to keep the pixels as
 * stored. Transparent areas are flattened onto black, so a transparent mask pixel reads as
 * unmarked.
 */
export async function decodeRgb(input: Buffer, options = { upright: true }): Promise<RawImage> {
  const decoder = sharp(input, { failOn: 'error', ...DECODE_LIMIT });
  const { data, info } = await (options.upright ? decoder.autoOrient() : decoder)
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height, channels: 3 };
}
