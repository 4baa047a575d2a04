import { readFile } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { decodeLimitProblem } from '../../../src-shared/domain/decode-limit.ts';
import { referenceImageProblem } from '../../../src-shared/domain/reference-image.ts';
import { UserFacingError } from '../user-error.ts';
import { DECODE_LIMIT, readHeader } from './decode.ts';
import { heicAsPng } from './heic/decode-heic.ts';
import { sniffFile, sniffImageType, type SniffedType } from './sniff.ts';
import { renderThumbnail } from './thumbnail-render.ts';
import { coreIntl, type Wording } from '../i18n/core-words.ts';

export type IntakeProblem =
  | 'unreadable'
  | 'empty'
  | 'not-an-image'
  | 'unsupported'
  | 'corrupt'
  | 'too-large'
  | 'too-small'
  | 'aspect';

/**
 * A file Clearframe will not send, with a sentence that says why and what to do; `problem`
 * is the kind of refusal, for code that tells them apart.
 */
export class IntakeError extends UserFacingError {
  readonly problem: IntakeProblem;

  constructor(words: string | Wording, { problem }: { problem: IntakeProblem }) {
    super(words);
    this.problem = problem;
  }
}

export type IntakePurpose =
  | { use: 'watermark'; maxMegapixels: number; onExceed: 'downscale' | 'refuse' }
  | { use: 'video-reference' };

export interface PreparedImage {
  /** The format of the bytes that will be sent. */
  format: 'jpeg' | 'png' | 'webp';
  /** The source's format, as its bytes say. */
  sourceFormat: SniffedType;
  width: number;
  height: number;
  /** The upright size of the file itself; larger than width×height when it was downscaled. */
  sourceWidth: number;
  sourceHeight: number;
  /**
   * What will be sent: the file itself when it needs no change. The request encodes it as
   * base64 while it goes out (api/json-body.ts), so no text copy of it is ever held.
   */
  bytes: Buffer;
  /** True when the file was re-encoded (turned upright, downscaled, converted). */
  reencoded: boolean;
  /** A small WebP for the interface. */
  thumbnail: Buffer;
}

export const ACCEPTED: ReadonlySet<SniffedType> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'tiff',
  'avif',
  'heic',
]);
/** Megapixels in a sentence, as `12.3`. */
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

const SENT_AS_IS: ReadonlySet<SniffedType> = new Set(['jpeg', 'png', 'webp']);

/** What the service decodes itself (the provider's notes name JPEG, PNG, WebP, BMP, TIFF, GIF). */
const READ_BY_THE_SERVICE: ReadonlySet<SniffedType> = new Set([
  'jpeg',
  'png',
  'webp',
  'tiff',
  'gif',
]);

/**
 * Whether an image given by address is sent as its address, for the service to fetch: only
 * in a format the service reads. Any other (a HEIC photo) is sent as the file Clearframe
 * fetched and prepared, upright, like a local one.
 */
export async function sentByAddress(sourceUrl: string | undefined, file: string): Promise<boolean> {
  if (sourceUrl === undefined) return false;
  const type = await sniffFile(file);
  return type !== undefined && READ_BY_THE_SERVICE.has(type);
}

/** Refuses a type the service does not take, with what to do instead. */
export function refuseType(type: SniffedType): never {
  if (type === 'text' || type === 'unknown') {
    throw new IntakeError({ id: 'core.intake.notAnImage' }, { problem: 'not-an-image' });
  }
  throw new IntakeError(
    { id: 'core.intake.unsupported', values: { type: type.toUpperCase() } },
    {
      problem: 'unsupported',
    },
  );
}

/**
 * Reads an image the user gave, by its bytes rather than its name, checks it decodes to the
 * end, turns it upright, applies the limits of its purpose and returns the bytes the
 * service is sent. A file that needs no change is sent byte for byte: its buffer is the
 * only copy held.
 */
export async function prepareImage(file: string, purpose: IntakePurpose): Promise<PreparedImage> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new IntakeError(
      error.code === 'ENOENT'
        ? { id: 'core.intake.gone' }
        : { id: 'core.intake.unreadable', values: { why: error.code ?? error.message } },
      { problem: 'unreadable' },
    );
  });
  if (bytes.length === 0) throw new IntakeError({ id: 'core.intake.empty' }, { problem: 'empty' });
  const type = sniffImageType(bytes);
  if (!ACCEPTED.has(type)) refuseType(type);

  let meta: Metadata;
  let thumbnail: Buffer;
  // What sharp decodes: the file itself, or a HEIC photo's upright lossless copy.
  let readable: Buffer = bytes;
  try {
    meta = await readHeader(bytes);
    // Checked before anything is decoded: a decompression bomb is refused as too large.
    const tooLarge =
      meta.width && meta.height && decodeLimitProblem(coreIntl(), meta.width, meta.height);
    if (tooLarge) throw new IntakeError(tooLarge, { problem: 'too-large' });
    if (type === 'heic') {
      readable = await heicAsPng(bytes);
      meta = await readHeader(readable);
    }
    thumbnail = await renderThumbnail(readable);
  } catch (error) {
    if (error instanceof IntakeError) throw error;
    throw new IntakeError({ id: 'core.intake.corrupt' }, { problem: 'corrupt' });
  }
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  let width = upright.width;
  let height = upright.height;
  if (!width || !height)
    throw new IntakeError({ id: 'core.intake.noSize' }, { problem: 'corrupt' });

  let targetPixels: number | undefined;
  if (purpose.use === 'watermark') {
    const cap = purpose.maxMegapixels * 1_000_000;
    if (width * height > cap) {
      if (purpose.onExceed === 'refuse') {
        throw new IntakeError(
          {
            id: 'core.intake.tooManyPixels',
            values: {
              megapixels: coreIntl().formatNumber((width * height) / 1e6, ONE_DECIMAL),
              limit: purpose.maxMegapixels,
            },
          },
          { problem: 'too-large' },
        );
      }
      targetPixels = cap;
    }
  } else {
    checkVideoReference(width, height, bytes.length);
  }

  const rotated = (meta.orientation ?? 1) !== 1;
  const cmyk = meta.space === 'cmyk';
  const needsWork = rotated || cmyk || targetPixels !== undefined || !SENT_AS_IS.has(type);
  if (!needsWork) {
    return {
      format: type as PreparedImage['format'],
      sourceFormat: type,
      width,
      height,
      sourceWidth: width,
      sourceHeight: height,
      bytes,
      reencoded: false,
      thumbnail,
    };
  }

  let pipeline = sharp(readable, DECODE_LIMIT).autoOrient().toColourspace('srgb').keepIccProfile();
  if (targetPixels !== undefined) {
    const scale = Math.sqrt(targetPixels / (width * height));
    width = Math.max(1, Math.floor(width * scale));
    height = Math.max(1, Math.floor(height * scale));
    pipeline = pipeline.resize(width, height, { fit: 'fill' });
  }
  // Same format where the service takes it; a HEIC photo, lossy already, as JPEG (a
  // 12-megapixel one: 3 MB, where a PNG is 23 MB); lossless PNG otherwise. JPEG at a quality that does
  // not visibly soften detail, without chroma subsampling.
  const format: PreparedImage['format'] =
    type === 'jpeg' || type === 'webp' ? type : type === 'heic' ? 'jpeg' : 'png';
  const encoded =
    format === 'jpeg'
      ? await pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer()
      : format === 'webp'
        ? await pipeline.webp({ quality: 95 }).toBuffer()
        : await pipeline.png().toBuffer();
  return {
    format,
    sourceFormat: type,
    width,
    height,
    sourceWidth: upright.width,
    sourceHeight: upright.height,
    bytes: encoded,
    reencoded: true,
    thumbnail,
  };
}

function checkVideoReference(width: number, height: number, bytes: number): void {
  const problem = referenceImageProblem(coreIntl(), width, height, bytes);
  if (problem) throw new IntakeError(problem.message, { problem: problem.kind });
}
