import { readFile } from 'node:fs/promises';
import type { Saving } from '../../../imaging/compression-noise.ts';
import { readHeader } from '../decode.ts';
import { chromaSubsamplingOf, readJpegEncoding } from '../jpeg-tables.ts';

/** Formats whose files carry compression noise beyond rounding. */
export const LOSSY_FORMATS = new Set(['jpeg', 'webp', 'heif', 'avif']);

/**
 * A lossy file that is not a JPEG (WebP, HEIC, AVIF) is taken for a JPEG of about its
 * usual quality: close enough in what compression does to a photo.
 */
const OTHER_LOSSY: Saving = { quality: 90, chromaSubsampling: '4:2:0' };

/**
 * How a group's file was saved, so what compression does to it can be made again (the
 * self-check's copies, the blend fit's reading of the file's noise); undefined for a
 * lossless file, whose only noise is rounding.
 */
export async function savingOf(file: string): Promise<Saving | undefined> {
  const header = await readHeader(file);
  const encoding = header.format === 'jpeg' ? readJpegEncoding(await readFile(file)) : undefined;
  if (encoding) {
    return {
      quality: encoding.quality,
      chromaSubsampling: chromaSubsamplingOf(encoding.sampling),
    };
  }
  return LOSSY_FORMATS.has(header.format ?? '') ? OTHER_LOSSY : undefined;
}
