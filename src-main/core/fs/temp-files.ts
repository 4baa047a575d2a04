import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The hidden name a file is written under before it is renamed into place. When a job owns
 * the write, its id is in the name: a process killed mid-write cannot clean up, so the job
 * sweeps its own leftovers when it resumes, without touching another job's file in flight.
 */
export function tempPathFor(target: string, kind: 'tmp' | 'part', owner?: string): string {
  const tag = owner ? `${owner}-` : '';
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${tag}${randomBytes(4).toString('hex')}.${kind}`,
  );
}

/** Removes the temporary files `owner` left in `dir` (a killed write); returns how many. */
export async function sweepOwnedTemps(dir: string, owner: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const mine = names.filter(
    (name) => name.startsWith('.') && name.includes(`.${owner}-`) && /\.(tmp|part)$/.test(name),
  );
  await Promise.all(mine.map((name) => rm(path.join(dir, name), { force: true })));
  return mine.length;
}
