import path from 'node:path';
import { renderFilename } from '../../../src-shared/domain/filename-template.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'avif' | 'heif';

/** The extensions each format's files go by; the first is the one Clearframe gives. */
const EXTENSIONS: Record<OutputFormat, readonly string[]> = {
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  webp: ['webp'],
  tiff: ['tif', 'tiff'],
  gif: ['gif'],
  avif: ['avif'],
  heif: ['heif', 'heic'],
};

const extensionOf = (file: string) => path.extname(file).slice(1).toLowerCase();

/**
 * The extension of a result written as `format`: the input's own, as the user spelled it,
 * when it names that format (`IMG_1.JPEG` stays `.JPEG`), else the format's. Decided by the
 * bytes written, never by the name alone: a PNG named `.jpg` gives a `.png`.
 */
function extensionFor(format: OutputFormat, input: string): string {
  const own = path.extname(input).slice(1);
  return EXTENSIONS[format].includes(own.toLowerCase()) ? own : (EXTENSIONS[format][0] as string);
}

/**
 * A name from the template, with an extension that names the format written: a template
 * without `{ext}` (`{name}-clean.jpg`, `{name}_{date}`) gets its image extension replaced,
 * or `ext` added, so a result's name never says other than its bytes.
 */
function namedForFormat(fileName: string, format: OutputFormat, ext: string): string {
  const written = extensionOf(fileName);
  if (EXTENSIONS[format].includes(written)) return fileName;
  const anImage = Object.values(EXTENSIONS).some((names) => names.includes(written));
  return `${anImage ? fileName.slice(0, -written.length - 1) : fileName}.${ext}`;
}

/**
 * The names a result may take, in order: the template's, then with `-1`, `-2`… The input
 * itself is never one of them, whatever the policy; under "skip" only the template's is.
 */
export function* candidateNames(
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

/**
 * The file name a result written as `format` takes under the template: `{name}` is the
 * input's name without its extension, `{ext}` the extension its bytes call for.
 */
export function resultFileName(
  template: string,
  parts: { input: string; format: OutputFormat; date: string; n: number },
): string {
  const { input, format, date, n } = parts;
  const ext = extensionFor(format, input);
  const name = path.basename(input, path.extname(input));
  return namedForFormat(renderFilename(template, { name, ext, date, n }), format, ext);
}
