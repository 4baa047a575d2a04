import sharp from 'sharp';
import { DECODE_LIMIT } from './decode.ts';

export const THUMBNAIL_SIZE = 256;

/**
 * A small upright WebP of any image sharp reads. Decoding all of it (small, with the
 * decoder's own downscaling) also proves the file is complete: a cut-short file fails here.
 */
export function renderThumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: 'truncated', ...DECODE_LIMIT })
    .autoOrient()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}
