import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src-main/core/fs/atomic-write.ts';
import { DiskFullError } from '../../../src-main/core/fs/disk-space.ts';
import { JobLoop, type Startable } from '../../../src-main/core/jobs/lifecycle/job-loop.ts';
import { mountSmallDisk } from '../../support/small-disk.ts';

const disk = mountSmallDisk('wait-disk', '1m');
if (disk.whyNot) console.log(`disk wait test skipped: ${disk.whyNot}`);
afterAll(() => disk.unmount());

/** The loop's own mechanics, with jobs that only write files and a record of what it did. */
class WritingLoop extends JobLoop {
  readonly queue: Startable[] = [];
  readonly waits: Array<{ id: string; waiting: boolean }> = [];
  readonly resumed: string[] = [];
  readonly failures: string[] = [];

  constructor() {
    super();
    this.spaceCheckMs = 50;
  }

  add(jobs: Startable[]): void {
    this.queue.push(...jobs);
    this.pump();
  }

  protected concurrency(): number {
    return 4;
  }
  protected hasQueued(): boolean {
    return this.queue.length > 0;
  }
  protected nextJobs(free: number): Startable[] {
    return this.queue.splice(0, free);
  }
  protected settleFailure(id: string): void {
    this.failures.push(id);
  }
  protected resumable(id: string): Startable | undefined {
    this.resumed.push(id);
    return undefined;
  }
  protected noteWaiting(id: string, error: { code: string; message: string } | null): void {
    this.waits.push({ id, waiting: error !== null });
  }
}

describe.skipIf(disk.at === undefined)('waiting out a full disk', () => {
  it('carries on every job waiting on a disk once it has room, even one that measured the room it was waiting for', async () => {
    const folder = disk.at ?? '';
    const big = new Uint8Array(200 * 1024);
    const filler = await disk.fill(4 * 1024);
    let freeSpace = (): void => undefined;
    const roomMade = new Promise<void>((resolve) => (freeSpace = resolve));
    const loop = new WritingLoop();
    loop.add([
      { id: 'first', group: 'g', work: () => writeFileAtomic(path.join(folder, 'a.bin'), big) },
      {
        id: 'second',
        group: 'g',
        // Its write fails on the full disk, but its failure is handled only after room came
        // back: it then measures a disk with room and would wait for yet more.
        work: async () => {
          const failed = await writeFileAtomic(path.join(folder, 'b.bin'), big).catch(
            (error: unknown) => error,
          );
          await roomMade;
          throw failed;
        },
      },
    ]);
    await expect.poll(() => loop.waits.map((w) => w.id)).toEqual(['first']);
    await rm(filler);
    freeSpace();
    await expect
      .poll(() => [...loop.resumed].sort(), { timeout: 5000 })
      .toEqual(['first', 'second']);
    await loop.whenIdle();
    expect(loop.failures).toEqual([]);
    expect(
      loop.waits
        .filter((w) => !w.waiting)
        .map((w) => w.id)
        .sort(),
    ).toEqual(['first', 'second']);
    loop.stop();
  });

  it('carries on a lone job whose write failed just before room came back', async () => {
    const folder = disk.at ?? '';
    const filler = await disk.fill(4 * 1024);
    const failed = await writeFileAtomic(
      path.join(folder, 'c.bin'),
      new Uint8Array(200 * 1024),
    ).then(
      () => new Error('the write was expected to meet a full disk'),
      (error: unknown) => error as Error,
    );
    expect(failed).toBeInstanceOf(DiskFullError);
    // The room is back before the job's failure is handled: what it measures then is no
    // baseline to wait beyond.
    await rm(filler);
    const loop = new WritingLoop();
    loop.add([
      {
        id: 'late',
        group: 'g',
        work: () => Promise.reject(failed),
      },
    ]);
    await expect.poll(() => loop.resumed, { timeout: 5000 }).toEqual(['late']);
    await loop.whenIdle();
    expect(loop.failures).toEqual([]);
    loop.stop();
  });
});
