import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../../src-shared/api/video.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { hashBody } from '../../../src-main/simulator/request-log.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';

const KEY = 'video-cli-key';
let root: string;
let data: string;
let sim: Simulator;
let env: Record<string, string>;

const generates = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));

async function newProject(name: string): Promise<string> {
  const made = await runCli(['video', 'new', name, '--json', '--data-dir', data], { env });
  expect(made.code).toBe(0);
  return (JSON.parse(made.stdout) as { projectId: string }).projectId;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-cli-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, balanceUsd: 100 }],
    video: { pendingMs: 100, processingMs: 300, jitter: 0.2 },
  });
  env = { CLEARFRAME_VIDEO_KEY: KEY, CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl };
});

beforeEach(async () => {
  data = await mkdtemp(path.join(root, 'data-'));
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await sim.stop();
  await rm(root, { recursive: true, force: true });
});

describe('clearframe video', () => {
  it('makes a project, queues rounds with their cost, runs them and reports status', async () => {
    const project = await newProject('Night harbour');
    const first = await runCli(
      [
        'video',
        'add-round',
        project,
        '--prompt',
        'boats at night',
        '--duration',
        '5',
        '--last-frame',
        '--data-dir',
        data,
      ],
      { env },
    );
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(
      /Queued round 1: .*\nCost: about 1\.10 USD \(5 s at 0\.22 USD\/s\)/,
    );
    const auto = await runCli(
      [
        'video',
        'add-round',
        project,
        '--prompt',
        'the same, adaptive',
        '--auto',
        '--video',
        'asset://demo-video-8s',
        '--json',
        '--data-dir',
        data,
      ],
      { env },
    );
    expect(JSON.parse(auto.stdout)).toMatchObject({
      position: 2,
      estimate: { usd: 6.6, seconds: 30, upperBound: true },
    });

    const out = path.join(data, 'out');
    const run = await runCli(['video', 'run', '--out', out, '--json', '--data-dir', data], { env });
    expect(run.code).toBe(0);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(2);
    expect(records.every((record) => record['state'] === 'done')).toBe(true);
    expect((await readdir(path.join(out, 'Night-harbour'))).sort()).toEqual([
      'shot-1-round-1-last-frame.png',
      'shot-1-round-1.json',
      'shot-1-round-1.mp4',
      'shot-1-round-2.json',
      'shot-1-round-2.mp4',
    ]);

    const status = await runCli(['video', 'status', project, '--data-dir', data], { env });
    expect(status.stdout).toMatch(/round 1 done\s+charged 1\.10 USD/);
    // The auto round is charged for the reference video's 8 s, not the 30 s bound.
    expect(status.stdout).toMatch(/round 2 done\s+charged 1\.76 USD/);
    expect(status.stdout).toMatch(/Spent 2\.86 USD; in flight 0\.00 USD; queued 0\.00 USD/);

    const jobs = await runCli(['jobs', '--json', '--data-dir', data], { env });
    expect(JSON.parse(jobs.stdout)).toMatchObject({ video: { done: 2 } });
  }, 60_000);

  it('refuses a round that breaks the rules, with what to fix, and queues nothing', async () => {
    const project = await newProject('Rules');
    const bad = await runCli(
      [
        'video',
        'add-round',
        project,
        '--prompt',
        'look at @image2',
        '--image',
        'asset://demo-image-landscape',
        '--data-dir',
        data,
      ],
      { env },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /The prompt names @image2, but the round has 1 image reference: add one, or change @image2.*Nothing was charged/,
    );
    const missing = await runCli(['video', 'add-round', project, '--data-dir', data], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--prompt is required/);
    const store = JobStore.open(path.join(data, 'clearframe.sqlite'));
    expect(new VideoRounds(store).roundsIn(['queued'])).toEqual([]);
    store.close();
  });

  it('stops a round over the budget cap before paying, and exits with the spending code', async () => {
    await writeFile(
      path.join(data, 'settings.json'),
      JSON.stringify({ version: 1, budgetCapUsd: 2 }),
    );
    const project = await newProject('Capped');
    const queued = await runCli(
      [
        'video',
        'add-round',
        project,
        '--prompt',
        'an expensive sunset',
        '--duration',
        '10',
        '--data-dir',
        data,
      ],
      { env },
    );
    expect(queued.stdout).toMatch(/over the budget cap of 2\.00 USD/);
    const before = generates().length;
    const run = await runCli(['video', 'run', '--data-dir', data], { env });
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/over your budget cap of 2\.00 USD.*Raise the cap in Settings/);
    expect(generates().length).toBe(before);
  });

  it('says how to set a key when none is set, and offers the demo', async () => {
    await newProject('No key');
    const run = await runCli(['video', 'run', '--data-dir', data], {
      env: { CLEARFRAME_VIDEO_KEY: '' },
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/No video API key is set\. Run "clearframe key set video".*--demo/);
  });
});

describe('clearframe key and balance', () => {
  it('tests a key before saving it, refuses a wrong one, and clears it', async () => {
    const keyEnv = { CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl, CLEARFRAME_VIDEO_KEY: '' };
    const wrong = await runCli(['key', 'set', 'video', '--data-dir', data], {
      env: keyEnv,
      input: 'not-the-right-key-123\n',
    });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/refused this video API key.*It was not saved/);
    const set = await runCli(['key', 'set', 'video', '--data-dir', data], {
      env: keyEnv,
      input: `${KEY}\n`,
    });
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(
      /The video API key works: \d+\.\d\d USD balance \(from 127\.0\.0\.1:\d+\)\. It was saved in the system keychain\./,
    );
    expect(set.stdout + set.stderr).not.toContain(KEY);

    const balance = await runCli(['balance', '--data-dir', data], { env: keyEnv });
    expect(balance.stdout).toMatch(/video: \d+\.\d\d USD balance \(from 127\.0\.0\.1:\d+\)/);
    const test = await runCli(['key', 'test', 'video', '--data-dir', data], { env: keyEnv });
    expect(test.code).toBe(0);
    const clear = await runCli(['key', 'clear', 'video', '--data-dir', data], { env: keyEnv });
    expect(clear.stdout).toMatch(/removed from the system keychain/);
    const after = await runCli(['key', 'test', 'video', '--data-dir', data], { env: keyEnv });
    expect(after.code).toBe(3);
  });
});

describe('clearframe video under SIGKILL', () => {
  it('killed at 20 seeded moments and restarted, sends no round twice and ends with one clip per round', async () => {
    const project = await newProject('Crash loop');
    const ROUNDS = 6;
    for (let i = 0; i < ROUNDS; i += 1) {
      const added = await runCli(
        [
          'video',
          'add-round',
          project,
          '--prompt',
          `gulls over the pier, take ${i}`,
          '--duration',
          '4',
          '--data-dir',
          data,
        ],
        { env },
      );
      expect(added.code).toBe(0);
    }
    const out = path.join(data, 'out');
    await mkdir(out);
    const args = ['video', 'run', '--out', out, '--concurrency', '3', '--data-dir', data];
    let seed = 20261122;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let kill = 0; kill < 20; kill += 1) {
      const run = await runCli(args, { env, killAfterMs: 200 + Math.floor(random() * 1200) });
      // Killed, or already finished: either way the next start carries on.
      expect([null, 0]).toContain(run.code);
    }
    const last = await runCli(args, { env });
    expect(last.code).not.toBeNull();

    const store = JobStore.open(path.join(data, 'clearframe.sqlite'));
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rounds = new VideoRounds(store);
    const tree = rounds.tree(project);
    const clips = (await readdir(path.join(out, 'Crash-loop'))).filter((f) => f.endsWith('.mp4'));
    for (const round of tree?.shots[0]?.rounds ?? []) {
      const sent = generates().filter((entry) => entry.bodyHash === hashBody(round.request_json));
      if (round.state === 'needs-attention') {
        expect(sent.length).toBeLessThanOrEqual(1);
      } else {
        expect(round.state).toBe('done');
        expect(sent).toHaveLength(1);
        expect(
          clips.filter((file) => file.startsWith(`shot-1-round-${round.position}.`)),
        ).toHaveLength(1);
      }
    }
    expect(tree?.shots[0]?.rounds).toHaveLength(ROUNDS);
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
    store.close();
  }, 180_000);
});
