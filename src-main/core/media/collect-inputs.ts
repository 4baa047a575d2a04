import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

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
  /** Dropped items that were not used, each with the reason in words. */
  skipped: Array<{ path: string; reason: string }>;
}

/**
 * Turns dropped files and folders into image files, sorted and without repeats. Files inside
 * folders that are plainly not images are left out quietly; a file dropped by itself that
 * is not an image, or a path that does not exist, is reported with the reason.
 */
export async function collectInputs(
  targets: readonly string[],
  recursive: boolean,
): Promise<CollectedInputs> {
  const files: string[] = [];
  const skipped: CollectedInputs['skipped'] = [];
  for (const target of targets) {
    const absolute = path.resolve(target);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      skipped.push({ path: absolute, reason: 'It does not exist (moved or deleted?).' });
    } else if (info.isFile()) {
      if (IMAGE_EXTENSIONS.has(path.extname(absolute).toLowerCase())) files.push(absolute);
      else skipped.push({ path: absolute, reason: 'It is not an image file.' });
    } else if (info.isDirectory()) {
      const entries = await readdir(absolute, { withFileTypes: true, recursive });
      for (const entry of entries) {
        if (entry.isFile() && IMAGE_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
          files.push(path.join(entry.parentPath, entry.name));
        }
      }
    } else {
      skipped.push({ path: absolute, reason: 'It is neither a file nor a folder.' });
    }
  }
  return { files: [...new Set(files)].sort(), skipped };
}
