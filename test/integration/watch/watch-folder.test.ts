import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATES, SETTLED_STATES } from '../../../src-shared/domain/job-states.ts';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import type { WatermarkEngine } from '../../../src-main/core/jobs/watermark/watermark-engine.ts';
import { EstimateStore } from '../../../src-main/core/media/unblend/estimate-store.ts';
import type { Profile } from '../../../src-main/core/profiles/profile-file.ts';
import { ProfileStore } from '../../../src-main/core/profiles/profile-store.ts';
import { FolderWatch, type WatchNotice } from '../../../src-main/core/watch/folder-watch.ts';
import { localDay } from '../../../src-shared/domain/calendar-month.ts';
import { WatchList, type Watch } from '../../../src-main/core/watch/watch-list.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { readProvenance } from '../../support/provenance.ts';
import { sceneProfile } from '../../support/scene-profile.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { simulatorEngine } from '../../support/simulator-engine.ts';

const KEY = 'watch-key';
let dir: string;
let sim: Simulator;
let transport: Transport;
let profile: Profile;
/** Real photos under one text mark, 400×300: what arrives in the watched folders. */
let photos: string[];

/** A watch running as `clearframe watch` runs it: its own store, engine and folder watch. */
interface Running {
  store: JobStore;
  engine: WatermarkEngine;
  watch: FolderWatch;
  looks: number;
  notices: WatchNotice[];
}

function run(
  dataDir: string,
  watch: Watch,
  list: WatchList,
  now: () => Date = () => new Date(),
): Running {
  const store = JobStore.open(path.join(dataDir, 'jobs.sqlite'));
  const engine = simulatorEngine(store, sim, KEY, transport, () => DEFAULT_SETTINGS);
  engine.recover();
  const running: Running = { store, engine, looks: 0, notices: [] } as unknown as Running;
  running.watch = new FolderWatch({
    watch,
    profile,
    store,
    engine,
    estimates: new EstimateStore(path.join(dataDir, 'estimates')),
    list,
    notify: (notice) => running.notices.push(notice),
    intervalMs: 30,
    patienceMs: 600_000,
    now,
    onLook: () => (running.looks += 1),
  });
  running.watch.start();
  return running;
}

async function stop(running: Running): Promise<void> {
  await running.watch.stop();
  running.engine.stop();
  await running.engine.whenIdle();
  running.store.close();
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A paid watch on a new folder with its own data folder, and the submissions sent since. */
async function paidWatch(name: string, creditsPerDay: number) {
  const dataDir = path.join(dir, `data-${name}`);
  const watched = path.join(dir, `in-${name}`);
  await mkdir(watched, { recursive: true });
  await mkdir(dataDir, { recursive: true });
  const list = new WatchList(dataDir);
  const watch = await list.put({
    dir: watched,
    recursive: false,
    profile: 'Scene mark',
    engine: 'service',
    creditsPerDay,
  });
  const earlier = sim.requestLog().length;
  const submitted = () =>
    sim
      .requestLog()
      .slice(earlier)
      .filter((entry) => entry.method === 'POST' && entry.path.endsWith(WATERMARK_PATHS.submit));
  return { dataDir, watched, list, watch, earlier, submitted };
}

const allJobs = (store: JobStore) => store.watermarks.inStates(JOB_STATES);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-watch-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
  transport = createTransport({ maxConnections: 4 });
  // The mark measured once and saved as a profile, as the window's "Watermark profiles" does.
  const profilesDir = path.join(dir, 'made', 'profiles');
  ({ photos } = await sceneProfile(dir, profilesDir, 'Scene mark'));
  profile = await new ProfileStore(profilesDir).load('Scene mark');
}, 120_000);

afterAll(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a watched folder', () => {
  it('cleans 200 images copied in slowly once each, never a partial one, across a restart, and none of its own results', async () => {
    const dataDir = path.join(dir, 'data-local');
    const watched = path.join(dir, 'in');
    await mkdir(path.join(watched, 'sub'), { recursive: true });
    const list = new WatchList(dataDir);
    await mkdir(dataDir, { recursive: true });
    const watch = await list.put({
      dir: watched,
      recursive: true,
      profile: 'Scene mark',
      engine: 'local',
    });
    let current = run(dataDir, watch, list);
    const looksPass = async (count: number) => {
      const target = current.looks + count;
      await until(() => current.looks >= target);
    };
    const done = () => current.store.watermarks.inStates(['done']).length;

    // Each image written in three parts; every tenth one held still, cut short, while the
    // watcher looks at it three times: its size and time stay the same, and only its
    // pixels tell it is not whole. The results go beside the inputs (the default), into
    // `clearframe` folders inside the watched tree, which the watch must never take.
    const arrived: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      if (i === 100) {
        await until(() => done() >= 30);
        await stop(current);
        current = run(dataDir, (await list.all())[0] as Watch, list);
      }
      const source = photos[i % photos.length] as string;
      const target = path.join(
        watched,
        i % 4 === 0 ? 'sub' : '',
        `photo-${i}${path.extname(source)}`,
      );
      const bytes = await readFile(source);
      const handle = await open(target, 'w');
      const part = Math.ceil(bytes.length / 3);
      for (let at = 0; at < bytes.length; at += part) {
        await handle.write(bytes, at, Math.min(part, bytes.length - at), at);
        if (i % 10 === 0 && at + part < bytes.length) await looksPass(3);
      }
      await handle.close();
      arrived.push(target);
    }
    // Settled, whatever the outcome: a partial file taken would fail, not hang the test.
    await until(
      () => allJobs(current.store).filter((job) => SETTLED_STATES.has(job.state)).length >= 200,
    );
    // Looked at a few more times with every result written: nothing more is taken.
    await looksPass(4);
    await current.engine.whenIdle();

    const jobs = allJobs(current.store);
    expect(jobs).toHaveLength(200);
    expect(new Set(jobs.map((job) => job.input_path))).toEqual(new Set(arrived));
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    expect(current.notices.filter((notice) => notice.kind !== 'queued')).toEqual([]);
    await stop(current);

    const lines = [
      ...(await readProvenance(path.join(watched, 'clearframe'))),
      ...(await readProvenance(path.join(watched, 'sub', 'clearframe'))),
    ];
    expect(lines).toHaveLength(200);
    expect(new Set(lines.map((line) => line.output)).size).toBe(200);
    for (const line of lines) {
      // Cleaned from the whole file: the bytes it read are the bytes that arrived in the end.
      expect(line.sourceSha256).toBe(sha256(await readFile(line.source)));
      expect(line.engine).toBe('local');
    }
    expect(sim.requestLog()).toEqual([]);
  }, 600_000);

  it('stops paid watching at the day’s credit limit, with nothing sent past it, even when started again', async () => {
    const { dataDir, watched, list, watch, earlier, submitted } = await paidWatch('paid', 5);

    const first = run(dataDir, watch, list);
    for (const [i, photo] of photos.entries()) {
      const bytes = await readFile(photo);
      const handle = await open(path.join(watched, `paid-${i}${path.extname(photo)}`), 'w');
      await handle.write(bytes, 0, bytes.length, 0);
      await handle.close();
    }
    await until(() => first.notices.some((notice) => notice.kind === 'limit'));
    await first.engine.whenIdle();
    const limit = first.notices.find((notice) => notice.kind === 'limit');
    expect(limit).toMatchObject({ waiting: 3 });
    expect(limit?.kind === 'limit' && limit.sentence).toMatch(
      /today's limit of 5 credits is used up, and nothing more is sent today\. 3 images wait; raise the limit with --credits-per-day/,
    );
    expect(first.store.watermarks.inStates(['done'])).toHaveLength(5);
    await stop(first);
    expect(submitted()).toHaveLength(5);

    // Started again the same day: the three waiting are not sent, the five not sent again.
    const again = run(dataDir, (await list.all())[0] as Watch, list);
    await until(() => again.notices.some((notice) => notice.kind === 'limit'));
    await stop(again);
    expect(submitted()).toHaveLength(5);
    expect(paidSubmissionsSentTwice(sim.requestLog().slice(earlier))).toEqual([]);
    expect((await list.all())[0]?.spent).toEqual({ [localDay(new Date())]: 5 });
  }, 300_000);

  it('takes the files that waited at the day’s limit on the next local day, within that day’s limit', async () => {
    const { dataDir, watched, list, watch, earlier, submitted } = await paidWatch('next-day', 2);
    // The clock the watch reads: late on one day, then moved past midnight without waiting.
    let clock = new Date(2026, 2, 12, 23, 50);
    const running = run(dataDir, watch, list, () => clock);
    for (const [i, photo] of photos.slice(0, 4).entries()) {
      await writeFile(path.join(watched, `day-${i}${path.extname(photo)}`), await readFile(photo));
    }
    await until(() => running.notices.some((notice) => notice.kind === 'limit'));
    await running.engine.whenIdle();
    expect(running.store.watermarks.inStates(['done'])).toHaveLength(2);
    const looks = running.looks;
    await until(() => running.looks > looks + 3);
    expect(submitted()).toHaveLength(2);

    clock = new Date(2026, 2, 13, 0, 5);
    await until(() => running.store.watermarks.inStates(['done']).length === 4);
    await running.engine.whenIdle();
    await stop(running);
    expect(submitted()).toHaveLength(4);
    expect(paidSubmissionsSentTwice(sim.requestLog().slice(earlier))).toEqual([]);
    expect((await list.all())[0]?.spent).toEqual({ '2026-03-13': 2 });
  }, 300_000);

  it('leaves files whose credits could not be committed to a later look, and says why', async () => {
    const { dataDir, watched, watch, earlier, submitted } = await paidWatch('lowered', 5);
    // Between this watch's reading of the list and its commit, another process lowers the
    // day's limit to 1 (`clearframe watch DIR --credits-per-day 1` in another terminal).
    class Lowered extends WatchList {
      private lowered = false;
      override async reserve(dir: string, day: string, credits: number): Promise<boolean> {
        if (!this.lowered) {
          this.lowered = true;
          await new WatchList(dataDir).put({ ...watch, creditsPerDay: 1 });
        }
        return super.reserve(dir, day, credits);
      }
    }
    for (const [i, photo] of photos.slice(0, 2).entries()) {
      await writeFile(path.join(watched, `low-${i}${path.extname(photo)}`), await readFile(photo));
    }
    const running = run(dataDir, watch, new Lowered(dataDir));
    await until(
      () => running.notices.some((notice) => notice.kind === 'limit') || running.looks > 60,
    );
    await running.engine.whenIdle();
    const done = running.store.watermarks.inStates(['done']);
    await stop(running);
    const held = running.notices.find((notice) => notice.kind === 'held');
    expect(held?.kind === 'held' && held.sentence).toMatch(
      /^The credits for 2 images in .+ could not be committed, because the list of watched folders changed meanwhile/,
    );
    // Looked at again: one sent within the lowered limit, the other waits for tomorrow.
    expect(running.notices.find((notice) => notice.kind === 'limit')).toMatchObject({
      waiting: 1,
    });
    expect(done).toHaveLength(1);
    expect(submitted()).toHaveLength(1);
    expect(paidSubmissionsSentTwice(sim.requestLog().slice(earlier))).toEqual([]);
  }, 300_000);
});
