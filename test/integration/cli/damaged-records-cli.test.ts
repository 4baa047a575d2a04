import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { advance, damage, failBeforeSending } from '../../support/stored-rows.ts';

const KEY = 'damaged-cli-key';
let root: string;
let dir: string;
let sim: Simulator;
let env: Record<string, string>;

const data = () => path.join(dir, 'data');
const dbFile = () => path.join(data(), 'clearframe.sqlite');
const requestsTo = (suffix: string) =>
  sim.requestLog().filter((entry) => entry.path.endsWith(suffix)).length;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-damaged-cli-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 100, balanceUsd: 100 }],
    watermark: { processingMs: 100, jitter: 0.2 },
  });
  env = {
    CLEARFRAME_WATERMARK_KEY: KEY,
    CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
    CLEARFRAME_VIDEO_KEY: KEY,
    CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl,
  };
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(root, 'run-'));
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await sim.stop();
  await rm(root, { recursive: true, force: true });
});

describe('the command line on a database with damaged rows', () => {
  it('remove says which image is damaged and how to go on, cleans the rest, and --force adds it anew', async () => {
    const damaged = path.join(dir, 'harbour.png');
    const fine = path.join(dir, 'pier.png');
    await writeFile(damaged, await makePhoto(48, 32, 'png', 1));
    await writeFile(fine, await makePhoto(48, 32, 'png', 2));
    const store = JobStore.open(dbFile());
    const [id = ''] = store.addWatermarkJobs([{ inputPath: damaged }]);
    store.close();
    damage(dbFile(), 'watermark_jobs', 'options_json', id, '{"root": ');

    const remove = (...args: string[]) =>
      runCli(['remove', ...args, '--out', path.join(dir, 'out'), '--data-dir', data()], { env });
    const first = await remove(damaged, fine);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(
      /needs-attention +harbour\.png: Clearframe's record of this image is damaged: its options_json is not valid JSON .*--force adds it again as a new job \(1 credit\)\./,
    );
    expect(first.stdout).toContain('1 done, 0 failed, 1 need your decision');
    expect(requestsTo(WATERMARK_PATHS.submit)).toBe(1);

    const forced = await remove(damaged, '--force');
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('1 done, 0 failed.');
    expect(requestsTo(WATERMARK_PATHS.submit)).toBe(2);
  });

  it('video status lists every round, a damaged one with what is damaged', async () => {
    const store = JobStore.open(dbFile());
    const rounds = new VideoRounds(store);
    const project = rounds.createProject('Harbour');
    const shot = rounds.addShot(project);
    const request = { model: 'videomodel-2-5', content: [{ type: 'text' as const, text: 'x' }] };
    const done = rounds.addRound(shot, request, 110);
    const failed = rounds.addRound(shot, request, 110);
    advance(store, 'video', done, 'done', 't1', {
      outputs: { videos: ['/out/a.mp4'], sidecar: '/out/a.json' },
      chargedCents: 110,
    });
    failBeforeSending(store, 'video', failed);
    store.close();
    damage(dbFile(), 'video_rounds', 'outputs_json', done, '{"videos": [1]}');
    damage(dbFile(), 'video_rounds', 'error_json', failed, 'It failed.');

    const listed = await runCli(['video', 'status', '--data-dir', data()], { env });
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /round 1 done .*: Clearframe's record of this round is damaged: its outputs_json does not hold what Clearframe writes there \(videos\.0: /,
    );
    expect(listed.stdout).toMatch(/round 2 failed .*: .*its error_json is not valid JSON/);
    const json = await runCli(['video', 'status', '--json', '--data-dir', data()], { env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ projects: [{ name: 'Harbour' }] });
  });

  it('video run fails a round whose request is damaged, unpaid, and says so', async () => {
    const store = JobStore.open(dbFile());
    const rounds = new VideoRounds(store);
    const shot = rounds.addShot(rounds.createProject('Harbour'));
    const id = rounds.addRound(
      shot,
      { model: 'videomodel-2-5', content: [{ type: 'text', text: 'x' }] },
      110,
    );
    store.close();
    damage(dbFile(), 'video_rounds', 'request_json', id, '{"model": 7, "content": []}');

    const run = await runCli(['video', 'run', '--data-dir', data()], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /round 1 failed .*: Clearframe's record of this round is damaged: its request_json does not hold what Clearframe writes there \(model: /,
    );
    expect(run.stdout).toContain('0 of 1 rounds done, 0.00 USD charged.');
    expect(requestsTo(VIDEO_PATHS.generate)).toBe(0);
  });
});
