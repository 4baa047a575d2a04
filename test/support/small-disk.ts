import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freeBytes } from '../../src-main/core/fs/disk-space.ts';

/** A real, small tmpfs, so a full disk is the kernel's ENOSPC rather than an imitation. */
export interface SmallDisk {
  /** Where it is mounted; undefined when this user may not mount (only root may, as in CI). */
  at: string | undefined;
  /** Why it could not be mounted, for the skip message. */
  whyNot: string | undefined;
  /** Takes all but `leave` bytes with a filler file, and returns that file's path. */
  fill(leave: number): Promise<string>;
  unmount(): void;
}

export function mountSmallDisk(name: string, size = '4m'): SmallDisk {
  const mountPoint = path.join(os.tmpdir(), `clearframe-${name}-${process.pid}`);
  let whyNot: string | undefined;
  try {
    execFileSync('mkdir', ['-p', mountPoint]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint], {
      stdio: 'pipe',
    });
  } catch (error) {
    whyNot = `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]}); run as root`;
  }
  return {
    at: whyNot ? undefined : mountPoint,
    whyNot,
    async fill(leave) {
      const filler = path.join(mountPoint, 'filler.bin');
      await writeFile(filler, Buffer.alloc(Math.max(0, (await freeBytes(mountPoint)) - leave)));
      return filler;
    },
    unmount() {
      if (!whyNot) execFileSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}
