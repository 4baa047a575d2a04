import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { asDiskFull } from './disk-space.ts';
import { tempPathFor } from './temp-files.ts';

/** Writes `contents` to a new file and flushes it to disk before returning. */
export async function writeSynced(
  file: string,
  contents: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  const handle = await open(file, 'w', mode);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `contents` to a hidden temporary file beside `file`, flushed to disk, and returns
 * its path; the caller renames or links it into place. A write cut short (a full disk)
 * leaves nothing behind, not even the temporary.
 */
export async function writeTemp(
  file: string,
  contents: string | Uint8Array,
  options: { mode?: number; owner?: string } = {},
): Promise<string> {
  const { mode = 0o644, owner } = options;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = tempPathFor(file, 'tmp', owner);
  try {
    await writeSynced(temp, contents, mode);
    return temp;
  } catch (error) {
    await rm(temp, { force: true });
    throw asDiskFull(error, file) ?? error;
  }
}

/**
 * Writes to a hidden temporary file beside the target, flushes it to disk, then renames it
 * over the target, so readers see the old file or the new one, never half of one.
 */
export async function writeFileAtomic(
  file: string,
  contents: string | Uint8Array,
  options: { mode?: number; owner?: string } = {},
): Promise<void> {
  const temp = await writeTemp(file, contents, options);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw asDiskFull(error, file, Buffer.byteLength(contents)) ?? error;
  }
}
