import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { referenceImageProblem } from '../../../../src-shared/domain/reference-image.ts';
import { VIDEO_LIMITS } from '../../../../src-shared/domain/limits.ts';
import { coreIntl } from '../../i18n/core-words.ts';
import { DECODE_LIMIT } from '../../media/decode.ts';
import { UserFacingError } from '../../user-error.ts';

/** A picture on this computer made ready to go inside a request as a reference image. */
export interface InlineReference {
  /** `data:image/…;base64,…`: the service takes images inline, so nothing is uploaded. */
  url: string;
  name: string;
  width: number;
  height: number;
  /** The size of the picture as sent (before base64). */
  bytes: number;
}

/** Formats a data address may name as they are; the service's others are sent as PNG. */
const INLINE_AS_IS = new Set(['jpeg', 'png', 'webp']);
/** The picture formats the service takes (provider notes); sharp has no BMP decoder. */
const SERVICE_FORMATS = new Set([...INLINE_AS_IS, 'tiff', 'gif']);

/**
 * Reads a picture the user chose on this computer as a reference image: checked against the
 * service's rules (format, 300 to 6000 pixels a side, shape, at most 30 MB) before anything
 * is paid, each refusal saying what to do, and returned as a data address the request
 * carries. A TIFF or GIF goes as PNG, or as JPEG when the PNG would pass the size limit.
 */
export async function inlineReferenceImage(file: string): Promise<InlineReference> {
  const name = path.basename(file);
  const size = await stat(file).catch(() => undefined);
  if (!size?.isFile())
    throw new UserFacingError({ id: 'core.rounds.referenceUnreadable', values: { name } });
  return inlineReferenceBytes(name, await readFile(file));
}

/**
 * The same for a picture's bytes, dropped or pasted onto the prompt bar: held to the same
 * rules, so a picture is taken or refused alike however it came.
 */
export async function inlineReferenceBytes(
  name: string,
  original: Buffer,
): Promise<InlineReference> {
  const unreadable = () =>
    new UserFacingError({ id: 'core.rounds.referenceUnreadable', values: { name } });
  const header = await sharp(original, { failOn: 'error', ...DECODE_LIMIT })
    .metadata()
    .catch(() => undefined);
  if (!header?.format || !header.width || !header.height) throw unreadable();
  if (!SERVICE_FORMATS.has(header.format)) {
    throw new UserFacingError({
      id: 'core.rounds.referenceFormat',
      values: { name, format: header.format.toUpperCase() },
    });
  }
  const limits = referenceImageProblem(coreIntl(), header.width, header.height, original.length);
  if (limits) throw new UserFacingError(`${name}: ${limits.message}`);
  let format = header.format;
  let bytes = original;
  if (!INLINE_AS_IS.has(format)) {
    bytes = await sharp(original, DECODE_LIMIT).png().toBuffer();
    format = 'png';
    if (bytes.length > VIDEO_LIMITS.referenceImage.maxBytes) {
      bytes = await sharp(original, DECODE_LIMIT).jpeg({ quality: 90 }).toBuffer();
      format = 'jpeg';
    }
  }
  const converted = referenceImageProblem(coreIntl(), header.width, header.height, bytes.length);
  if (converted) throw new UserFacingError(`${name}: ${converted.message}`);
  return {
    url: `data:image/${format};base64,${bytes.toString('base64')}`,
    name,
    width: header.width,
    height: header.height,
    bytes: bytes.length,
  };
}
