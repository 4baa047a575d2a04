import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { asDiskFull } from './disk-space.ts';

/**
 * Writes to a hidden temporary file beside the target, flushes it to disk, then renames it
 * over the target, so readers see the old file or the new one, never half of one.
 */
export async function writeFileAtomic(
  file: string,
  contents: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    const handle = await open(temp, 'w', mode);
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    // A write cut short (a full disk) leaves nothing behind, not even the hidden temporary.
    await rm(temp, { force: true });
    throw asDiskFull(error, file) ?? error;
  }
}
