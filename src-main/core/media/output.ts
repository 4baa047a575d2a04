import { randomUUID } from 'node:crypto';
import { access, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { renderFilename } from '../../../src-shared/domain/filename-template.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { writeTemp } from '../fs/atomic-write.ts';
import { claimFirstFree } from '../fs/claim-name.ts';
import { asDiskFull } from '../fs/disk-space.ts';

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'avif' | 'heif';

export interface OutputRequest {
  /** The file the user gave. */
  input: string;
  /** The folder the input was dropped as part of, for the mirrored tree (see `outputDirFor`). */
  root?: string;
  /** The cleaned image as the service returned it. */
  result: Buffer;
  settings: Pick<
    Settings,
    'outputFolder' | 'filenameTemplate' | 'conflictPolicy' | 'metadataPolicy'
  > &
    Partial<Pick<Settings, 'outputFormat' | 'folderLayout'>>;
  /** The job writing, named in the temporary file (see temp-files.ts). */
  owner?: string;
  /**
   * Called once the result holds its name and before its temporary twin is let go, so a
   * crash after the write cannot lose track of it (see `recoverClaims`).
   */
  noteWritten?: (written: string) => Promise<void>;
  /** 1-based place in the batch, for `{n}`. */
  n: number;
  date?: Date;
}

/** Where a result went, or the name it was not written under; also kept as a job's marker. */
export const outputOutcomeSchema = z.union([
  z.object({ written: z.string() }),
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
  service: z.literal('watermark'),
  taskId: z.string(),
  attempt: z.number().int(),
  /** `drawn`, the mask file's path, or `none`. */
  mask: z.string(),
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
 * The names a result may take, in order: the template's, then with `-1`, `-2`… The input
 * itself is never one of them, whatever the policy; under "skip" only the template's is.
 */
function* candidateNames(
  first: string,
  inputPath: string,
  policy: Settings['conflictPolicy'],
): Generator<string> {
  if (first !== inputPath) {
    yield first;
    if (policy === 'skip') return;
  }
  const extension = path.extname(first);
  const stem = first.slice(0, first.length - extension.length);
  for (let i = 1; ; i += 1) {
    const candidate = `${stem}-${i}${extension}`;
    if (candidate !== inputPath) yield candidate;
  }
}

function encodeAs(pipeline: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' });
    case 'webp':
      return pipeline.webp({ quality: 95 });
    case 'tiff':
      return pipeline.tiff({ compression: 'lzw' });
    case 'gif':
      return pipeline.gif();
    case 'avif':
    case 'heif':
      return pipeline.avif({ quality: 80 });
    case 'png':
      return pipeline.png();
  }
}

/**
 * Saves a result in the input's format (no silent change of format or visible loss), at
 * the input's upright size, with the input's EXIF and ICC profile when metadata is kept.
 */
export async function writeOutput(request: OutputRequest): Promise<OutputOutcome> {
  const inputBytes = await readFile(request.input);
  const inputMeta = await sharp(inputBytes).metadata();
  const chosen = request.settings.outputFormat ?? 'same';
  const format = (
    chosen !== 'same' ? chosen : inputMeta.format === 'heif' ? 'avif' : (inputMeta.format ?? 'png')
  ) as OutputFormat;
  const ext =
    (chosen === 'same' && path.extname(request.input).slice(1)) ||
    (format === 'jpeg' ? 'jpg' : format);
  const { settings } = request;
  const inputPath = path.resolve(request.input);
  const date = (request.date ?? new Date()).toISOString().slice(0, 10);
  const name = path.basename(inputPath, path.extname(inputPath));
  const fileName = renderFilename(settings.filenameTemplate, { name, ext, date, n: request.n });
  const first = path.resolve(outputDirFor(inputPath, settings, request.root), fileName);
  // Saves the encoding when the answer is plain; the claim below still decides.
  if (settings.conflictPolicy === 'skip' && first !== inputPath && (await exists(first)))
    return { skipped: first };

  const upright = inputMeta.autoOrient ?? { width: inputMeta.width, height: inputMeta.height };
  const result = await sharp(request.result)
    .resize(upright.width, upright.height, { fit: 'fill' })
    .toBuffer();
  // Keeping metadata: paint the result over the upright input, so the input's EXIF and ICC
  // travel with it; its orientation tag is reset because the pixels are already upright.
  const pipeline =
    settings.metadataPolicy === 'keep'
      ? sharp(inputBytes)
          .autoOrient()
          .composite([{ input: result, left: 0, top: 0 }])
          .keepMetadata()
      : sharp(result);
  const encoded = await encodeAs(pipeline, format).toBuffer();
  const owner = request.owner ?? randomUUID();
  const temp = await writeTemp(first, encoded, { owner });
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
    await request.noteWritten?.(written);
    return { written };
  } finally {
    await rm(temp, { force: true });
  }
}
