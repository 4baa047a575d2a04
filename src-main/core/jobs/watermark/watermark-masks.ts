import { readFile } from 'node:fs/promises';
import { scaleStrokes } from '../../../../src-shared/domain/strokes.ts';
import type { PreparedImage } from '../../media/intake.ts';
import { readHeader } from '../../media/decode.ts';
import { MaskImportError, importMask, wholeMaskProblem } from '../../media/mask-import.ts';
import { MaskStore } from '../../media/mask-store.ts';
import { serviceMaskPng, uprightToStored } from '../../media/service-mask.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';
import type { WatermarkRecord } from './watermark-record.ts';

/**
 * The mask to send, at the size of the image as the service reads it. A local file is sent
 * upright and perhaps downscaled, so the strokes are scaled with it. An address sent as
 * such (`sentByAddress`) is read by the service itself, at full size and with its pixels as
 * stored (before any EXIF turn), so the strokes, drawn on the upright picture, are laid out
 * as stored. A mask that marks
 * nothing is refused here, before anything is paid for, and so is a mask file that marks
 * everything (see `wholeMaskProblem`).
 */
export async function maskToSend(
  masksDir: string,
  job: WatermarkJobRow,
  { options: { maskFile }, strokes }: WatermarkRecord,
  prepared: PreparedImage,
  byAddress: boolean,
): Promise<{ base64: string } | undefined> {
  if (!strokes && !maskFile) return undefined;
  const size = byAddress
    ? { width: prepared.sourceWidth, height: prepared.sourceHeight }
    : { width: prepared.width, height: prepared.height };
  let plane: Uint8Array;
  if (strokes) {
    plane = await new MaskStore(masksDir).plane(
      scaleStrokes(strokes, size.width / prepared.sourceWidth),
      size.width,
      size.height,
    );
  } else {
    const bytes = await readFile(maskFile as string).catch(() => {
      throw new MaskImportError({
        id: 'core.watermark.maskFileGone',
        values: { file: String(maskFile) },
      });
    });
    const imported = await importMask(bytes, size.width, size.height);
    // Whether it means the whole image or nothing is the user's to say, never guessed.
    if (imported.everything) throw new MaskImportError(wholeMaskProblem(imported.everything));
    plane = imported.plane;
  }
  const orientation = byAddress ? ((await readHeader(job.input_path)).orientation ?? 1) : 1;
  const png = serviceMaskPng(uprightToStored(plane, size, orientation));
  return { base64: png.toString('base64') };
}

/**
 * The job's mask at the input's upright size, where its result is put back into the
 * input. Strokes are drawn on the upright input, in its pixels. A mask file that can no
 * longer be read gives none: the region the service changed is then found by comparison.
 */
export async function uprightMaskPlane(
  masksDir: string,
  { options: { maskFile }, strokes }: WatermarkRecord,
  width: number,
  height: number,
): Promise<Uint8Array | undefined> {
  if (strokes) return new MaskStore(masksDir).plane(strokes, width, height);
  if (maskFile === undefined) return undefined;
  const bytes = await readFile(maskFile).catch(() => undefined);
  return bytes && (await importMask(bytes, width, height)).plane;
}
