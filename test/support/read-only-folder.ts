import { execFileSync } from 'node:child_process';
import { chmod } from 'node:fs/promises';

/**
 * Makes a folder read-only for this process and returns how to undo it: its permissions
 * for an ordinary user; for root, whom permissions do not stop, a read-only bind mount.
 */
export async function makeReadOnly(dir: string): Promise<() => void> {
  if (process.getuid?.() !== 0) {
    await chmod(dir, 0o555);
    return () => execFileSync('chmod', ['755', dir]);
  }
  execFileSync('mount', ['--bind', dir, dir]);
  execFileSync('mount', ['-o', 'remount,bind,ro', dir]);
  return () => execFileSync('umount', [dir]);
}
