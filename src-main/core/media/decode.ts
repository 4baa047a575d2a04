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
