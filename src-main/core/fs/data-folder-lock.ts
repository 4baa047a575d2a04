import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readStoredJson } from '../jobs/store/stored-json.ts';
import { UserFacingError } from '../user-error.ts';
import { coreIntl, said } from '../i18n/core-words.ts';

/** The file in the data folder that says which process writes there. */
export const LOCK_FILE = 'clearframe.lock';

/** What the lock file holds: enough to name the holder to a user and to tell a dead one. */
export const lockOwnerSchema = z.object({
  pid: z.number().int(),
  kind: z.enum(['app', 'cli']),
  /** When the holder took the lock (ms since the epoch). */
  startedAt: z.number(),
  /** The holder's start time as the kernel counts it, where it can be read: tells a reused pid. */
  processStart: z.string().optional(),
  /** The command that holds it, for a message such as `clearframe remove`. */
  command: z.string().optional(),
  /** Where the holder sends each service's requests (`demo` or a base URL); no keys. */
  endpoints: z.record(z.string(), z.string()).optional(),
});
export type LockOwner = z.infer<typeof lockOwnerSchema>;

/** The data folder cannot be written: the app and the command line both need to say which. */
export class DataFolderReadOnlyError extends UserFacingError {
  readonly folder: string;

  constructor(folder: string, cause: unknown) {
    super(
      { id: 'core.files.dataFolderReadOnly', values: { folder, why: (cause as Error).message } },
      {
        cause,
      },
    );
    this.folder = folder;
  }
}

const READ_ONLY_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);
/** Lock files this process holds, so a lock left by a core of this process that never stopped is known as stale. */
const heldHere = new Set<string>();

/** Field 22 of `/proc/<pid>/stat` (start time in clock ticks); undefined off Linux. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses; the fields after its last `)` do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner, file: string): boolean {
  if (owner.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = owner.processStart === undefined ? undefined : processStart(owner.pid);
  return now === undefined || now === owner.processStart;
}

/** The lock's holder; a file that is gone, or does not read as one, names none and is stale. */
function readOwner(file: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const owner = readStoredJson(lockOwnerSchema, text, LOCK_FILE);
  return owner.ok ? owner.value : undefined;
}

/** Writes `content` as `file` only if no such file exists, never showing a half-written one. */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}-${randomUUID()}`;
  writeFileSync(temp, content, { mode: 0o644 });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/** "the Clearframe app (pid 4242, since 14:03)", for messages that name the holder. */
export function describeHolder(owner: LockOwner): string {
  const since = coreIntl().formatDate(owner.startedAt, { hour: '2-digit', minute: '2-digit' });
  const pid = String(owner.pid);
  return owner.kind === 'app'
    ? said('core.lock.holderApp', { pid, since })
    : said('core.lock.holderCommand', { command: owner.command ?? 'clearframe', pid, since });
}

export type LockAttempt = { held: DataFolderLock } | { heldBy: LockOwner };

/**
 * One writer per data folder: the app and the command line each run their engines only
 * while they hold this lock, so no job is worked on by two processes at once. A lock whose
 * process has died (or whose pid now names another process) is taken over.
 */
export class DataFolderLock {
  readonly file: string;
  private owner: LockOwner;
  private released = false;
  private readonly releaseOnExit = () => this.release();

  private constructor(file: string, owner: LockOwner) {
    this.file = file;
    this.owner = owner;
    heldHere.add(file);
    process.once('exit', this.releaseOnExit);
  }

  /** Takes the folder's lock, or says who holds it. Throws DataFolderReadOnlyError when the folder cannot be written. */
  static acquire(
    dir: string,
    wanted: Pick<LockOwner, 'kind'> & Partial<Pick<LockOwner, 'command' | 'endpoints'>>,
  ): LockAttempt {
    const file = path.join(dir, LOCK_FILE);
    const pidStart = processStart(process.pid);
    const owner: LockOwner = {
      pid: process.pid,
      startedAt: Date.now(),
      ...(pidStart === undefined ? {} : { processStart: pidStart }),
      ...wanted,
    };
    try {
      mkdirSync(dir, { recursive: true });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        if (createExclusive(file, JSON.stringify(owner))) {
          return { held: new DataFolderLock(file, owner) };
        }
        const current = readOwner(file);
        if (current && isAlive(current, file)) return { heldBy: current };
        DataFolderLock.clearStale(file, current);
      }
    } catch (error) {
      if (READ_ONLY_CODES.has((error as NodeJS.ErrnoException).code ?? ''))
        throw new DataFolderReadOnlyError(dir, error);
      throw error;
    }
    throw new Error(`the lock ${file} kept changing hands; try again`);
  }

  /** The live holder of a folder's lock, if any. */
  static holder(dir: string): LockOwner | undefined {
    const file = path.join(dir, LOCK_FILE);
    const owner = readOwner(file);
    return owner && isAlive(owner, file) ? owner : undefined;
  }

  /**
   * Moves a dead holder's file out of the way. Renamed rather than deleted, and checked
   * after, so that of two processes taking over at once the second does not remove the
   * first one's fresh lock: it finds a live owner in what it moved and puts it back.
   */
  private static clearStale(file: string, seen: LockOwner | undefined): void {
    const aside = `${file}.stale-${process.pid}-${randomUUID()}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved && seen && moved.pid !== seen.pid && isAlive(moved, file)) {
      try {
        linkSync(aside, file);
      } catch {
        // Someone else holds it by now; the next attempt reads who.
      }
    }
    unlinkSync(aside);
  }

  get holder(): LockOwner {
    return this.owner;
  }

  /** Records where this holder now sends requests, for a second process deciding whether to hand over. */
  update(patch: Pick<LockOwner, 'endpoints'>): void {
    if (this.released) return;
    this.owner = { ...this.owner, ...patch };
    const temp = `${this.file}.${process.pid}-${randomUUID()}`;
    writeFileSync(temp, JSON.stringify(this.owner));
    renameSync(temp, this.file);
  }

  /** Gives the folder up; only removes the file while it still names this process. */
  release(): void {
    if (this.released) return;
    this.released = true;
    heldHere.delete(this.file);
    process.off('exit', this.releaseOnExit);
    if (readOwner(this.file)?.pid === process.pid) {
      try {
        unlinkSync(this.file);
      } catch {
        // Already gone: nothing to give up.
      }
    }
  }
}
