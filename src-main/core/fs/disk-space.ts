import { stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { UserFacingError } from '../user-error.ts';

/** `no space left` and `quota exceeded`: both mean nothing more can be written there for now. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A write that failed because its disk is full; `where` is the file or folder it was writing
 * and `needed` the bytes it was writing, when known.
 */
export class DiskFullError extends UserFacingError {
  readonly where: string;
  readonly needed: number | undefined;

  constructor(where: string, options?: ErrorOptions & { needed?: number | undefined }) {
    super({ id: 'core.files.diskFullWaiting', values: { folder: path.dirname(where) } }, options);
    this.where = where;
    this.needed = options?.needed;
  }
}

/**
 * The disk-full error in `error` or its causes, as a DiskFullError naming where the write
 * failed (the error's own path, else `writing`, the file the caller was writing) and how many
 * bytes it needed, when the caller knows; undefined for any other error.
 */
export function asDiskFull(
  error: unknown,
  writing?: string,
  needed?: number,
): DiskFullError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; depth += 1) {
    if (e instanceof DiskFullError) return e;
    const { code, path: where } = e as NodeJS.ErrnoException;
    if (code && DISK_FULL_CODES.has(code)) {
      return new DiskFullError(where ?? writing ?? '.', { cause: e, needed });
    }
    e = e.cause;
  }
  return undefined;
}

/**
 * The disk holding `target` (or its nearest existing parent): its device number, which tells
 * two folders on one disk apart from folders on two, and the bytes free to this user there.
 */
export async function diskSpace(target: string): Promise<{ device: number; free: number }> {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    try {
      const [info, fs] = await Promise.all([stat(dir), statfs(dir)]);
      return { device: info.dev, free: fs.bavail * fs.bsize };
    } catch (error) {
      if (path.dirname(dir) === dir) throw error;
    }
  }
}

/** Bytes free to this user on the disk holding `target` (or its nearest existing parent). */
export async function freeBytes(target: string): Promise<number> {
  return (await diskSpace(target)).free;
}
