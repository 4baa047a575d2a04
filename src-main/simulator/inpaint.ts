import sharp from 'sharp';
import { fillHoles } from '../imaging/fill-holes.ts';
import type { RgbPixels } from '../imaging/rgb-pixels.ts';
import { AS_STORED, decodeRgb } from '../imaging/decode-rgb.ts';
import { storedFormat } from './pixels.ts';
import { maskToAlpha } from '../../src-shared/domain/mask-rule.ts';
import { markMask } from './corner-mark.ts';
import type { SeenMarks } from './seen-marks.ts';

export interface OutputFormat {
  format: 'jpeg' | 'png' | 'webp';
  contentType: string;
  extension: string;
}

/** Results keep the input's format when it is JPEG, PNG or WebP, and are PNG otherwise. */
export function outputFormatFor(inputFormat: string | undefined): OutputFormat {
  const format = inputFormat === 'jpeg' || inputFormat === 'webp' ? inputFormat : 'png';
  return { format, contentType: `image/${format}`, extension: format === 'jpeg' ? 'jpg' : format };
}

/** Pixels a search for the mark reads at most: a large photo is searched at a smaller size. */
const SEARCH_PIXELS = 1_000_000;

/** The mask of the mark found in a corner, at the photo's size. */
async function findMark(source: RgbPixels): Promise<Uint8Array> {
  const { width, height } = source;
  const scale = Math.sqrt(SEARCH_PIXELS / (width * height));
  if (scale >= 1) return markMask(source);
  const small = await sharp(source.data, { raw: { width, height, channels: 3 } })
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = markMask({ data: small.data, width: small.info.width, height: small.info.height });
  const alpha = await sharp(Buffer.from(found), {
    raw: { width: small.info.width, height: small.info.height, channels: 1 },
  })
    .resize(width, height, { kernel: 'nearest' })
    .raw()
    .toBuffer();
  return Uint8Array.from(alpha, (value) => (value > 0 ? 255 : 0));
}

/**
 * Cleans the marked pixels as a good engine would. With a mask that several images of this
 * size have been sent with (`seen` remembers them), the mark they share is measured and the
 * blend undone (see seen-marks.ts); otherwise the marked pixels are filled from the photo
 * around them, as the local engine fills an opaque mark (see fill-holes.ts: patches of the
 * photo copied in, Telea for thin strokes). Without a mask it fills the mark it
 * finds in a corner (see corner-mark.ts).
 */
export async function inpaint(
  image: Buffer,
  mask: Buffer | undefined,
  seen?: SeenMarks,
): Promise<Buffer> {
  const [source, format] = await Promise.all([decodeRgb(image, AS_STORED), storedFormat(image)]);
  const alpha = mask
    ? maskToAlpha((await decodeRgb(mask, AS_STORED)).data)
    : await findMark(source);
  const lossy = format === 'jpeg' || format === 'webp';
  const unblended =
    mask !== undefined && seen !== undefined && (await seen.unblend(source, alpha, lossy));
  if (!unblended) await fillHoles(source, alpha);
  const { width, height } = source;
  return sharp(source.data, { raw: { width, height, channels: 3 } })
    .toFormat(outputFormatFor(format).format)
    .toBuffer();
}
