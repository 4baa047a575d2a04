import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { UserFacingError } from '../user-error.ts';
import { claimFirstFree, numberedNames } from './claim-name.ts';
import { tempPathFor } from './temp-files.ts';
import { errorCode } from '../error-code.ts';

/**
 * A folder that cannot be written in, or a full disk, as the sentence saying what to do;
 * `again` is what the user does once it is fixed ("join again").
 */
export function asWriteProblem(
  error: unknown,
  folder: string,
  again: string,
): UserFacingError | undefined {
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new UserFacingError(
      { id: 'core.files.diskFull', values: { folder, again } },
      { cause: error },
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new UserFacingError(
      { id: 'core.files.notWritable', values: { folder, again } },
      {
        cause: error,
      },
    );
  }
  return undefined;
}

/**
 * Saves a new file as `first`, or as the first free `name-1.ext`, `name-2.ext`… after it:
 * `make` writes the complete file at the hidden temporary path it is given, beside the
 * target, and the name is claimed in the step that checks it is free, so no file already
 * there is ever replaced. `what` names the file in the message when every name is taken;
 * `again` is what the user does after a write problem is fixed. Returns the path it took.
 */
export async function saveUnderFreeName(
  first: string,
  make: (temp: string) => Promise<void>,
  words: { what: string; again: string },
): Promise<string> {
  const folder = path.dirname(first);
  const owner = randomUUID();
  const temp = tempPathFor(first, 'part', owner);
  try {
    await mkdir(folder, { recursive: true });
    await make(temp);
    const claimed = await claimFirstFree(temp, numberedNames(first), owner);
    if (!claimed)
      throw new UserFacingError({
        id: 'core.files.noFreeName',
        values: { what: words.what, folder },
      });
    return claimed;
  } catch (error) {
    throw asWriteProblem(error, folder, words.again) ?? error;
  } finally {
    await rm(temp, { force: true });
  }
}
