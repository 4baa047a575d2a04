import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { AppCore } from '../../../src-main/core/app/app-core.ts';
import { simulatorDemo } from '../../../src-main/simulator/demo-backend.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { everyWatermarkJob } from '../../support/history.ts';

/**
 * The app core and the command line on one data folder at the same time: one of them runs
 * the queue, the other hands its jobs over (or waits), and nothing fails, is written twice
 * or is paid twice.
 */

const KEY = 'shared-folder-key-2025';
let root: string;
let sim: Simulator;
let core: AppCore | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-shared-folder-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 1000, balanceUsd: 500 }],
    watermark: { processingMs: 300, jitter: 0.3 },
    video: { pendingMs: 100, processingMs: 600, jitter: 0.2 },
  });
});

afterEach(async () => {
  await core?.stop();
  core = undefined;
});

afterAll(async () => {
  await sim.stop();
  await rm(root, { recursive: true, force: true });
});

async function photos(dir: string, names: string[], firstVariant: number): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  return Promise.all(
    names.map(async (name, i) => {
      const file = path.join(dir, name);
      await writeFile(file, await makePhoto(64, 48, 'png', firstVariant + i));
      return file;
    }),
  );
}

async function startCore(dataDir: string, out: string): Promise<AppCore> {
  const started = await AppCore.start({
    dataDir,
    app: { name: 'Clearframe', version: '0.0.0-test', platform: 'linux' },
    previewBase: 'clearframe-preview://local/',
    secrets: new KeychainStore(`Clearframe-shared-folder-${process.pid}`),
    env: { CLEARFRAME_WATERMARK_KEY: KEY, CLEARFRAME_VIDEO_KEY: KEY },
    demo: simulatorDemo(),
  });
  const updated = await started.handlers['settings:update']({
    watermarkBaseUrl: sim.watermarkBaseUrl,
    videoBaseUrl: sim.videoBaseUrl,
    outputFolder: out,
  });
  expect(updated.ok).toBe(true);
  return started;
}

async function settledCore(app: AppCore, images: number, rounds: number): Promise<void> {
  for (;;) {
    const jobs = await everyWatermarkJob(app);
    const { projects } = await app.handlers['video:projects'](undefined);
    const all = projects.flatMap((p) => p.shots.flatMap((s) => s.rounds));
    const settled = (state: string) =>
      ['done', 'failed', 'needs-attention', 'canceled'].includes(state);
    if (
      jobs.length === images &&
      all.length === rounds &&
      jobs.every((job) => settled(job.state)) &&
      all.every((round) => settled(round.state))
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function request(text: string): VideoGenerateRequest {
  return { model: 'videomodel-2-5', content: [{ type: 'text', text }], duration: 4 };
}

const count = (suffix: string) =>
  sim.requestLog().filter((entry) => entry.method === 'POST' && entry.path.endsWith(suffix)).length;

describe('the app and the command line on one data folder', () => {
  it('100 images and 5 rounds from both at once: none fails, none is written twice, none is paid twice', async () => {
    const dir = path.join(root, 'both');
    const dataDir = path.join(dir, 'data');
    const out = path.join(dir, 'out');
    const before = {
      submits: count(WATERMARK_PATHS.submit),
      generates: count(VIDEO_PATHS.generate),
    };
    const appImages = await photos(
      path.join(dir, 'app-in'),
      Array.from({ length: 50 }, (_, i) => `app-${i}.png`),
      0,
    );
    const cliImages = await photos(
      path.join(dir, 'cli-in'),
      Array.from({ length: 50 }, (_, i) => `cli-${i}.png`),
      50,
    );
    core = await startCore(dataDir, out);
    const app = core;
    const env = {
      CLEARFRAME_WATERMARK_KEY: KEY,
      CLEARFRAME_VIDEO_KEY: KEY,
      CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
      CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl,
    };

    const { shotId } = (await app.handlers['video:createProject']({ name: 'Harbour' })) as {
      shotId: string;
    };
    // Both sides at once: the app's own batch and rounds, and the command line's.
    const cliRemove = runCli(['remove', ...cliImages, '--out', out, '--data-dir', dataDir], {
      env,
    });
    await app.handlers['watermark:add']({ paths: appImages });
    await app.handlers['video:queueRounds']({
      rounds: ['dawn', 'noon', 'dusk'].map((text) => ({ shotId, request: request(text) })),
    });
    for (const text of ['rain', 'fog']) {
      const added = await runCli(
        ['video', 'add-round', shotId, '--prompt', text, '--duration', '4', '--data-dir', dataDir],
        { env },
      );
      expect(added.code, added.stderr).toBe(0);
    }
    const cliRun = runCli(['video', 'run', '--data-dir', dataDir], { env });
    const [removed, ran] = await Promise.all([cliRemove, cliRun]);
    await settledCore(app, 100, 5);

    expect(removed.stderr).toMatch(
      /the Clearframe app \(pid \d+, since .*\) holds this data folder/,
    );
    expect(removed.stdout).toContain('50 done, 0 failed.');
    expect(removed.code).toBe(0);
    expect(ran.stdout).toMatch(/(\d) of \1 rounds done/);
    expect(ran.code).toBe(0);

    const jobs = await everyWatermarkJob(app);
    expect(jobs.filter((job) => job.state !== 'done')).toEqual([]);
    const rounds = (await app.handlers['video:projects'](undefined)).projects.flatMap((p) =>
      p.shots.flatMap((s) => s.rounds),
    );
    expect(rounds.map((round) => round.state)).toEqual(Array(5).fill('done'));

    const written = (await readdir(out)).filter((name) => name.endsWith('.png'));
    expect(written).toHaveLength(100);
    expect(new Set(jobs.map((job) => job.outputPath)).size).toBe(100);
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
    expect(count(WATERMARK_PATHS.submit) - before.submits).toBe(100);
    expect(count(VIDEO_PATHS.generate) - before.generates).toBe(5);
  }, 240_000);

  it('the app started while the command line runs waits for the folder, says so, then runs its own jobs', async () => {
    const dir = path.join(root, 'cli-first');
    const dataDir = path.join(dir, 'data');
    const out = path.join(dir, 'out');
    const before = count(WATERMARK_PATHS.submit);
    const cliImages = await photos(
      path.join(dir, 'cli-in'),
      Array.from({ length: 30 }, (_, i) => `cli-${i}.png`),
      200,
    );
    const appImages = await photos(
      path.join(dir, 'app-in'),
      Array.from({ length: 20 }, (_, i) => `app-${i}.png`),
      300,
    );
    const env = {
      CLEARFRAME_WATERMARK_KEY: KEY,
      CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
    };
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const cliRemove = runCli(['remove', ...cliImages, '--out', out, '--data-dir', dataDir], {
      env,
      onStdout: () => started(),
    });
    // The first finished image proves the command line holds the folder and runs its engine.
    await running;
    core = await startCore(dataDir, out);
    const app = core;
    const notices = (await app.handlers['app:notices'](undefined)).notices;
    expect(notices.map((notice) => notice.message)).toEqual([
      expect.stringMatching(
        /^"clearframe remove" \(pid \d+, since .*\) is working in this data folder\. Jobs you add here wait/,
      ),
    ]);
    await app.handlers['watermark:add']({ paths: appImages });
    const removed = await cliRemove;
    expect(removed.stderr).toBe('');
    expect(
      removed.stdout.split('\n').filter((line) => /^\[\d+\/\d+\] (?!done)/.test(line)),
    ).toEqual([]);
    expect(removed.stdout).toContain('30 done, 0 failed.');
    await settledCore(app, 50, 0);

    const jobs = await everyWatermarkJob(app);
    expect(jobs.filter((job) => job.state !== 'done')).toEqual([]);
    expect((await readdir(out)).filter((name) => name.endsWith('.png'))).toHaveLength(50);
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
    expect(count(WATERMARK_PATHS.submit) - before).toBe(50);
  }, 180_000);
});
