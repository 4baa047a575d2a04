import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PROVENANCE_LOG } from './output.ts';
import { sniffImageType } from './sniff.ts';

/** Extensions worth reading; the bytes decide the real type later, this only skips the obvious. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.avif',
  '.tif',
  '.tiff',
  '.gif',
  '.heic',
  '.heif',
]);

export interface CollectedInputs {
  files: string[];
  /** For each file found inside a dropped folder, that folder: its tree is mirrored. */
  roots: ReadonlyMap<string, string>;
  /** Every file that was not taken, each with the reason in words. */
  skipped: Array<{ path: string; reason: string }>;
}

export const SVG_REASON =
  'It is an SVG, a vector drawing, and the service takes only pixel images. Export it as PNG, then add that.';

/**
 * Whether a file is worth reading as an image, or why not. A name without an extension says
 * nothing, so its first bytes decide; the intake checks every taken file's bytes again.
 */
async function whyNotTaken(file: string): Promise<string | undefined> {
  const extension = path.extname(file).toLowerCase();
  if (IMAGE_EXTENSIONS.has(extension)) return undefined;
  if (extension === '.svg' || extension === '.svgz') return SVG_REASON;
  if (path.basename(file) === PROVENANCE_LOG)
    return 'It is the record Clearframe keeps of the results in this folder.';
  if (extension === '') {
    const head = Buffer.alloc(64);
    const read = await open(file, 'r')
      .then((handle) => handle.read(head, 0, 64, 0).finally(() => handle.close()))
      .catch(() => undefined);
    if (!read) return 'It cannot be read. Check that you may open it.';
    const type = sniffImageType(head.subarray(0, read.bytesRead));
    return type === 'text' || type === 'unknown'
      ? 'It has no file extension and its contents are not an image.'
      : undefined;
  }
  return 'It is not an image file.';
}

/**
 * Turns dropped files and folders into image files, sorted and without repeats. Every file
 * left out, dropped by itself or found inside a folder, is listed with the reason.
 */
export async function collectInputs(
  targets: readonly string[],
  recursive: boolean,
): Promise<CollectedInputs> {
  const files: string[] = [];
  const roots = new Map<string, string>();
  const skipped: CollectedInputs['skipped'] = [];
  const consider = async (file: string, root?: string) => {
    const reason = await whyNotTaken(file);
    if (reason) {
      skipped.push({ path: file, reason });
      return;
    }
    files.push(file);
    if (root !== undefined) roots.set(file, root);
  };
  for (const target of targets) {
    const absolute = path.resolve(target);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      skipped.push({ path: absolute, reason: 'It does not exist (moved or deleted?).' });
    } else if (info.isFile()) {
      await consider(absolute);
    } else if (info.isDirectory()) {
      const entries = await readdir(absolute, { withFileTypes: true, recursive });
      for (const entry of entries) {
        const file = path.join(entry.parentPath, entry.name);
        if (entry.isFile()) await consider(file, absolute);
        else if (!entry.isDirectory())
          skipped.push({ path: file, reason: 'It is a link or a special file, not an image.' });
      }
    } else {
      skipped.push({ path: absolute, reason: 'It is neither a file nor a folder.' });
    }
  }
  return {
    files: [...new Set(files)].sort(),
    roots,
    skipped,
  };
}
