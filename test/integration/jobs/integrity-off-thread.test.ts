import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJobStoreOffThread } from '../../../src-main/core/app/startup.ts';
import { checkJobStoreOffThread } from '../../../src-main/core/jobs/store/integrity.ts';
import { DatabaseDamagedError, JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { makeDamagedDatabase } from '../../support/damaged-database.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-integrity-'));
  file = path.join(dir, 'clearframe.sqlite');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the job database checked on a thread of its own', () => {
  it('passes a sound file, and a file not made yet, as checked', async () => {
    expect(await checkJobStoreOffThread(file)).toEqual({ checked: true });
    const store = JobStore.open(file);
    store.addWatermarkJobs([{ inputPath: '/photos/a.jpg' }]);
    store.close();
    expect(await checkJobStoreOffThread(file)).toEqual({ checked: true });
  });

  it('finds a damaged page, and a file that is not a database, as damage', async () => {
    await makeDamagedDatabase(file);
    await expect(checkJobStoreOffThread(file)).rejects.toBeInstanceOf(DatabaseDamagedError);
    const other = path.join(dir, 'not-a-database.sqlite');
    await writeFile(other, Buffer.alloc(8192, 0x41));
    await expect(checkJobStoreOffThread(other)).rejects.toBeInstanceOf(DatabaseDamagedError);
  });

  it('opens a sound file with its jobs, and sets a damaged one aside with a notice', async () => {
    const store = JobStore.open(file);
    store.addWatermarkJobs([{ inputPath: '/photos/a.jpg' }]);
    store.close();
    const sound = await openJobStoreOffThread(file);
    expect(sound.notices).toEqual([]);
    expect(sound.store.watermarks.inStates(['queued'])).toHaveLength(1);
    sound.store.close();

    await rm(file);
    await makeDamagedDatabase(file);
    const fresh = await openJobStoreOffThread(file);
    expect(fresh.notices[0]?.message).toMatch(/damaged, so Clearframe started a new, empty queue/);
    expect(fresh.store.watermarks.inStates(['queued'])).toEqual([]);
    fresh.store.close();
    expect((await readdir(dir)).some((name) => name.includes('.damaged-'))).toBe(true);
  });
});
