import Database from 'better-sqlite3';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import type { JobState } from '../../../src-shared/domain/job-states.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../../src-main/core/api/watermark-client.ts';
import { readStoredError } from '../../../src-main/core/jobs/lifecycle/outcome.ts';
import { MIGRATIONS } from '../../../src-main/core/jobs/store/schema.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import {
  RoundRequestError,
  type VideoEngine,
} from '../../../src-main/core/jobs/video/video-engine.ts';
import type { WatermarkEngine } from '../../../src-main/core/jobs/watermark/watermark-engine.ts';
import { PROVENANCE_LOG } from '../../../src-main/core/media/output.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { advance, damage } from '../../support/stored-rows.ts';
import { scaledClock } from '../../support/scaled-clock.ts';
import { simulatorEngine, simulatorVideoEngine } from '../../support/simulator-engine.ts';

const KEY = 'damaged-records-key';
// Simulated time runs 200 times faster: a 5-10 s video poll interval takes 25-50 ms.
const clock = scaledClock(200);
let dir: string;
let dbFile: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;

function watermarkClient(): WatermarkClient {
  return new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => KEY, transport });
}

function watermarkEngine(store: JobStore): WatermarkEngine {
  return simulatorEngine(store, sim, KEY, transport, () => settings);
}

function videoEngine(store: JobStore): VideoEngine {
  return simulatorVideoEngine({
    store,
    sim,
    key: KEY,
    transport,
    settings: () => settings,
    outputDir: path.join(dir, 'videos'),
    poller: new Poller({ clock }),
  });
}

async function photo(name: string, seed: number): Promise<string> {
  const file = path.join(dir, 'photos', name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await makePhoto(24, 16, 'png', seed));
  return file;
}

/** A job for a new photo that the service holds as a task, left in `state` as a crash would. */
async function sentJob(
  store: JobStore,
  name: string,
  state: JobState,
): Promise<{ id: string; taskId: string }> {
  const input = await photo(name, name.length);
  const taskId = await watermarkClient().submit({
    base64: (await readFile(input)).toString('base64'),
  });
  const [id = ''] = store.addWatermarkJobs([{ inputPath: input }]);
  advance(store, 'watermark', id, state, taskId);
  return { id, taskId };
}

const errorOf = (text: string | null | undefined) => {
  const read = readStoredError(text ?? null);
  return read.ok ? read.value : undefined;
};

const requestsTo = (suffix: string) =>
  sim.requestLog().filter((entry) => entry.path.endsWith(suffix)).length;

const request = (text: string): VideoGenerateRequest => ({
  model: 'videomodel-2-5',
  content: [{ type: 'text', text }],
  duration: 5,
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-damaged-'));
  dbFile = path.join(dir, 'data', 'clearframe.sqlite');
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [{ key: KEY, credits: 100, balanceUsd: 100 }],
    watermark: { processingMs: 100, jitter: 0.2 },
    video: { pendingMs: 3000, processingMs: 30_000, jitter: 0.2 },
  });
  transport = createTransport({});
  settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
});

afterEach(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a watermark job whose stored record is damaged', () => {
  it('waits for the user with a message naming the column, while the other jobs finish', async () => {
    const store = JobStore.open(dbFile);
    const inputs = await Promise.all(
      [
        'good-1',
        'options-text',
        'options-shape',
        'options-estimate',
        'mask-text',
        'mask-shape',
        'good-2',
      ].map(async (name, i) => ({ inputPath: await photo(`${name}.png`, i) })),
    );
    const [good1, optionsText, optionsShape, optionsEstimate, maskText, maskShape, good2] =
      store.addWatermarkJobs(inputs) as [string, string, string, string, string, string, string];
    damage(dbFile, 'watermark_jobs', 'options_json', optionsText, '{"root": "/photos",');
    damage(dbFile, 'watermark_jobs', 'options_json', optionsShape, '{"bytes": "large"}');
    // A schema's own sentence (a message id) is said, never shown as its id.
    damage(dbFile, 'watermark_jobs', 'options_json', optionsEstimate, '{"estimate": "../x"}');
    damage(dbFile, 'watermark_jobs', 'mask_json', maskText, '[{"kind":"rect"');
    damage(dbFile, 'watermark_jobs', 'mask_json', maskShape, '{"kind":"rect"}');

    const run = watermarkEngine(store);
    run.recover();
    await run.whenIdle();

    expect(store.getWatermarkJob(good1)?.state).toBe('done');
    expect(store.getWatermarkJob(good2)?.state).toBe('done');
    const expected = [
      [optionsText, /its options_json is not valid JSON/],
      [optionsShape, /its options_json does not hold what Clearframe writes there \(bytes: /],
      [optionsEstimate, /\(estimate: Find the watermark again\.\)/],
      [maskText, /its mask_json is not valid JSON/],
      [maskShape, /its mask_json does not hold what Clearframe writes there/],
    ] as const;
    for (const [id, what] of expected) {
      const job = store.getWatermarkJob(id);
      expect(job?.state).toBe('needs-attention');
      // Kept with its message id too, so it reads in the language chosen later.
      expect(errorOf(job?.error_json)).toEqual({
        code: 'damaged-record',
        message: expect.stringMatching(what),
        sentence: expect.objectContaining({ id: 'core.jobs.damagedRecord' }),
      });
      expect(errorOf(job?.error_json)?.message).toMatch(
        /^Clearframe's record of this image is damaged: .*cancel it and add the image again\.$/,
      );
    }
    // Only the two good images reached the service.
    expect(requestsTo(WATERMARK_PATHS.submit)).toBe(2);

    // Sent again, it stops at the same place, before anything reaches the service.
    expect(run.sendAgain([optionsText])).toBe(1);
    await run.whenIdle();
    expect(store.getWatermarkJob(optionsText)?.state).toBe('needs-attention');
    expect(requestsTo(WATERMARK_PATHS.submit)).toBe(2);
    // What the message says to do can be done: a canceled job leaves the way for the file.
    run.cancel([optionsText]);
    expect(store.getWatermarkJob(optionsText)?.state).toBe('canceled');
    store.close();
  });

  it('found damaged on a restart while the service holds its task, waits for the user and asks nothing', async () => {
    const store = JobStore.open(dbFile);
    const { id, taskId } = await sentJob(store, 'quay.png', 'processing');
    store.close();
    damage(dbFile, 'watermark_jobs', 'options_json', id, 'not json at all');

    const reopened = JobStore.open(dbFile);
    const before = sim.requestLog().length;
    const run = watermarkEngine(reopened);
    run.recover();
    await run.whenIdle();
    const job = reopened.getWatermarkJob(id);
    expect(job?.state).toBe('needs-attention');
    expect(job?.remote_task_id).toBe(taskId);
    expect(errorOf(job?.error_json)?.message).toMatch(/options_json is not valid JSON/);
    expect(sim.requestLog().slice(before)).toEqual([]);
    reopened.close();
  });

  it('whose result marker is damaged fetches the result again by its task id, without sending it again', async () => {
    const store = JobStore.open(dbFile);
    const { id } = await sentJob(store, 'pier.png', 'downloading');
    const scratch = path.join(path.dirname(dbFile), 'downloads', id);
    await mkdir(scratch, { recursive: true });
    await writeFile(path.join(scratch, 'written.json'), '{"written": ');

    const run = watermarkEngine(store);
    run.recover();
    await run.whenIdle();
    expect(store.getWatermarkJob(id)).toMatchObject({
      state: 'done',
      output_path: path.join(dir, 'out', 'pier-clean.png'),
    });
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual([
      PROVENANCE_LOG,
      'pier-clean.png',
    ]);
    expect(requestsTo(WATERMARK_PATHS.submit)).toBe(1);
    store.close();
  });
});

describe('a video round whose stored record is damaged', () => {
  it('fails unpaid before sending, naming the column, while the other rounds finish', async () => {
    const store = JobStore.open(dbFile, { now: () => clock.now() });
    const run = videoEngine(store);
    run.pause();
    const shot = run.rounds.addShot(run.rounds.createProject('Harbour'));
    const good = run.addRound(shot, request('boats at dawn')).roundId;
    const text = run.addRound(shot, request('boats at noon')).roundId;
    const shape = run.addRound(shot, request('boats at dusk')).roundId;
    damage(
      dbFile,
      'video_rounds',
      'request_json',
      text,
      '{"model": "videomodel-2-5", "content": [',
    );
    damage(dbFile, 'video_rounds', 'request_json', shape, '{"model": "videomodel-2-5"}');
    run.resume();
    await run.whenIdle();

    expect(run.rounds.round(good)?.state).toBe('done');
    for (const [id, what] of [
      [text, /its request_json is not valid JSON/],
      [shape, /its request_json does not hold what Clearframe writes there \(content: /],
    ] as const) {
      const round = run.rounds.round(id);
      expect(round?.state).toBe('failed');
      expect(errorOf(round?.error_json)).toEqual({
        code: 'damaged-record',
        message: expect.stringMatching(what),
        sentence: expect.objectContaining({ id: 'core.jobs.damagedRecord' }),
      });
    }
    expect(requestsTo(VIDEO_PATHS.generate)).toBe(1);
    // Nothing was sent for the damaged rounds, so they count nothing against the cap.
    expect(run.rounds.spending()).toEqual({
      spentCents: run.rounds.round(good)?.charged_cents,
      inFlightCents: 0,
    });
    // Rounds made from a damaged one are refused with the reason, never paid for.
    expect(() => run.duplicate(shape)).toThrow(RoundRequestError);
    expect(() => run.sendAgain([text])).toThrow(/request_json is not valid JSON/);
    damage(dbFile, 'video_rounds', 'outputs_json', good, '{"videos": 3}');
    await expect(run.extendFromLastFrame(good, 'and on')).rejects.toThrow(
      /its outputs_json does not hold what Clearframe writes there \(videos: /,
    );
    store.close();
  });

  it('caught while being sent, waits for the user and says it may have been charged', async () => {
    const store = JobStore.open(dbFile, { now: () => clock.now() });
    const run = videoEngine(store);
    run.pause();
    const shot = run.rounds.addShot(run.rounds.createProject('Harbour'));
    const { roundId } = run.addRound(shot, request('boats at night'));
    advance(store, 'video', roundId, 'submitting', '');
    store.close();
    damage(dbFile, 'video_rounds', 'request_json', roundId, '[]');

    const reopened = JobStore.open(dbFile, { now: () => clock.now() });
    const again = videoEngine(reopened);
    again.recover();
    await again.whenIdle();
    const round = again.rounds.round(roundId);
    expect(round?.state).toBe('needs-attention');
    expect(errorOf(round?.error_json)?.message).toMatch(
      /its request_json does not hold .*may or may not have been charged.*Check your account/,
    );
    expect(requestsTo(VIDEO_PATHS.generate)).toBe(0);
    reopened.close();
  });
});

describe('events and older databases', () => {
  it('reads a job whose event detail is damaged, leaving that note out', () => {
    const store = JobStore.open(dbFile);
    const [id = ''] = store.addWatermarkJobs([{ inputPath: '/photos/a.png' }]);
    store.transition('watermark', id, 'preparing');
    store.noteWaiting('watermark', id, { code: 'disk-full', message: 'The disk is full.' });
    const db = new Database(dbFile);
    db.prepare('UPDATE job_events SET detail_json = ? WHERE job_id = ? AND seq = 3').run(
      '{"waiting": {"code": "disk-full"',
      id,
    );
    db.close();
    expect(store.events(id).map((event) => [event.seq, event.state, event.detail])).toEqual([
      [1, 'queued', undefined],
      [2, 'preparing', undefined],
      [3, 'preparing', undefined],
    ]);
    store.close();
  });

  it('upgrades a first-version database whose event details include a damaged one', async () => {
    await mkdir(path.dirname(dbFile), { recursive: true });
    const db = new Database(dbFile);
    db.exec(MIGRATIONS[0] as string);
    db.pragma('user_version = 1');
    db.exec(`
      INSERT INTO video_projects VALUES ('p', 'Harbour', 1);
      INSERT INTO video_shots VALUES ('s', 'p', 1, '');
      INSERT INTO video_rounds (id, shot_id, position, request_json, estimate_cents, state, created_at, updated_at)
        VALUES ('attached', 's', 1, '{"model":"m","content":[]}', 220, 'submitted', 1, 1),
               ('damaged', 's', 2, '{"model":"m","content":[]}', 220, 'queued', 1, 1);
      INSERT INTO job_events (job_id, kind, seq, state, at, detail_json)
        VALUES ('attached', 'video', 1, 'submitted', 1, '{"attached":true}'),
               ('damaged', 'video', 1, 'queued', 1, '{"estimateCents":');
    `);
    db.close();
    const store = JobStore.open(dbFile);
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    const promptUnknown = store.db
      .prepare('SELECT id, prompt_unknown FROM video_rounds ORDER BY position')
      .all();
    expect(promptUnknown).toEqual([
      { id: 'attached', prompt_unknown: 1 },
      { id: 'damaged', prompt_unknown: 0 },
    ]);
    store.close();
  });
});
