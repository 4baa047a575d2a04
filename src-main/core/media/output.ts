import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { renderFilename } from '../../../src-shared/domain/filename-template.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'avif' | 'heif';

export interface OutputRequest {
  /** The file the user gave. */
  input: string;
  /** The cleaned image as the service returned it. */
  result: Buffer;
  settings: Pick<
    Settings,
    'outputFolder' | 'filenameTemplate' | 'conflictPolicy' | 'metadataPolicy'
  > &
    Partial<Pick<Settings, 'outputFormat'>>;
  /** The job writing, named in the temporary file (see temp-files.ts). */
  owner?: string;
  /** 1-based place in the batch, for `{n}`. */
  n: number;
  date?: Date;
}

export type OutputOutcome = { written: string } | { skipped: string };

/** Where results go when no output folder is set: a `clearframe` folder beside the input. */
export const DEFAULT_OUTPUT_SUBFOLDER = 'clearframe';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The folder a result goes to: the one set, or a `clearframe` folder beside the input. */
export function outputDirFor(input: string, settings: Pick<Settings, 'outputFolder'>): string {
  return (
    settings.outputFolder ?? path.join(path.dirname(path.resolve(input)), DEFAULT_OUTPUT_SUBFOLDER)
  );
}

/**
 * The path for a result, applying the template and the conflict policy. The input itself
 * is never a target: a template that would land on it gets a suffix whatever the policy.
 */
export async function outputPath(
  request: OutputRequest,
  ext: string,
): Promise<{ path: string; skip: boolean }> {
  const { settings } = request;
  const inputPath = path.resolve(request.input);
  const dir = outputDirFor(inputPath, settings);
  const name = path.basename(inputPath, path.extname(inputPath));
  const date = (request.date ?? new Date()).toISOString().slice(0, 10);
  const fileName = renderFilename(settings.filenameTemplate, { name, ext, date, n: request.n });
  const first = path.resolve(dir, fileName);
  const isInput = first === inputPath;
  if (!isInput && !(await exists(first))) return { path: first, skip: false };
  if (!isInput && settings.conflictPolicy === 'skip') return { path: first, skip: true };
  if (!isInput && settings.conflictPolicy === 'overwrite') return { path: first, skip: false };
  const stem = path.basename(fileName, path.extname(fileName));
  const extension = path.extname(fileName);
  for (let i = 1; ; i += 1) {
    const candidate = path.resolve(dir, `${stem}-${i}${extension}`);
    if (candidate !== inputPath && !(await exists(candidate)))
      return { path: candidate, skip: false };
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
  const target = await outputPath(request, ext);
  if (target.skip) return { skipped: target.path };

  const upright = inputMeta.autoOrient ?? { width: inputMeta.width, height: inputMeta.height };
  const result = await sharp(request.result)
    .resize(upright.width, upright.height, { fit: 'fill' })
    .toBuffer();
  // Keeping metadata: paint the result over the upright input, so the input's EXIF and ICC
  // travel with it; its orientation tag is reset because the pixels are already upright.
  const pipeline =
    request.settings.metadataPolicy === 'keep'
      ? sharp(inputBytes)
          .autoOrient()
          .composite([{ input: result, left: 0, top: 0 }])
          .keepMetadata()
      : sharp(result);
  const encoded = await encodeAs(pipeline, format).toBuffer();
  await writeFileAtomic(target.path, encoded, { owner: request.owner });
  return { written: target.path };
}
