import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import type { VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { startBareCore } from '../../support/test-core.ts';
import { TEST_ENV } from '../../support/test-env.ts';

const KEY = 'cf-video-desk-key-77';
let dir: string;
let sim: Simulator;

async function startCore(): Promise<AppCore> {
  const dataDir = path.join(dir, 'data');
  // Video tasks asked about every 0.5 to 1 s, as in the end-to-end harness: the simulator
  // finishes a clip in under two seconds, and the service's 5-10 s pace is not what is tested.
  const core = await startBareCore({ dataDir, name: 'video-desk', env: { ...TEST_ENV } });
  await core.handlers['settings:update']({
    videoBaseUrl: sim.videoBaseUrl,
    outputFolder: path.join(dir, 'out'),
  });
  return core;
}

function round(text: string, extra: Partial<VideoGenerateRequest> = {}): VideoGenerateRequest {
  return { model: 'videomodel-2-5', content: [{ type: 'text', text }], duration: 5, ...extra };
}

async function waitFor(core: AppCore, roundId: string, state: string): Promise<VideoRoundView> {
  for (let i = 0; i < 400; i += 1) {
    const { projects } = await core.handlers['video:projects'](undefined);
    const found = projects
      .flatMap((project) => project.shots.flatMap((shot) => shot.rounds))
      .find((view) => view.id === roundId);
    if (found?.state === state) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`round ${roundId} never reached ${state}`);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-desk-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, balanceUsd: 100 }],
    video: { pendingMs: 300, processingMs: 1500, jitter: 0.1 },
  });
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the video side of the app core', () => {
  describe('queues only rounds that pass every rule, runs them, extends, and resumes after a restart without resending', () => {
    let first: AppCore;
    let second: AppCore;
    let shotId: string;
    let lit: string;
    let done: VideoRoundView;
    const changes: VideoRoundView[] = [];

    it('answers a new project and shot as the tree shows them, and queues nothing of a batch with a broken round', async () => {
      first = await startCore();
      expect((await first.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
      first.subscribe((channel, payload) => {
        if (channel === 'video:changed')
          changes.push(...(payload as { rounds: VideoRoundView[] }).rounds);
      });
      const created = await first.handlers['video:createProject']({ name: 'Lighthouse' });
      shotId = created.shotId;
      // The answer carries the new project as the tree shows it, so no window reads the tree again.
      expect(created.project).toMatchObject({
        name: 'Lighthouse',
        shots: [{ id: shotId, position: 1, rounds: [] }],
      });
      const added = await first.handlers['video:addShot']({ projectId: created.projectId });
      expect(added.shot).toMatchObject({ id: added.shotId, position: 2, rounds: [] });
      await expect(
        first.handlers['video:queueRounds']({
          rounds: [
            { shotId, request: round('fine') },
            { shotId, request: round('too long', { duration: 45 }) },
          ],
        }),
      ).rejects.toThrow(/Make the duration 4 to 30 seconds.*45-second clip/);
      const before = (await first.handlers['video:projects'](undefined)).projects[0];
      expect(before?.shots[0]?.rounds).toEqual([]);
    });

    it('runs the rounds with their estimate, and a restart mid-generation resumes them by task id', async () => {
      const { queued } = (await first.handlers['video:queueRounds']({
        rounds: [
          { shotId, request: round('the beam sweeps the fog', { return_last_frame: true }) },
          { shotId, request: round('waves against the rocks') },
        ],
      })) as { queued: Array<{ roundId: string; estimate: { usd: number } }> };
      expect(queued.map((entry) => entry.estimate.usd)).toEqual([1.1, 1.1]);
      const [litId, waves] = queued.map((entry) => entry.roundId) as [string, string];
      lit = litId;
      await waitFor(first, lit, 'processing');

      // A restart in the middle of the generation: the new core resumes by task id.
      await first.stop();
      second = await startCore();
      done = await waitFor(second, lit, 'done');
      await waitFor(second, waves, 'done');
      expect(done).toMatchObject({
        chargedCents: 110,
        hasLastFrame: true,
        videos: ['shot-1-round-1.mp4'],
      });
      const video = await second.previewFile(`round/${lit}/video`);
      expect(video && (await stat(video)).size).toBeGreaterThan(1000);
      expect(await second.previewFile(`round/${lit}/last-frame`)).toMatch(/last-frame\.png$/);
    }, 60_000);

    it('extends from the last frame, and from the clip only through an uploaded asset', async () => {
      const next = (await second.handlers['video:extend']({
        roundId: lit,
        prompt: 'the light goes out',
        into: 'this-shot',
        from: 'last-frame',
      })) as {
        roundId: string;
      };
      const extended = await waitFor(second, next.roundId, 'done');
      expect(extended.request.content[1]).toMatchObject({ role: 'first_frame' });
      // The clip came back as a download link: extending the video itself needs its asset address.
      expect(done.videoAsset).toBeNull();
      await expect(
        Promise.resolve().then(() =>
          second.handlers['video:extend']({
            roundId: lit,
            prompt: 'continue @video1',
            into: 'this-shot',
            from: 'video',
          }),
        ),
      ).rejects.toThrow(
        /only as an uploaded asset.*Upload shot-1-round-1\.mp4.*asset:\/\/ address/,
      );
      const withAsset = await second.handlers['video:extend']({
        roundId: lit,
        prompt: 'continue @video1 as the fog lifts',
        into: 'new-shot',
        from: 'video',
        videoAsset: 'asset://demo-video-8s',
      });
      const continued = await waitFor(second, withAsset.roundId, 'done');
      expect(continued.request.content).toEqual([
        { type: 'text', text: 'continue @video1 as the fog lifts' },
        { type: 'video_url', video_url: { url: 'asset://demo-video-8s' }, role: 'reference_video' },
      ]);
      expect(continued.request.return_last_frame).toBe(true);
    }, 60_000);

    it('sent each round once, and told the window of every move', async () => {
      const generates = sim
        .requestLog()
        .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));
      expect(generates.filter((entry) => entry.status === 200)).toHaveLength(4);
      expect(changes.some((view) => view.id === lit && view.state === 'processing')).toBe(true);
      await second.handlers['keys:clear']({ kind: 'video' });
      await second.stop();
    });
  });

  it('takes a picture on this computer as a reference image, inline, held to the service rules first', async () => {
    const core = await startCore();
    expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3a6' } });
    const tiff = path.join(dir, 'harbour.tif');
    await picture(640, 360).tiff().toFile(tiff);
    const tiny = path.join(dir, 'tiny.png');
    await picture(200, 200).png().toFile(tiny);
    const text = path.join(dir, 'notes.png');
    await writeFile(text, 'not a picture');
    await expect(core.video.referenceImage(tiny)).rejects.toThrow(
      /^tiny\.png: A reference image needs 300 to 6000 pixels on each side; this one is 200×200\. Resize it/,
    );
    await expect(core.video.referenceImage(text)).rejects.toThrow(
      'notes.png cannot be read as a picture. Choose a JPEG, PNG or WebP file.',
    );
    // A TIFF goes as PNG: the service takes it, a data address names only JPEG, PNG or WebP.
    const chosen = await core.video.referenceImage(tiff);
    expect(chosen).toMatchObject({ name: 'harbour.tif', width: 640, height: 360 });
    expect(chosen.url).toMatch(/^data:image\/png;base64,/);

    const before = sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));
    const { shotId } = await core.handlers['video:createProject']({ name: 'Inline' });
    const image = {
      type: 'image_url' as const,
      image_url: { url: chosen.url },
      role: 'first_frame' as const,
    };
    const { queued } = await core.handlers['video:queueRounds']({
      rounds: [
        {
          shotId,
          request: round('the harbour from @image1', {
            content: [{ type: 'text', text: 'the harbour from @image1' }, image],
          }),
        },
      ],
    });
    const done = await waitFor(core, queued[0]?.roundId ?? '', 'done');
    expect(done.request.content[1]).toEqual(image);
    const after = sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));
    expect(after.length - before.length).toBe(1);
    await core.handlers['keys:clear']({ kind: 'video' });
    await core.stop();
  });
});
