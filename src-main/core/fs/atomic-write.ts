import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

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
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
