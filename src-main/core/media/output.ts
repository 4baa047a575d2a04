import { randomUUID } from 'node:crypto';
import { access, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { writeTemp } from '../fs/atomic-write.ts';
import { claimFirstFree } from '../fs/claim-name.ts';
import { asDiskFull } from '../fs/disk-space.ts';
import { heicAsPng } from './heic/decode-heic.ts';
import { copyUntouchedBlocks } from './jpeg-blocks.ts';
import { untouched } from './untouched.ts';
import { fromServiceSchema, type FromService } from './from-service.ts';
import { compositeOnInput } from './output-composite.ts';
import { encodeAs, sourceEncodingOf, withInputMetadata, type Painted } from './output-encoding.ts';
import { candidateNames, resultFileName, type OutputFormat } from './output-names.ts';
import { sniffImageType } from './sniff.ts';
import type { Patch } from './unblend/recover.ts';

export interface OutputRequest {
  /** The file the user gave. */
  input: string;
  /** The folder the input was dropped as part of, for the mirrored tree (see `outputDirFor`). */
  root?: string;
  /**
   * The cleaned image as the service returned it, or the pixels this computer recovered
   * (un-blended) in boxes of the input, the rest of the result being the input's own.
   */
  result: Buffer | { patches: readonly Patch[] };
  settings: Pick<
    Settings,
    'outputFolder' | 'filenameTemplate' | 'conflictPolicy' | 'metadataPolicy'
  > &
    Partial<Pick<Settings, 'outputFormat' | 'folderLayout'>>;
  /**
   * The job's mask as a plane at the input's upright size (1 where marked), when it had
   * one; undefined lets the region the service changed be found by comparison.
   */
  mask?: (width: number, height: number) => Promise<Uint8Array | undefined>;
  /**
   * The EXIF orientation of the input when the service read it as stored (an image given
   * by address): its result is laid out as stored too, and is turned upright first.
   */
  resultOrientation?: number;
  /** The job writing, named in the temporary file (see temp-files.ts). */
  owner?: string;
  /**
   * Called once the result holds its name and before its temporary twin is let go, so a
   * crash after the write cannot lose track of it (see `recoverClaims`).
   */
  noteWritten?: (written: string, fromService: FromService) => Promise<void>;
  /** 1-based place in the batch, for `{n}`. */
  n: number;
  date?: Date;
}

export { fromServiceSchema, type FromService } from './from-service.ts';

/** Where a result went, or the name it was not written under; also kept as a job's marker. */
export const outputOutcomeSchema = z.union([
  z.object({ written: z.string(), fromService: fromServiceSchema.optional() }),
  z.object({ skipped: z.string() }),
]);
export type OutputOutcome = z.infer<typeof outputOutcomeSchema>;

/** The log each output folder of cleaned images keeps, one JSON line per result. */
export const PROVENANCE_LOG = 'clearframe-provenance.jsonl';

/** One line of the provenance log: where a result came from, which task made it and when. */
export const provenanceLineSchema = z.object({
  source: z.string(),
  output: z.string(),
  /** The hashes of the result and of its source; lines written before they were kept lack them. */
  sha256: z.string().optional(),
  sourceSha256: z.string().optional(),
  // `clip`: a clip cleaned in the window (jobs/clip), always on this computer.
  service: z.enum(['watermark', 'clip']),
  /** The service's task; absent for a result made on this computer (`engine: 'local'`). */
  taskId: z.string().optional(),
  /** `local`: un-blended on this computer, for free; lines without it are the service's. */
  engine: z.enum(['service', 'local']).optional(),
  /** For a local result: the measurement of the mark used, and how many images made it. */
  estimate: z.object({ id: z.string(), images: z.number().int() }).optional(),
  attempt: z.number().int(),
  /** `drawn`, the mask file's path, or `none`. */
  mask: z.string(),
  /** Which pixels came from the service; lines written before results were composited lack it. */
  fromService: fromServiceSchema.optional(),
  queuedAt: z.string(),
  submittedAt: z.string().optional(),
  finishedAt: z.string(),
});
export type ProvenanceLine = z.infer<typeof provenanceLineSchema>;

/** Where results go when no output folder is set: a `clearframe` folder beside the input. */
export const DEFAULT_OUTPUT_SUBFOLDER = 'clearframe';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * The folder a result goes to: a `clearframe` folder beside the input when no output folder
 * is set; otherwise the output folder, plus the input's subfolder within the folder it was
 * dropped from (`root`) unless the layout is flattened.
 */
export function outputDirFor(
  input: string,
  settings: Pick<Settings, 'outputFolder'> & Partial<Pick<Settings, 'folderLayout'>>,
  root?: string,
): string {
  const inputDir = path.dirname(path.resolve(input));
  if (!settings.outputFolder) return path.join(inputDir, DEFAULT_OUTPUT_SUBFOLDER);
  const relative =
    root && settings.folderLayout !== 'flatten' ? path.relative(path.resolve(root), inputDir) : '';
  // A root that no longer holds the input must not lead outside the output folder.
  const inside = relative.startsWith('..') || path.isAbsolute(relative) ? '' : relative;
  return path.join(settings.outputFolder, inside);
}

/**
 * Saves a result in the input's format (no silent change of format or visible loss), at
 * the input's upright size, with the input's EXIF and ICC profile when metadata is kept.
 * Only the pixels the service was asked to (or did) change are its own; the rest are the
 * input's, exactly when the format is lossless, re-encoded at the input's own JPEG
 * quality otherwise.
 */
export async function writeOutput(request: OutputRequest): Promise<OutputOutcome> {
  const sourceBytes = await readFile(request.input);
  const heic = sniffImageType(sourceBytes) === 'heic';
  // A HEIC photo is read through its upright lossless copy, EXIF and profile included.
  const inputBytes = heic ? await heicAsPng(sourceBytes) : sourceBytes;
  const inputMeta = await sharp(inputBytes).metadata();
  const chosen = request.settings.outputFormat ?? 'same';
  // "Same as the image" where sharp writes it; HEIC (HEVC, which sharp does not encode)
  // becomes JPEG, as phones export it, and other HEIF becomes AVIF.
  const format = (
    chosen !== 'same'
      ? chosen
      : heic
        ? 'jpeg'
        : inputMeta.format === 'heif'
          ? 'avif'
          : (inputMeta.format ?? 'png')
  ) as OutputFormat;
  const { settings } = request;
  const inputPath = path.resolve(request.input);
  const fileName = resultFileName(settings.filenameTemplate, {
    input: inputPath,
    format,
    date: (request.date ?? new Date()).toISOString().slice(0, 10),
    n: request.n,
  });
  const first = path.resolve(outputDirFor(inputPath, settings, request.root), fileName);
  // Saves the encoding when the answer is plain; the claim below still decides.
  if (settings.conflictPolicy === 'skip' && first !== inputPath && (await exists(first)))
    return { skipped: first };

  const upright = inputMeta.autoOrient ?? { width: inputMeta.width, height: inputMeta.height };
  const composited = await compositeOnInput(inputBytes, request, upright);
  let fromService: FromService;
  let painted: Painted;
  if ('whole' in composited) {
    fromService = { region: 'whole', reason: composited.whole };
    painted = {
      input: await sharp(request.result as Buffer)
        .resize(upright.width, upright.height, { fit: 'fill' })
        .toBuffer(),
    };
  } else {
    fromService = composited.fromService;
    const { data, width, height, channels } = composited.pixels;
    painted = { input: data, raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } };
  }
  const pipeline = async () =>
    settings.metadataPolicy === 'keep'
      ? await withInputMetadata(inputBytes, painted)
      : sharp(painted.input, painted.raw ? { raw: painted.raw } : {});
  const sourceEncoding = sourceEncodingOf(inputBytes, inputMeta.format);
  // A JPEG written as its source was (same tables, sampling, upright layout) takes the
  // source's own blocks wherever the composite is the input's pixels: those stay bit for bit.
  const stored = (inputMeta.orientation ?? 1) === 1;
  const forBlockCopy =
    format === 'jpeg' &&
    inputMeta.format === 'jpeg' &&
    stored &&
    !('whole' in composited) &&
    sourceEncoding.jpeg?.progressive === false;
  // The block copy keeps the source's own metadata segments, so the pixels to copy from need
  // none: sharp is spared decoding the input again to carry them (a third of the write).
  const sourceMetadata = forBlockCopy && settings.metadataPolicy === 'keep';
  const encoded = await encodeAs(
    sourceMetadata ? sharp(painted.input, { raw: painted.raw }) : await pipeline(),
    format,
    sourceEncoding,
    { forBlockCopy },
  ).toBuffer();
  const blocks =
    forBlockCopy && !('whole' in composited)
      ? copyUntouchedBlocks(
          inputBytes,
          encoded,
          untouched(composited.pixels, composited.original),
          { sourceMetadata },
        )
      : undefined;
  // Where the block copy could not take the source's blocks after all (other tables, restart
  // intervals), the result is encoded again with tables fitted to it, as any other is.
  const bytes =
    blocks?.bytes ??
    (forBlockCopy ? await encodeAs(await pipeline(), format, sourceEncoding).toBuffer() : encoded);
  const owner = request.owner ?? randomUUID();
  const temp = await writeTemp(first, bytes, { owner });
  try {
    let written: string | undefined;
    try {
      if (settings.conflictPolicy === 'overwrite' && first !== inputPath) {
        await rename(temp, first);
        written = first;
      } else {
        written = await claimFirstFree(
          temp,
          candidateNames(first, inputPath, settings.conflictPolicy),
          owner,
        );
      }
    } catch (error) {
      throw asDiskFull(error, first) ?? error;
    }
    if (!written) return { skipped: first };
    await request.noteWritten?.(written, fromService);
    return { written };
  } finally {
    await rm(temp, { force: true });
  }
}
