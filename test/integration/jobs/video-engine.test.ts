import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import { VideoClient } from '../../../src-main/core/api/video-client.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { RoundRequestError, VideoEngine } from '../../../src-main/core/jobs/video/video-engine.ts';
import type { RoundOutputs } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { scaledClock } from '../../support/scaled-clock.ts';

const KEY = 'video-engine-key';
const MODEL = 'videomodel-2-5';
// Simulated time runs 200 times faster: a 5-10 s poll interval takes 25-50 ms.
const clock = scaledClock(200);
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let take = 0;

function engine(store: JobStore): VideoEngine {
  return new VideoEngine({
    store,
    client: new VideoClient({
      baseUrl: sim.videoBaseUrl,
      key: () => KEY,
      transport,
      retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
    }),
    transport,
    poller: new Poller({ clock }),
    settings: () => settings,
    defaultOutputDir: path.join(dir, 'videos'),
  });
}

/** A valid request with a prompt of its own, so identical bodies never look like a resend. */
function request(extra: Partial<VideoGenerateRequest> = {}): VideoGenerateRequest {
  take += 1;
  return {
    model: MODEL,
    content: [{ type: 'text', text: `A lighthouse at dusk, take ${take}` }],
    duration: 10,
    ...extra,
  };
}

const generates = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));

function openStore(): JobStore {
  return JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
}

function newShot(run: VideoEngine, name = 'Harbour'): string {
  return run.rounds.addShot(run.rounds.createProject(name), 'opening');
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-engine-'));
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [
      { key: KEY, balanceUsd: 200 },
      { key: 'poor-key', balanceUsd: 1 },
    ],
    video: { pendingMs: 3000, processingMs: 30_000, jitter: 0.2 },
    faults: { retryAfterSeconds: 0 },
  });
  transport = createTransport({ timeoutMs: 5000 });
  settings = { ...DEFAULT_SETTINGS, concurrency: { watermark: 4, video: 3 } };
});

afterEach(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('video engine', () => {
  it('runs rounds to clips with a sidecar, records the charge, and extends from the last frame', async () => {
    const store = openStore();
    const run = engine(store);
    const shot = newShot(run, 'Harbour at dusk');
    const { roundId, estimate } = run.addRound(shot, request({ return_last_frame: true }));
    expect(estimate).toMatchObject({ usd: 2.2, cents: 220, seconds: 10, upperBound: false });
    await run.whenIdle();

    const round = run.rounds.round(roundId);
    expect(round).toMatchObject({ state: 'done', charged_cents: 220 });
    const outputs = JSON.parse(round?.outputs_json ?? '{}') as RoundOutputs;
    const folder = path.join(dir, 'videos', 'Harbour-at-dusk');
    expect(outputs.videos).toEqual([path.join(folder, 'shot-1-round-1.mp4')]);
    expect((await stat(outputs.videos[0]!)).size).toBeGreaterThan(1000);
    expect(round?.last_frame_path).toBe(path.join(folder, 'shot-1-round-1-last-frame.png'));
    const sidecar = JSON.parse(await readFile(outputs.sidecar, 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      source: 'Clearframe',
      project: 'Harbour at dusk',
      taskId: round?.remote_task_id,
      model: MODEL,
      prompt: [expect.stringMatching(/lighthouse/)],
      estimateUsd: 2.2,
      chargedUsd: 2.2,
      videos: ['shot-1-round-1.mp4'],
    });

    const next = await run.extendFromLastFrame(roundId, 'The light turns on');
    const nextRequest = JSON.parse(
      run.rounds.round(next.roundId)?.request_json ?? '{}',
    ) as VideoGenerateRequest;
    expect(nextRequest.content[1]).toEqual({
      type: 'image_url',
      image_url: { url: outputs.lastFrameUrl },
      role: 'first_frame',
    });
    expect(nextRequest).toMatchObject({ return_last_frame: true, duration: 10 });
    await run.whenIdle();
    expect(run.rounds.round(next.roundId)).toMatchObject({ state: 'done', position: 2 });
    expect(await readdir(folder)).toContain('shot-1-round-2.mp4');
    expect(generates()).toHaveLength(2);
    store.close();
  });

  it('puts a continuation in a new shot right after the clip, so the film holds both', async () => {
    const store = openStore();
    const run = engine(store);
    const project = run.rounds.createProject('Quay');
    const opening = run.rounds.addShot(project, 'opening');
    run.rounds.addShot(project, 'closing');
    const { roundId } = run.addRound(opening, request({ return_last_frame: true }));
    await run.whenIdle();

    const next = await run.extendFromLastFrame(roundId, 'The gulls rise', undefined, 'new-shot');
    const shots = () => run.rounds.tree(project)?.shots ?? [];
    expect(shots().map((shot) => [shot.title, shot.position, shot.rounds.length])).toEqual([
      ['opening', 1, 1],
      ['', 2, 1],
      ['closing', 3, 0],
    ]);
    expect(shots()[1]?.rounds[0]).toMatchObject({ id: next.roundId, position: 1 });
    // The clip stays its shot's only round, so its take; the continuation is the next shot's.
    expect(shots()[0]?.rounds.map((round) => round.id)).toEqual([roundId]);
    // A continuation the rules refuse leaves no empty shot behind.
    expect(() =>
      run.extendVideo(roundId, 'on @video1', 'https://example.com/a.mp4', 'new-shot'),
    ).toThrow(RoundRequestError);
    expect(shots()).toHaveLength(3);
    await run.whenIdle();
    expect(run.rounds.round(next.roundId)?.state).toBe('done');
    expect(generates()).toHaveLength(2);
    store.close();
  });

  it('refuses to extend a round that kept no last frame, saying what to do', async () => {
    const store = openStore();
    const run = engine(store);
    const { roundId } = run.addRound(newShot(run), request());
    await run.whenIdle();
    await expect(run.extendFromLastFrame(roundId, 'more')).rejects.toThrow(
      /without "return last frame"/,
    );
    store.close();
  });

  it('extends a round the service kept no last frame for from the frame the window took from its clip', async () => {
    const store = openStore();
    const run = engine(store);
    const { roundId } = run.addRound(newShot(run), request());
    await run.whenIdle();
    const outputs = JSON.parse(run.rounds.round(roundId)?.outputs_json ?? '{}') as RoundOutputs;
    const clip = outputs.videos[0] ?? '';
    const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(clip) });
    const track = await input.getPrimaryVideoTrack();
    const size = { width: track?.displayWidth ?? 0, height: track?.displayHeight ?? 0 };
    input.dispose();
    const frameOf = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer();

    await expect(
      run.extendFromLastFrame(roundId, 'more', Buffer.from('not a picture')),
    ).rejects.toThrow(/not an image Clearframe can read: play the clip once, then extend it again/);
    await expect(run.extendFromLastFrame(roundId, 'more', await frameOf(10, 10))).rejects.toThrow(
      `The frame taken from the clip is 10×10, the clip ${size.width}×${size.height}: extend it again.`,
    );
    expect(generates()).toHaveLength(1);

    // A file of the user's with the frame's name is kept as it is: the frame takes the next name.
    const folder = path.dirname(clip);
    const theirs = path.join(folder, 'shot-1-round-1-last-frame.png');
    await writeFile(theirs, 'mine');
    const next = await run.extendFromLastFrame(
      roundId,
      'The light turns on',
      await frameOf(size.width, size.height),
    );
    expect(await readFile(theirs, 'utf8')).toBe('mine');
    const kept = run.rounds.round(roundId)?.last_frame_path;
    expect(kept).toBe(path.join(folder, 'shot-1-round-1-last-frame-1.png'));
    expect(await sharp(kept ?? '').metadata()).toMatchObject(size);
    const sent = JSON.parse(run.rounds.round(next.roundId)?.request_json ?? '{}') as {
      content: { image_url?: { url: string }; role?: string }[];
    };
    expect(sent.content[1]?.role).toBe('first_frame');
    expect(sent.content[1]?.image_url?.url).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);

    // Later continuations start from the kept frame; one the window takes again is not kept twice.
    const again = await run.extendFromLastFrame(
      roundId,
      'The light turns off',
      await frameOf(size.width, size.height),
    );
    expect((await readdir(folder)).filter((name) => name.includes('last-frame'))).toHaveLength(2);
    // A kept frame deleted since is taken again from the clip.
    await rm(kept ?? '');
    const third = await run.extendFromLastFrame(
      roundId,
      'The gull flies off',
      await frameOf(size.width, size.height),
    );
    expect(await sharp(kept ?? '').metadata()).toMatchObject(size);
    await run.whenIdle();
    for (const made of [next, again, third]) {
      expect(run.rounds.round(made.roundId)?.state).toBe('done');
    }
    expect(generates()).toHaveLength(4);
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
    store.close();
  });

  it('blocks a round that would pass the budget cap, counting rounds in flight, before paying', async () => {
    settings = { ...settings, budgetCapUsd: 5 };
    const store = openStore();
    const run = engine(store);
    const shot = newShot(run);
    const ids = [1, 2, 3].map(() => run.addRound(shot, request()).roundId);
    await run.whenIdle();
    const states = ids.map((id) => run.rounds.round(id)?.state);
    expect(states.filter((s) => s === 'done')).toHaveLength(2);
    const blocked = ids.map((id) => run.rounds.round(id)).find((r) => r?.state === 'failed');
    expect(JSON.parse(blocked?.error_json ?? '{}')).toMatchObject({
      code: 'SpendingRefusedError',
      message: expect.stringMatching(
        /would take video spending to 6\.60 USD, over your budget cap of 5\.00 USD.*Raise the cap in Settings/,
      ),
    });
    expect(generates()).toHaveLength(2);

    settings = { ...settings, budgetCapUsd: 10 };
    run.retry([blocked!.id]);
    await run.whenIdle();
    expect(run.rounds.round(blocked!.id)).toMatchObject({ state: 'done', attempt: 2 });
    expect(run.rounds.spending()).toEqual({ spentCents: 660, inFlightCents: 0 });
    store.close();
  });

  it('checks the balance before a paid submit and sends nothing it cannot cover', async () => {
    const store = openStore();
    const run = new VideoEngine({
      store,
      client: new VideoClient({ baseUrl: sim.videoBaseUrl, key: () => 'poor-key', transport }),
      transport,
      poller: new Poller({ clock }),
      settings: () => settings,
      defaultOutputDir: path.join(dir, 'videos'),
    });
    const { roundId } = run.addRound(newShot(run), request());
    await run.whenIdle();
    expect(JSON.parse(run.rounds.round(roundId)?.error_json ?? '{}')).toMatchObject({
      message: expect.stringMatching(
        /balance is 1\.00 USD; this round needs about 2\.20 USD\. Top up/,
      ),
    });
    expect(generates()).toHaveLength(0);
    store.close();
  });

  it('refuses a request that breaks the rules when it is added, storing nothing', () => {
    const store = openStore();
    const run = engine(store);
    const shot = newShot(run);
    expect(() =>
      run.addRound(shot, request({ content: [{ type: 'text', text: 'see @image2' }] })),
    ).toThrow(RoundRequestError);
    expect(() => run.addRound(shot, request({ duration: 45 }))).toThrow(
      /Make the duration 4 to 30 seconds: .* does not make a 45-second clip.*Nothing was charged/,
    );
    expect(run.rounds.roundsIn(['queued'])).toHaveLength(0);
    store.close();
  });

  it('a new engine on the same database resumes rounds by task id without sending any again', async () => {
    const store = openStore();
    const runA = engine(store);
    const shot = newShot(runA);
    const ids = [1, 2, 3, 4].map(() => runA.addRound(shot, request()).roundId);
    while (runA.rounds.roundsIn(['processing']).length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    runA.stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    store.close();

    const reopened = openStore();
    const runB = engine(reopened);
    runB.recover();
    await runB.whenIdle();
    expect(ids.map((id) => runB.rounds.round(id)?.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(generates()).toHaveLength(4);
    reopened.close();
  });

  it('finds a round on the service list when the reply to its submission was lost', async () => {
    const store = openStore();
    const run = engine(store);
    sim.setFaults({ rates: { reset: 1 }, onlyPaths: [VIDEO_PATHS.generate] });
    const { roundId } = run.addRound(newShot(run), request());
    while (run.rounds.round(roundId)?.state !== 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sim.setFaults({ rates: {} });
    await run.whenIdle();
    expect(run.rounds.round(roundId)?.state).toBe('done');
    expect(store.events(roundId).map((e) => e.state)).toContain('submitted');
    expect(store.events(roundId).find((e) => e.state === 'submitted')?.detail).toEqual({
      reconciled: true,
    });
    expect(generates()).toHaveLength(1);
    store.close();
  });

  it('after a crash mid-submission with nothing on the service, asks the user instead of resending', async () => {
    const store = openStore();
    const run = engine(store);
    run.pause();
    const { roundId } = run.addRound(newShot(run), request());
    store.transition('video', roundId, 'preparing');
    store.transition('video', roundId, 'submitting');
    const next = engine(store);
    next.recover();
    await next.whenIdle();
    expect(run.rounds.round(roundId)?.state).toBe('needs-attention');
    expect(JSON.parse(run.rounds.round(roundId)?.error_json ?? '{}')).toMatchObject({
      message: expect.stringMatching(/may or may not have been charged.*send it again or cancel/),
    });
    expect(generates()).toHaveLength(0);
    // Retry never sends what may already be paid for; Send again, the user's word, does.
    expect(next.retry([roundId])).toBe(0);
    expect(run.rounds.round(roundId)?.state).toBe('needs-attention');
    expect(next.sendAgain([roundId])).toBe(1);
    await next.whenIdle();
    expect(run.rounds.round(roundId)).toMatchObject({ state: 'done', attempt: 2 });
    store.close();
  });

  it('cancels a running round with a warning that it may still be billed, and retries it', async () => {
    const store = openStore();
    const run = engine(store);
    const { roundId } = run.addRound(newShot(run), request());
    while (run.rounds.round(roundId)?.state !== 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    run.cancel([roundId]);
    await run.whenIdle();
    expect(run.rounds.round(roundId)?.state).toBe('canceled');
    expect(store.events(roundId).at(-1)?.detail).toMatchObject({
      note: expect.stringMatching(/may still finish this round and charge/),
    });
    store.close();
  });
});
