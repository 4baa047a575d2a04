import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { VideoRounds, type RoundOutputs } from '../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator, type Simulator } from '../../src-main/simulator/server.ts';
import { runCli } from '../support/cli-process.ts';
import { makePhoto } from '../support/images.ts';
import { paidSubmissionsSentTwice } from '../support/paid-submissions.ts';
import { reportSection } from './report.ts';
import { FULL, filesUnder } from './world.ts';

const KEY = 'stress-crash-key';
const KILLS = FULL ? 50 : 10;
const IMAGES = FULL ? 200 : 40;
const ROUNDS = FULL ? 12 : 4;
let dir: string;
let sim: Simulator;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-stress-crash-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 100_000, balanceUsd: 10_000 }],
    watermark: { processingMs: 1500, jitter: 0.3 },
    video: { pendingMs: 200, processingMs: 1500, jitter: 0.3 },
  });
});

afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe(`the crash loop: ${KILLS} SIGKILLs of the engine process at seeded moments`, () => {
  it(
    'ends with every image and round finished once or waiting for the user, and nothing paid twice',
    async () => {
      const env = {
        CLEARFRAME_WATERMARK_KEY: KEY,
        CLEARFRAME_VIDEO_KEY: KEY,
        CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
        CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl,
      };
      const data = path.join(dir, 'data');
      const inputs = path.join(dir, 'in');
      const out = path.join(dir, 'out');
      await mkdir(inputs, { recursive: true });
      for (let i = 0; i < IMAGES; i += 1) {
        await writeFile(path.join(inputs, `img-${i}.png`), await makePhoto(40, 30, 'png', i));
      }
      const made = await runCli(['video', 'new', 'Crash loop', '--json', '--data-dir', data], {
        env,
      });
      const { projectId } = JSON.parse(made.stdout) as { projectId: string };
      for (let i = 0; i < ROUNDS; i += 1) {
        const added = await runCli(
          [
            'video',
            'add-round',
            projectId,
            '--prompt',
            `gulls, take ${i}`,
            '--duration',
            '4',
          ].concat(['--data-dir', data]),
          { env },
        );
        expect(added.code, added.stderr).toBe(0);
      }
      const removeArgs = ['remove', inputs, '--out', out, '--data-dir', data, '--concurrency', '6'];
      const videoArgs = ['video', 'run', '--out', out, '--concurrency', '4', '--data-dir', data];
      let seed = 20261122;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      let killed = 0;
      for (let kill = 0; kill < KILLS; kill += 1) {
        const run = await runCli(kill % 2 === 0 ? removeArgs : videoArgs, {
          env,
          killAfterMs: 200 + Math.floor(random() * 1500),
        });
        if (run.code === null) killed += 1;
      }
      for (const args of [removeArgs, videoArgs]) {
        const last = await runCli(args, { env });
        expect(last.code, last.stderr).not.toBeNull();
      }

      const store = JobStore.open(path.join(data, 'clearframe.sqlite'));
      try {
        expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
        const images = store.watermarks.inStates(['done', 'failed', 'canceled', 'needs-attention']);
        const rounds = new VideoRounds(store).roundsIn([
          'done',
          'failed',
          'canceled',
          'needs-attention',
        ]);
        const files = await filesUnder(out);
        const cleaned = files.filter((f) => /img-\d+-clean\.png$/.test(f));
        const clips = files.filter((f) => f.endsWith('.mp4'));
        const doneImages = images.filter((j) => j.state === 'done').length;
        const doneRounds = rounds.filter((r) => r.state === 'done').length;
        const paidTwice = paidSubmissionsSentTwice(sim.requestLog()).length;
        reportSection('crash-loop', [
          {
            kills: KILLS,
            'killed mid-run': killed,
            images: `${doneImages} done, ${images.length - doneImages} wait for the user, ${IMAGES - images.length} lost`,
            rounds: `${doneRounds} done, ${rounds.length - doneRounds} wait for the user, ${ROUNDS - rounds.length} lost`,
            'paid twice': paidTwice,
            'hidden or partial files': files.filter((f) => path.basename(f).startsWith('.')).length,
          },
        ]);
        // Every job is settled: none was left half-way or dropped.
        expect(images).toHaveLength(IMAGES);
        expect(rounds).toHaveLength(ROUNDS);
        expect(images.every((j) => j.state === 'done' || j.state === 'needs-attention')).toBe(true);
        expect(rounds.every((r) => r.state === 'done' || r.state === 'needs-attention')).toBe(true);
        // One output per finished job, no more.
        expect(cleaned).toHaveLength(doneImages);
        const clipsPerRound = rounds
          .filter((r) => r.state === 'done')
          .map((r) => (JSON.parse(r.outputs_json ?? '{}') as RoundOutputs).videos.length);
        expect(clips).toHaveLength(clipsPerRound.reduce((a, b) => a + b, 0));
        expect(paidTwice).toBe(0);
        expect(files.filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
      } finally {
        store.close();
      }
    },
    30 * 60_000,
  );
});
