import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoEngine } from '../../../src-main/core/jobs/video/video-engine.ts';
import type { RoundOutputs } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { scaledClock } from '../../support/scaled-clock.ts';
import { startBareCore } from '../../support/test-core.ts';

const KEY = 'cf-demo-per-service-key-9';
let dir: string;
let sim: Simulator;
let transport: Transport;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-demo-per-service-'));
  sim = await startSimulator({ accounts: [{ key: KEY, balanceUsd: 50 }] });
  transport = createTransport({ timeoutMs: 5000 });
});

afterAll(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('demo mode is per service, and shown per service', () => {
  it('with only the watermark key set, says the video service is in demo and marks its rounds', async () => {
    const core = await startBareCore({ dataDir: path.join(dir, 'app'), name: 'demo-per-service' });
    const modes: unknown[] = [];
    core.subscribe((channel, payload) => {
      if (channel === 'app:mode') modes.push(payload);
    });
    try {
      expect(await core.handlers['app:info'](undefined)).toMatchObject({
        demoMode: true,
        demoServices: ['watermark', 'video'],
      });
      await core.handlers['settings:update']({ watermarkBaseUrl: sim.watermarkBaseUrl });
      expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
        true,
      );
      expect(modes.at(-1)).toEqual({ demoMode: false, demoServices: ['video'] });
      expect(await core.handlers['app:info'](undefined)).toMatchObject({
        demoMode: false,
        demoServices: ['video'],
      });

      const { shotId } = await core.handlers['video:createProject']({ name: 'Demo' });
      const { queued } = await core.handlers['video:queueRounds']({
        rounds: [
          {
            shotId,
            request: {
              model: 'videomodel-2-5',
              content: [{ type: 'text', text: 'gulls' }],
              duration: 5,
            },
          },
        ],
      });
      const roundId = queued[0]?.roundId ?? '';
      let view: VideoRoundView | undefined;
      while (!view?.submittedAt) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { projects } = await core.handlers['video:projects'](undefined);
        view = projects[0]?.shots[0]?.rounds.find((round) => round.id === roundId);
      }
      expect(view.demo).toBe(true);
      // A round on the simulator is never real spending, for the account panel or the cap.
      const account = await core.handlers['account:quota'](undefined);
      expect(account.spending).toMatchObject({ spentUsd: 0, inFlightUsd: 0, capUsd: null });
      await core.handlers['keys:clear']({ kind: 'watermark' });
    } finally {
      await core.stop();
    }
  });

  it('writes demo: true in the sidecar of a clip the simulator made, and demo: false otherwise', async () => {
    const clock = scaledClock(200);
    const fast = await startSimulator({
      now: () => clock.now(),
      accounts: [{ key: KEY, balanceUsd: 50 }],
      video: { pendingMs: 1000, processingMs: 5000, jitter: 0 },
    });
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
    let demo = true;
    const run = new VideoEngine({
      store,
      client: new VideoClient({ baseUrl: fast.videoBaseUrl, key: () => KEY, transport }),
      transport,
      poller: new Poller({ clock }),
      settings: () => DEFAULT_SETTINGS,
      defaultOutputDir: path.join(dir, 'videos'),
      demo: () => demo,
    });
    try {
      const shot = run.rounds.addShot(run.rounds.createProject('Sidecars'));
      const sidecarOf = async (prompt: string) => {
        const { roundId } = run.addRound(shot, {
          model: 'videomodel-2-5',
          content: [{ type: 'text', text: prompt }],
          duration: 4,
        });
        await run.whenIdle();
        const row = run.rounds.round(roundId);
        const outputs = JSON.parse(row?.outputs_json ?? '{}') as RoundOutputs;
        return JSON.parse(await readFile(outputs.sidecar, 'utf8')) as Record<string, unknown>;
      };
      expect(await sidecarOf('canned')).toMatchObject({ demo: true, chargedUsd: 0.88 });
      demo = false;
      expect(await sidecarOf('real')).toMatchObject({ demo: false });
      expect(run.rounds.spending()).toEqual({ spentCents: 88, inFlightCents: 0 });
    } finally {
      store.close();
      await fast.stop();
    }
  });
});
