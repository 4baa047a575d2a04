import { link, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../error-code.ts';

/** What a placeholder claimed on a disk without hard links holds, before the result replaces it. */
const PLACEHOLDER_TAG = 'clearframe-claim:';

/** Codes a file system gives when it cannot make hard links (FAT, exFAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP', 'EXDEV', 'EMLINK']);

/**
 * `name.ext`, then `name-1.ext`, `name-2.ext`…: the names offered to `claimFirstFree` for a
 * file that must never take the name of one already there (a film, a CSV).
 */
export function* numberedNames(first: string): Generator<string> {
  yield first;
  const extension = path.extname(first);
  const stem = first.slice(0, first.length - extension.length);
  for (let i = 1; ; i += 1) yield `${stem}-${i}${extension}`;
}

/**
 * Gives the complete file `temp` the first of `names` nobody holds, and says which. Taking a
 * name and checking it is free are one step for the file system (a link, or an exclusive
 * create), so two writers never get the same name, however their steps interleave. With a
 * link the name shows the complete file from its first moment; `temp` stays linked until
 * `release` so that a crash in between leaves a twin the owner recognises (see
 * `recoverClaims`). Returns undefined when every name offered is taken.
 */
export async function claimFirstFree(
  temp: string,
  names: Iterable<string>,
  owner: string,
): Promise<string | undefined> {
  for (const name of names) {
    try {
      await link(temp, name);
      return name;
    } catch (error) {
      if (errorCode(error) === 'EEXIST') continue;
      if (!NO_HARD_LINKS.has(errorCode(error) as string)) throw error;
    }
    if (await claimWithPlaceholder(temp, name, owner)) return name;
  }
  return undefined;
}

/**
 * Where links are not possible: the name is created exclusively holding the owner's tag,
 * then the complete file is renamed over it. A crash in between leaves the tag, which
 * `recoverClaims` recognises and removes; it is never mistaken for a result.
 */
async function claimWithPlaceholder(temp: string, name: string, owner: string): Promise<boolean> {
  try {
    const handle = await open(name, 'wx');
    try {
      await handle.writeFile(`${PLACEHOLDER_TAG}${owner}`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  await rename(temp, name);
  return true;
}

/**
 * After a crash: the result `owner` had fully written under a claimed name in `dir` (its
 * temporary file is still linked to it), if any. Placeholders the owner left are removed.
 * Its temporary files stay for `sweepOwnedTemps`.
 */
export async function recoverClaims(dir: string, owner: string): Promise<string | undefined> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const tag = `${PLACEHOLDER_TAG}${owner}`;
  const mine = names.filter((name) => name.startsWith('.') && name.includes(`.${owner}-`));
  // Both leftovers come with a temporary file of the owner's beside them; without one,
  // there is nothing to look for among the folder's other files.
  if (mine.length === 0) return undefined;
  const linked = new Set<number>();
  for (const name of mine) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && info.nlink > 1) linked.add(info.ino);
  }
  let found: string | undefined;
  for (const name of names) {
    if (mine.includes(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (linked.has(info.ino)) found = file;
    else if (info.size === Buffer.byteLength(tag) && (await readFile(file, 'utf8')) === tag)
      await rm(file, { force: true });
  }
  return found;
}
