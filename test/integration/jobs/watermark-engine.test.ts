import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { WatermarkEngine } from '../../../src-main/core/jobs/watermark/watermark-engine.ts';
import { PROVENANCE_LOG } from '../../../src-main/core/media/output.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto, makeWhiteOnBlackMask } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';

const KEY = 'engine-key';
let dir: string;
let photos: string;
let out: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;

function engine(store: JobStore): WatermarkEngine {
  return new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => KEY, transport }),
    transport,
    poller: new Poller(),
    settings: () => settings,
  });
}

async function writePhotos(count: number): Promise<string[]> {
  await mkdir(photos, { recursive: true });
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(photos, `photo-${String(i).padStart(3, '0')}.png`);
      await writeFile(file, await makePhoto(24, 16, 'png', i));
      return file;
    }),
  );
}

const submits = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit));

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-engine-'));
  photos = path.join(dir, 'photos');
  out = path.join(dir, 'out');
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 100_000 }],
    watermark: { processingMs: 150, jitter: 0.2 },
  });
  transport = createTransport({ maxConnections: 16 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: out, concurrency: { watermark: 8, video: 2 } };
});

afterEach(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('watermark engine', () => {
  // 300 real encodes and decodes: minutes, not seconds, on a busy two-core machine.
  it('runs a 300-image folder with bad files mixed in: the bad ones fail with reasons, the rest succeed', async () => {
    const good = await writePhotos(300);
    const bad = {
      empty: path.join(photos, 'empty.jpg'),
      text: path.join(photos, 'notes.jpg'),
      cut: path.join(photos, 'cut.jpg'),
    };
    await writeFile(bad.empty, Buffer.alloc(0));
    await writeFile(bad.text, 'not a picture');
    const jpeg = await sharp({
      create: {
        width: 200,
        height: 100,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 100, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    await writeFile(bad.cut, jpeg.subarray(0, jpeg.length >> 1));
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'));
    const run = engine(store);
    const ids = run.add([...good, ...Object.values(bad)].map((inputPath) => ({ inputPath })));
    await run.whenIdle();
    const rows = ids.map((id) => store.getWatermarkJob(id));
    const done = rows.filter((row) => row?.state === 'done');
    const failed = rows.filter((row) => row?.state === 'failed');
    expect(done).toHaveLength(300);
    expect(
      failed.map((row) => [
        path.basename(row?.input_path ?? ''),
        (JSON.parse(row?.error_json ?? '{}') as { message: string }).message,
      ]),
    ).toEqual([
      ['empty.jpg', expect.stringMatching(/file is empty/)],
      ['notes.jpg', expect.stringMatching(/not an image/)],
      ['cut.jpg', expect.stringMatching(/damaged or incomplete/)],
    ]);
    expect((await readdir(out)).filter((name) => name.endsWith('-clean.png'))).toHaveLength(300);
    expect(submits()).toHaveLength(300);
    store.close();
  }, 180_000);

  it('a new engine on the same database resumes a batch without sending anything again', async () => {
    const files = await writePhotos(40);
    const dbFile = path.join(dir, 'jobs.sqlite');
    const first = JobStore.open(dbFile);
    const runA = engine(first);
    runA.add(files.map((inputPath) => ({ inputPath })));
    // Let some jobs finish and others be sent, then stop as a crash or quit would.
    while (
      first.watermarks.inStates(['done']).length < 8 ||
      first.watermarks.inStates(['processing']).length < 2
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    runA.stop();
    // Jobs that were writing their result finish that step before the database closes, as on quit.
    await runA.whenIdle();
    const inFlight = first.watermarks.inStates(['submitted', 'processing', 'downloading']).length;
    first.close();
    expect(inFlight).toBeGreaterThan(0);

    const second = JobStore.open(dbFile);
    const runB = engine(second);
    runB.recover();
    await runB.whenIdle();
    expect(second.watermarks.inStates(['done'])).toHaveLength(40);
    expect(submits()).toHaveLength(40);
    second.close();
  });

  it('pauses, cancels and retries as asked', async () => {
    const files = await writePhotos(6);
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'));
    const run = engine(store);
    run.pause();
    const ids = run.add(files.map((inputPath) => ({ inputPath })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.watermarks.inStates(['queued'])).toHaveLength(6);
    expect(submits()).toHaveLength(0);
    run.cancel([ids[0]!, ids[1]!]);
    expect(store.getWatermarkJob(ids[0]!)?.state).toBe('canceled');
    run.resume();
    await run.whenIdle();
    expect(store.watermarks.inStates(['done'])).toHaveLength(4);
    run.retry([ids[0]!]);
    await run.whenIdle();
    expect(store.getWatermarkJob(ids[0]!)).toMatchObject({ state: 'done', attempt: 2 });
    expect(store.getWatermarkJob(ids[1]!)?.state).toBe('canceled');
    store.close();
  });

  it('puts a submission whose outcome is unknown aside for the user, never resending it', async () => {
    const [file] = await writePhotos(1);
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'));
    const run = engine(store);
    sim.setFaults({ rates: { reset: 1 } });
    const [id] = run.add([{ inputPath: file! }]);
    await run.whenIdle();
    sim.setFaults({ rates: {} });
    expect(store.getWatermarkJob(id!)).toMatchObject({ state: 'needs-attention' });
    expect(JSON.parse(store.getWatermarkJob(id!)?.error_json ?? '{}')).toMatchObject({
      message: expect.stringMatching(/may already have used a credit/),
    });
    expect(submits()).toHaveLength(1);
    store.close();
  });

  it('checks a mask file against each image: another shape fails that image only, saying what to do', async () => {
    const [wide, alsoWide] = await writePhotos(2);
    const tall = path.join(photos, 'tall.png');
    await writeFile(tall, await makePhoto(16, 24, 'png', 99));
    // White on black at twice the size: converted, and scaled down with nearest neighbour.
    const maskFile = path.join(dir, 'mask.png');
    await makeWhiteOnBlackMask(
      maskFile,
      { width: 48, height: 32 },
      { left: 30, top: 20, width: 10, height: 6 },
    );
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'));
    const run = engine(store);
    const ids = run.add([wide!, alsoWide!, tall].map((inputPath) => ({ inputPath, maskFile })));
    await run.whenIdle();
    expect(ids.map((id) => store.getWatermarkJob(id)?.state)).toEqual(['done', 'done', 'failed']);
    expect(JSON.parse(store.getWatermarkJob(ids[2]!)?.error_json ?? '{}')).toMatchObject({
      message: expect.stringMatching(/mask is 48×32 but the image is 16×24, a different shape/),
    });
    expect(submits()).toHaveLength(2);
    store.close();
  });

  it('logs where each result came from in the output folder, and clears finished jobs from the list', async () => {
    const files = await writePhotos(3);
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'));
    const run = engine(store);
    const ids = run.add(files.map((inputPath) => ({ inputPath })));
    await run.whenIdle();
    const lines = (await readFile(path.join(out, PROVENANCE_LOG), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line['source']).sort()).toEqual([...files].sort());
    for (const line of lines) {
      const job = store.latestWatermarkJobFor(line['source'] as string);
      expect(line).toMatchObject({
        output: job?.output_path,
        taskId: job?.remote_task_id,
        mask: 'none',
      });
    }

    run.pause();
    const [failing] = run.add([{ inputPath: path.join(photos, 'missing.png') }]);
    run.resume();
    await run.whenIdle();
    // The stand-in finds no mark in these and gives them back unchanged: they wait for the
    // user's word, and Clear finished keeps them until it is given.
    expect(ids.map((id) => store.getWatermarkJob(id)?.doubt)).toEqual(Array(3).fill('unchanged'));
    expect(run.clearFinished()).toBe(0);
    expect(run.decide(ids, 'keep')).toBe(3);
    expect(run.clearFinished()).toBe(3);
    expect(ids.map((id) => store.getWatermarkJob(id))).toEqual([undefined, undefined, undefined]);
    expect(store.events(ids[0]!)).toEqual([]);
    expect(store.getWatermarkJob(failing!)?.state).toBe('failed');
    store.close();
  });
});
