import sharp from 'sharp';
import { MAX_DECODE_PIXELS } from '../../src-shared/domain/limits.ts';
import type { RgbPixels } from '../imaging/rgb-pixels.ts';

/**
 * Pixels as the file stores them, without turning them by the EXIF orientation: what a
 * service reading the file with a plain decoder sees. Transparency is flattened onto black,
 * so a transparent mask pixel reads as unmarked. The simulator keeps its own decoding so it
 * depends on nothing in the app it stands in for.
 */
export async function storedRgb(input: Buffer): Promise<RgbPixels> {
  const { data, info } = await sharp(input, {
    failOn: 'error',
    limitInputPixels: MAX_DECODE_PIXELS,
  })
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** The container format sharp finds, or undefined for bytes it cannot read. */
export async function storedFormat(input: Buffer): Promise<string | undefined> {
  try {
    return (await sharp(input, { limitInputPixels: false }).metadata()).format;
  } catch {
    return undefined;
  }
}
