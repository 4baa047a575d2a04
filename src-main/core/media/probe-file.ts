import { stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { decodeLimitProblem } from '../../../src-shared/domain/decode-limit.ts';
import { DECODE_LIMIT, readHeader } from './decode.ts';
import { heicUprightSize, pixelSource } from './heic/decode-heic.ts';
import { ACCEPTED, IntakeError, refuseType } from './intake.ts';
import { sniffFile, type SniffedType } from './sniff.ts';
import { coreIntl, said } from '../i18n/core-words.ts';

export type FileProbe =
  | {
      ok: true;
      format: string;
      width: number;
      height: number;
      bytes: number;
      /** When the file was last changed (ms), to tell later whether this probe still holds. */
      modified: number;
    }
  | { ok: false; reason: string };

const UNREADABLE = () => said('core.probe.unreadable');
const DAMAGED = () => said('core.probe.damaged');
/** The side, in pixels, a whole decode asks for: small, so the decoder scales down most. */
const WHOLE_DECODE_SIZE = 16;

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
  { bytes, modified }: { bytes: number; modified: number },
): FileProbe {
  if (!upright.width || !upright.height) return { ok: false, reason: DAMAGED() };
  const tooLarge = decodeLimitProblem(coreIntl(), upright.width, upright.height);
  if (tooLarge) return { ok: false, reason: tooLarge };
  return { ok: true, format, width: upright.width, height: upright.height, bytes, modified };
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
  const info = await stat(file).catch(() => undefined);
  if (info === undefined) return { ok: false, reason: UNREADABLE() };
  if (info.size === 0) return { ok: false, reason: said('core.probe.empty') };
  const meta = await readHeader(file).catch(() => undefined);
  const format = meta && acceptedType(meta);
  if (!meta || !format) return { ok: false, reason: await reasonFromBytes(file) };
  const upright = await uprightSize(file, meta, format).catch(() => undefined);
  return upright
    ? sized(upright, format, { bytes: info.size, modified: info.mtimeMs })
    : { ok: false, reason: UNREADABLE() };
}

/**
 * Decodes every pixel of a file, or throws an `IntakeError` saying it is cut short. The
 * pixels are asked for at a few pixels' size: the decoder then scales down as it reads (a
 * JPEG at an eighth), the cheapest way to read all of a file's data, which a file cut short
 * or damaged past its header fails. The list's thumbnail is made apart, only for the rows
 * shown: keeping one for every file here took 20 times as long as reading the headers in
 * the staging benchmark, this 5 to 6 times (and a header read alone, 1.3).
 */
async function decodeWhole(file: string): Promise<void> {
  try {
    // A HEIC photo is decoded whole on its own thread first; anything else by sharp.
    await sharp(await pixelSource(file), { failOn: 'truncated', ...DECODE_LIMIT })
      .resize(WHOLE_DECODE_SIZE, WHOLE_DECODE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer();
  } catch (error) {
    // A file that could not be read at all (gone, no access) is not a damaged image.
    if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
    throw new IntakeError({ id: 'core.probe.cutShort' }, { problem: 'corrupt' });
  }
}

/**
 * `probeFile`, then every pixel decoded: what a file must pass before it is listed as ready
 * or counted in a batch's credits. A truncated JPEG's header reads as well as a whole one's;
 * only its pixels tell.
 */
export async function probeWhole(file: string): Promise<FileProbe> {
  const probe = await probeFile(file);
  if (!probe.ok) return probe;
  try {
    await decodeWhole(file);
  } catch (error) {
    if (error instanceof IntakeError) return { ok: false, reason: error.userMessage };
    throw error;
  }
  return probe;
}
