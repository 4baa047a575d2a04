import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DiskFullError,
  asDiskFull,
  diskSpace,
  freeBytes,
} from '../../../src-main/core/fs/disk-space.ts';

function systemError(code: string, where?: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: no space left on device, write`), {
    code,
    ...(where ? { path: where } : {}),
  });
}

describe('telling a full disk from other failures', () => {
  it('finds ENOSPC and EDQUOT, on the error or among its causes, and names the folder', () => {
    const direct = asDiskFull(systemError('ENOSPC', '/media/usb/out/.a.png.1f.tmp'));
    expect(direct).toBeInstanceOf(DiskFullError);
    expect(direct?.where).toBe('/media/usb/out/.a.png.1f.tmp');
    expect(direct?.userMessage).toMatch(
      /^The disk holding \/media\/usb\/out is full\. Free some space/,
    );
    const wrapped = new Error('the transfer broke', { cause: systemError('EDQUOT') });
    expect(asDiskFull(wrapped, '/home/me/clips/shot-1.mp4')?.where).toBe(
      '/home/me/clips/shot-1.mp4',
    );
  });

  it('leaves every other error alone', () => {
    expect(asDiskFull(systemError('EACCES', '/root/x'))).toBeUndefined();
    expect(asDiskFull(new Error('socket hang up'))).toBeUndefined();
    expect(asDiskFull('ENOSPC')).toBeUndefined();
  });

  it('measures free space on the nearest folder that exists', async () => {
    // A folder not made yet is measured on the disk that will hold it.
    await expect(freeBytes(path.join(os.tmpdir(), 'not', 'made', 'yet'))).resolves.toBeGreaterThan(
      0,
    );
    await expect(freeBytes('/')).resolves.toBeGreaterThan(0);
  });

  it('names the disk, so folders on one disk are told from folders on another', async () => {
    const tmp = await diskSpace(os.tmpdir());
    expect(tmp.device).toBeGreaterThan(0);
    expect((await diskSpace(path.join(os.tmpdir(), 'not', 'made', 'yet'))).device).toBe(tmp.device);
    expect((await diskSpace('/proc')).device).not.toBe((await diskSpace('/')).device);
  });
});
