import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  videoRoundViewSchema,
  watermarkJobViewSchema,
  type VideoRoundView,
  type WatermarkJobView,
} from '../../../src-shared/ipc/contract.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { advance, damage, failBeforeSending } from '../../support/stored-rows.ts';
import { startBareCore } from '../../support/test-core.ts';
import { everyWatermarkJob } from '../../support/history.ts';

let dir: string;
let dbFile: string;
let core: AppCore | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-damaged-rows-'));
  dbFile = path.join(dir, 'data', 'clearframe.sqlite');
});

afterEach(async () => {
  await core?.stop();
  core = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('the lists of an app whose database holds damaged rows', () => {
  it('still load, every row in them, each damaged one saying what is damaged', async () => {
    const store = JobStore.open(dbFile);
    const [done = '', failed = '', shapeless = '', older = '', queued = ''] =
      store.addWatermarkJobs(
        ['done', 'failed', 'shapeless', 'older', 'queued'].map((name) => ({
          inputPath: path.join(dir, `${name}.png`),
          options: { bytes: 1200 },
        })),
      );
    advance(store, 'watermark', done, 'done', 'task-1');
    for (const id of [failed, shapeless, older]) failBeforeSending(store, 'watermark', id);
    const rounds = new VideoRounds(store);
    const shot = rounds.addShot(rounds.createProject('Harbour'));
    const request = { model: 'videomodel-2-5', content: [{ type: 'text' as const, text: 'x' }] };
    const [clip, lost, oldClip] = [1, 2, 3].map(() => rounds.addRound(shot, request, 110)) as [
      string,
      string,
      string,
    ];
    for (const id of [clip, oldClip]) {
      advance(store, 'video', id, 'done', `task-${id}`, {
        outputs: { videos: [`/out/${id}.mp4`], sidecar: `/out/${id}.json` },
      });
    }
    failBeforeSending(store, 'video', lost);
    store.close();

    damage(dbFile, 'watermark_jobs', 'options_json', done, '{"bytes": 1200');
    damage(dbFile, 'watermark_jobs', 'error_json', failed, 'It failed.');
    damage(dbFile, 'watermark_jobs', 'error_json', shapeless, '{"message": 5}');
    damage(dbFile, 'watermark_jobs', 'options_json', queued, '["not", "options"]');
    // As an earlier version left them: options with only what applied, an error with more.
    damage(dbFile, 'watermark_jobs', 'options_json', older, '{}');
    damage(dbFile, 'watermark_jobs', 'error_json', older, '{"code":"x","message":"Old.","at":1}');
    damage(dbFile, 'video_rounds', 'outputs_json', clip, '{"videos": "clip.mp4"}');
    damage(dbFile, 'video_rounds', 'request_json', lost, '{"model": ');
    damage(
      dbFile,
      'video_rounds',
      'outputs_json',
      oldClip,
      '{"videos":["/out/old.mp4"],"sidecar":"/s"}',
    );

    const started = await startBareCore({ dataDir: path.dirname(dbFile), name: 'damaged-rows' });
    core = started;
    // The engine met the queued job's damage on start and set it aside for the user.
    let jobs: WatermarkJobView[] = [];
    await expect
      .poll(async () => {
        jobs = await everyWatermarkJob(started);
        return jobs.find((job) => job.id === queued)?.state;
      })
      .toBe('needs-attention');
    const byId = new Map(jobs.map((job) => [job.id, watermarkJobViewSchema.parse(job)]));
    expect(byId.size).toBe(5);
    expect(byId.get(done)).toMatchObject({
      state: 'done',
      bytes: null,
      error: {
        code: 'damaged-record',
        message: expect.stringMatching(/its options_json is not valid JSON/),
      },
    });
    expect(byId.get(failed)?.error?.message).toMatch(/its error_json is not valid JSON/);
    expect(byId.get(shapeless)?.error?.message).toMatch(/its error_json does not hold/);
    expect(byId.get(queued)?.error?.message).toMatch(/its options_json does not hold/);
    expect(byId.get(older)).toMatchObject({ bytes: null, error: { code: 'x', message: 'Old.' } });

    const { projects } = (await core.handlers['video:projects'](undefined)) ?? { projects: [] };
    const views = new Map<string, VideoRoundView>(
      projects
        .flatMap((project) => project.shots.flatMap((s) => s.rounds))
        .map((view) => [view.id, videoRoundViewSchema.parse(view)]),
    );
    expect(views.size).toBe(3);
    expect(views.get(clip)).toMatchObject({
      state: 'done',
      videos: [],
      error: { message: expect.stringMatching(/its outputs_json does not hold/) },
    });
    // A round whose request is lost shows as one whose prompt is not known: never paid again.
    expect(views.get(lost)).toMatchObject({
      promptUnknown: true,
      error: {
        code: 'x',
        message: expect.stringMatching(/^It failed\. .*its request_json is not valid JSON/),
      },
    });
    expect(views.get(oldClip)).toMatchObject({
      videos: ['old.mp4'],
      lastFrameUrl: null,
      videoAsset: null,
      error: null,
    });
  });
});
