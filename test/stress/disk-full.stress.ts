import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_FLIGHT_STATES } from '../../src-shared/domain/job-states.ts';
import { waitOf, type JobEvent } from '../../src-main/core/jobs/store/job-tables.ts';
import { mountSmallDisk } from '../support/small-disk.ts';
import { reportSection } from './report.ts';
import { StressWorld, filesUnder } from './world.ts';

const IMAGES = 30;
const ROUNDS = 3;
function waitMessage(event: JobEvent): string | undefined {
  const wait = waitOf(event);
  return wait && 'waiting' in wait ? wait.waiting.message : undefined;
}

/** Jobs whose latest event shows them at work: in flight and not waiting for space. */
function busyJobs(events: readonly JobEvent[]): string[] {
  const latest = new Map<string, JobEvent>();
  for (const event of events) latest.set(event.jobId, event);
  return [...latest.values()]
    .filter((e) => IN_FLIGHT_STATES.includes(e.state) && waitMessage(e) === undefined)
    .map((e) => e.jobId);
}

const disk = mountSmallDisk('small-disk');
if (disk.whyNot) console.log(`disk-full scenario skipped: ${disk.whyNot}`);

afterAll(() => disk.unmount());

describe.skipIf(disk.at === undefined)('disk full: the output folder on a 4 MB tmpfs', () => {
  let world: StressWorld;
  const out = path.join(disk.at ?? '', 'out');
  beforeAll(async () => {
    await mkdir(out, { recursive: true });
    world = await StressWorld.start({ outputFolder: out, spaceCheckMs: 100 });
  });
  afterAll(() => world.close());

  it(
    'waits with a message that says the disk is full, leaves no partial file, survives a restart and resumes when space returns',
    async () => {
      // Leave room for about two results, then queue far more than fit.
      const filler = await disk.fill(96 * 1024);
      const images = await world.addImages(IMAGES, { width: 320, height: 240 });
      const rounds = world.addRounds(ROUNDS, 'Full disk');
      const waiting = () => world.events.filter((e) => waitMessage(e) !== undefined);
      await expect.poll(() => waiting().length, { timeout: 60_000 }).toBeGreaterThan(0);
      expect(waiting().map(waitMessage)[0]).toMatch(
        /^The disk holding .*out.* is full\. Free some space there/,
      );

      // While jobs wait, no partial or hidden file is left in the folder, and what is there is
      // whole. Jobs already running when the disk filled first finish or wait too.
      await expect.poll(() => busyJobs(world.events), { timeout: 60_000 }).toEqual([]);
      const during = (await filesUnder(out)).filter((f) => f !== filler);
      expect(during.filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
      for (const file of during.filter((f) => f.endsWith('.png'))) {
        await expect(sharp(await readFile(file)).stats()).resolves.toBeDefined();
      }
      const waitingJobs = new Set(waiting().map((e) => e.jobId)).size;

      // A restart while the disk is still full: the jobs wait again, nothing is sent again.
      await world.restart();
      await new Promise((resolve) => setTimeout(resolve, 1000));

      await rm(filler);
      await world.settle(3 * 60_000);
      const imageTally = world.tallyImages(images);
      const roundTally = world.tallyRounds(rounds);
      const after = await filesUnder(out);
      reportSection('disk-full', [
        {
          disk: '4 MB tmpfs',
          'jobs that waited': waitingJobs,
          'partial files while full': during.filter((f) => path.basename(f).startsWith('.')).length,
          'images done/lost': `${imageTally.done}/${imageTally.lost}`,
          'rounds done/lost': `${roundTally.done}/${roundTally.lost}`,
          'paid twice': world.paidTwice(),
        },
      ]);
      expect(imageTally).toMatchObject({ done: IMAGES, lost: 0 });
      expect(roundTally).toMatchObject({ done: ROUNDS, lost: 0 });
      expect(world.paidTwice()).toBe(0);
      expect(after.filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
      expect(after.filter((f) => /photo-\d+-clean\.png$/.test(f))).toHaveLength(IMAGES);
      // The jobs that had waited were carried on from where they were, not sent as new attempts.
      for (const id of images) expect(world.store.getWatermarkJob(id)?.attempt).toBe(1);
      for (const id of images) expect(world.store.getWatermarkJob(id)?.error_json).toBeNull();
    },
    5 * 60_000,
  );
});
