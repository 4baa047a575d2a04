import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DataFolderLock,
  LOCK_FILE,
  type LockOwner,
} from '../../../src-main/core/fs/data-folder-lock.ts';

const lockModule = fileURLToPath(
  new URL('../../../src-main/core/fs/data-folder-lock.ts', import.meta.url),
);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-folder-lock-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A real process that takes the lock as the command line does, then is killed or lets go. */
function otherProcess(dir: string, end: 'sigkill' | 'release') {
  const script = `
    import { DataFolderLock } from ${JSON.stringify(lockModule)};
    const attempt = DataFolderLock.acquire(${JSON.stringify(dir)}, { kind: 'cli', command: 'clearframe remove' });
    console.log('held' in attempt ? 'held' : 'busy');
    process.stdin.once('data', () => process.exit(0));
  `;
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const ready = new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  const finish = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (end === 'sigkill') child.kill('SIGKILL');
    else child.stdin.write('go\n');
    await exited;
  };
  return { ready, finish, pid: child.pid };
}

describe('one writer per data folder', () => {
  it('names a live holder, and takes the folder over once that process has been killed', async () => {
    const dir = path.join(root, 'killed');
    const other = otherProcess(dir, 'sigkill');
    expect(await other.ready).toBe('held');

    const busy = DataFolderLock.acquire(dir, { kind: 'app' });
    expect('heldBy' in busy && busy.heldBy).toMatchObject({
      pid: other.pid,
      kind: 'cli',
      command: 'clearframe remove',
    });

    await other.finish();
    // SIGKILL runs no exit handler: the dead process's file is still there.
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const taken = DataFolderLock.acquire(dir, { kind: 'app' });
    if (!('held' in taken)) throw new Error('the lock of a dead process was not taken over');
    expect(DataFolderLock.holder(dir)?.pid).toBe(process.pid);
    taken.held.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('is given up when its process exits normally', async () => {
    const dir = path.join(root, 'exited');
    const other = otherProcess(dir, 'release');
    expect(await other.ready).toBe('held');
    await other.finish();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('treats a lock whose pid now names another process as stale', async () => {
    const dir = path.join(root, 'reused');
    const taken = DataFolderLock.acquire(dir, { kind: 'app' });
    if (!('held' in taken)) throw new Error('could not take a fresh folder');
    taken.held.release();
    // The parent process is alive, but it is not the process that wrote this lock.
    const stale: LockOwner = {
      pid: process.ppid,
      kind: 'cli',
      startedAt: Date.now() - 60_000,
      processStart: '1',
    };
    await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const again = DataFolderLock.acquire(dir, { kind: 'app' });
    expect('held' in again).toBe(true);
    if ('held' in again) again.held.release();
  });

  it('says which process holds the folder when the command line cannot hand its jobs over', () => {
    const dir = path.join(root, 'busy');
    const held = DataFolderLock.acquire(dir, { kind: 'cli', command: 'clearframe remove' });
    if (!('held' in held)) throw new Error('could not take a fresh folder');
    try {
      const cli = fileURLToPath(new URL('../../../src-main/cli/main.ts', import.meta.url));
      const run = spawnSync(
        process.execPath,
        [
          '--experimental-strip-types',
          '--no-warnings',
          cli,
          'video',
          'run',
          '--demo',
          '--data-dir',
          dir,
        ],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toContain(`"clearframe remove" (pid ${process.pid}, since`);
      expect(run.stderr).toContain(`is already working in the data folder ${dir}`);
      expect(run.status).toBe(1);
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toContain(`"pid":${process.pid}`);
    } finally {
      held.held.release();
    }
  });
});
