import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { takeOf } from '../../../src-shared/domain/film-takes.ts';
import type { VideoProjectView, VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { startBareCore } from '../../support/test-core.ts';
import { TEST_ENV } from '../../support/test-env.ts';

const KEY = 'cf-video-arrangement-key-31';
let dir: string;
let sim: Simulator;

async function startCore(): Promise<AppCore> {
  // Video tasks asked about every 0.5 to 1 s, as in the end-to-end harness (TEST_ENV).
  const core = await startBareCore({
    dataDir: path.join(dir, 'data'),
    name: 'video-arrange',
    env: { ...TEST_ENV },
  });
  await core.handlers['settings:update']({
    videoBaseUrl: sim.videoBaseUrl,
    outputFolder: path.join(dir, 'out'),
  });
  return core;
}

function round(text: string): VideoGenerateRequest {
  return { model: 'videomodel-2-5', content: [{ type: 'text', text }], duration: 4 };
}

/** Resolves when every one of `ids` has been reported in `state`. */
function reported(core: AppCore, ids: readonly string[], state: string): Promise<void> {
  const waiting = new Set(ids);
  return new Promise((resolve) => {
    const stop = core.subscribe((channel, payload) => {
      if (channel !== 'video:changed') return;
      for (const view of (payload as { rounds: VideoRoundView[] }).rounds) {
        if (view.state === state) waiting.delete(view.id);
      }
      if (waiting.size === 0) {
        stop();
        resolve();
      }
    });
  });
}

const names = (projects: readonly VideoProjectView[]) => projects.map((project) => project.name);
const spent = async (core: AppCore) =>
  (await core.handlers['account:quota'](undefined)).spending.spentUsd;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-arrange-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, balanceUsd: 100 }],
    video: { pendingMs: 100, processingMs: 300, jitter: 0.1 },
  });
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('arranging video projects', () => {
  it('renames, reorders, chooses takes and removes, and all of it survives a restart', async () => {
    const core = await startCore();
    expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
    const harbour = await core.handlers['video:createProject']({ name: 'Harbour' });
    await core.handlers['video:createProject']({ name: 'Dunes' });
    const forest = await core.handlers['video:createProject']({ name: 'Forest' });
    let { projects } = await core.handlers['video:move']({
      kind: 'project',
      id: forest.projectId,
      by: -1,
    });
    expect(names(projects)).toEqual(['Harbour', 'Forest', 'Dunes']);
    // Moving the first one up changes nothing, and says nothing is wrong.
    ({ projects } = await core.handlers['video:move']({
      kind: 'project',
      id: harbour.projectId,
      by: -1,
    }));
    expect(names(projects)).toEqual(['Harbour', 'Forest', 'Dunes']);
    ({ projects } = await core.handlers['video:renameProject']({
      projectId: forest.projectId,
      name: '  Pine forest ',
    }));
    expect(names(projects)).toEqual(['Harbour', 'Pine forest', 'Dunes']);

    const shot1 = harbour.shotId;
    const shot2 = (await core.handlers['video:addShot']({ projectId: harbour.projectId })).shotId;
    const shot3 = (await core.handlers['video:addShot']({ projectId: harbour.projectId })).shotId;
    const { queued } = await core.handlers['video:queueRounds']({
      rounds: [
        { shotId: shot1, request: round('first take') },
        { shotId: shot1, request: round('second take') },
        { shotId: shot2, request: round('the wall') },
      ],
    });
    const ids = queued.map((item) => item.roundId);
    await reported(core, ids, 'done');
    const [take1, take2, wall] = ids as [string, string, string];

    ({ projects } = await core.handlers['video:projects'](undefined));
    const shotOne = projects[0]?.shots[0];
    // By default the newest take with a clip is the shot's.
    expect(shotOne && takeOf(shotOne)?.id).toBe(take2);
    ({ projects } = await core.handlers['video:chooseTake']({ shotId: shot1, roundId: take1 }));
    expect(projects[0]?.shots[0]?.chosenTakeId).toBe(take1);
    expect(projects[0]?.shots[0] && takeOf(projects[0].shots[0])?.id).toBe(take1);
    await expect(async () =>
      core.handlers['video:chooseTake']({ shotId: shot1, roundId: wall }),
    ).rejects.toThrow('That round is not one of this shot’s.');

    // Shot 2 moves before shot 1; the empty shot 3 goes, and what is left is numbered again.
    await core.handlers['video:move']({ kind: 'shot', id: shot2, by: -1 });
    ({ projects } = await core.handlers['video:remove']({ kind: 'shot', id: shot3 }));
    expect(projects[0]?.shots.map((shot) => [shot.id, shot.position])).toEqual([
      [shot2, 1],
      [shot1, 2],
    ]);

    // Removing a finished round keeps what it cost in the spending.
    const before = await spent(core);
    expect(before).toBeGreaterThan(0);
    ({ projects } = await core.handlers['video:remove']({ kind: 'round', id: take2 }));
    expect(projects[0]?.shots[1]?.rounds.map((view) => view.id)).toEqual([take1]);
    expect(await spent(core)).toBe(before);

    // A round waiting in the queue holds the project: it is cancelled first, then removed.
    const waiting = (
      await core.handlers['video:queueRounds']({
        rounds: [{ shotId: forest.shotId, request: round('pines at dawn') }],
      })
    ).queued[0]?.roundId as string;
    await expect(async () =>
      core.handlers['video:remove']({ kind: 'project', id: forest.projectId }),
    ).rejects.toThrow(
      'A round of this project is still waiting, running or waiting for your decision: cancel it or let it finish, then remove the project.',
    );
    await reported(core, [waiting], 'done');
    ({ projects } = await core.handlers['video:remove']({ kind: 'project', id: forest.projectId }));
    expect(names(projects)).toEqual(['Harbour', 'Dunes']);
    const spentAfter = await spent(core);
    await core.stop();

    const again = await startCore();
    try {
      ({ projects } = await again.handlers['video:projects'](undefined));
      expect(names(projects)).toEqual(['Harbour', 'Dunes']);
      expect(projects[0]?.shots.map((shot) => shot.id)).toEqual([shot2, shot1]);
      expect(projects[0]?.shots[1]?.chosenTakeId).toBe(take1);
      expect(await spent(again)).toBe(spentAfter);
      await expect(async () =>
        again.handlers['video:addShot']({ projectId: forest.projectId }),
      ).rejects.toThrow('That project no longer exists.');
    } finally {
      await again.stop();
    }
  }, 120_000);
});
