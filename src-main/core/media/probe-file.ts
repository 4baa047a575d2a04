import { readFile, stat } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { decodeLimitProblem } from '../../../src-shared/domain/limits.ts';
import { readHeader } from './decode.ts';
import { heicUprightSize, pixelBytes } from './heic/decode-heic.ts';
import { ACCEPTED, IntakeError, refuseType } from './intake.ts';
import { sniffFile, type SniffedType } from './sniff.ts';
import { renderThumbnail } from './thumbnail-render.ts';
import { coreIntl, said } from '../i18n/core-words.ts';

export type FileProbe =
  | { ok: true; format: string; width: number; height: number; bytes: number }
  | { ok: false; reason: string };

const UNREADABLE = () => said('core.probe.unreadable');
const DAMAGED = () => said('core.probe.damaged');

/**
 * The type sharp read from the header, named as the first bytes name it, when it is one the
 * service takes; anything else is looked at byte by byte, for the reason to give.
 */
function acceptedType(meta: Metadata): SniffedType | undefined {
  const type =
    meta.format === 'heif'
      ? meta.compression === 'av1'
        ? 'avif'
        : meta.compression === 'hevc'
          ? 'heic'
          : undefined
      : meta.format;
  return ACCEPTED.has(type as SniffedType) ? (type as SniffedType) : undefined;
}

/**
 * The upright size from the header. sharp leaves a HEIC photo's EXIF orientation out of its
 * header read, so for one the file's `meta` box is read to tell which turn its decoder
 * leaves to us.
 */
async function uprightSize(
  file: string,
  meta: Metadata,
  format: SniffedType,
): Promise<{ width: number | undefined; height: number | undefined }> {
  if (format === 'heic') return heicUprightSize(file, meta);
  return meta.autoOrient ?? { width: meta.width, height: meta.height };
}

function sized(
  upright: { width: number | undefined; height: number | undefined },
  format: SniffedType,
  bytes: number,
): FileProbe {
  if (!upright.width || !upright.height) return { ok: false, reason: DAMAGED() };
  const tooLarge = decodeLimitProblem(coreIntl(), upright.width, upright.height);
  if (tooLarge) return { ok: false, reason: tooLarge };
  return { ok: true, format, width: upright.width, height: upright.height, bytes };
}

/** Why a file sharp could not take as an image is not one: what its first bytes say it is. */
async function reasonFromBytes(file: string): Promise<string> {
  const type = await sniffFile(file);
  if (!type) return UNREADABLE();
  if (ACCEPTED.has(type)) return DAMAGED();
  try {
    refuseType(type);
  } catch (error) {
    return (error as IntakeError).userMessage;
  }
  return DAMAGED();
}

/**
 * What the interface needs before a job exists: the real type, the upright size from the
 * header, and the size on disk. Nothing is decoded in full, so a folder of thousands of
 * photos is listed at once: an image the service takes costs one stat and one header read
 * (a HEIC photo one more, of its `meta` box, for its orientation), and only a file that is not one
 * is read again, for the reason why.
 */
export async function probeFile(file: string): Promise<FileProbe> {
  const bytes = await stat(file).then(
    (info) => info.size,
    () => undefined,
  );
  if (bytes === undefined) return { ok: false, reason: UNREADABLE() };
  if (bytes === 0) return { ok: false, reason: said('core.probe.empty') };
  const meta = await readHeader(file).catch(() => undefined);
  const format = meta && acceptedType(meta);
  if (!meta || !format) return { ok: false, reason: await reasonFromBytes(file) };
  const upright = await uprightSize(file, meta, format).catch(() => undefined);
  return upright ? sized(upright, format, bytes) : { ok: false, reason: UNREADABLE() };
}

/** Decodes every pixel of a file, throwing an `IntakeError` when they cannot all be read. */
export type WholeDecode = (file: string) => Promise<unknown>;

/**
 * The decode a thumbnail is made with: the decoder scales down as it goes but still reads all
 * of a file's data, so a file cut short or damaged past its header fails here.
 */
export const decodeWhole: WholeDecode = async (file) => {
  const bytes = await readFile(file);
  try {
    return await renderThumbnail(await pixelBytes(bytes));
  } catch {
    throw new IntakeError(said('core.probe.cutShort'), { problem: 'corrupt' });
  }
};

/**
 * `probeFile`, then every pixel decoded: what a file must pass before it is listed as ready
 * or counted in a batch's credits. A truncated JPEG's header reads as well as a whole one's;
 * only its pixels tell. The staging desk passes its thumbnail cache's decode, so the check
 * is the thumbnail the list shows, made once.
 */
export async function probeWhole(
  file: string,
  decode: WholeDecode = decodeWhole,
): Promise<FileProbe> {
  const probe = await probeFile(file);
  if (!probe.ok) return probe;
  try {
    await decode(file);
  } catch (error) {
    if (error instanceof IntakeError) return { ok: false, reason: error.userMessage };
    throw error;
  }
  return probe;
}
