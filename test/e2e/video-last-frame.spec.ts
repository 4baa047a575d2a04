import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { ROUND_WAIT, connectApp, saveScreenshots, useAppWorld } from './harness.ts';
import { roundMenu } from './video-shots.ts';

const KEY = 'cf-video-last-frame-e2e-key-1';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 40 }],
  video: { pendingMs: 200, processingMs: 800, jitter: 0 },
});

const paidSubmissions = () =>
  world.sim
    .requestLog()
    .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate) && entry.status === 200).length;

test('a round made without "Keep last frame" is extended from the last frame the window takes from its clip', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const { shotId } = await core.handlers['video:createProject']({ name: 'Pier' });
  await core.handlers['video:queueRounds']({
    rounds: [
      {
        shotId,
        request: {
          model: 'videomodel-2-5',
          content: [{ type: 'text', text: 'waves under the pier' }],
          duration: 5,
        },
      },
    ],
  });
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  const rounds = page.getByTestId('round');
  const first = rounds.first();
  await expect(first).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  const before = paidSubmissions();

  // The other place a continuation can go: this shot, where it becomes the take.
  await roundMenu(first, 'Extend from last frame…');
  await first.getByLabel('Continue in this shot').check();
  await page.getByLabel('What happens after round 1').fill('a gull lands on the rail');
  await expect(first.getByTestId('confirm-paid')).toHaveText(
    "Send round 1's continuation from its last frame into this shot, as its new take for about 1.10 USD?",
  );
  await saveScreenshots(page, 'video-last-frame-01-asks');
  await first.getByRole('button', { name: 'Confirm and send' }).click();
  const second = rounds.nth(1);
  await expect(second).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  expect(paidSubmissions() - before).toBe(1);

  // The frame is the clip's own size, kept beside it, and went to the service in the request.
  const { projects } = await core.handlers['video:projects'](undefined);
  const [made, extended] = projects[0]?.shots[0]?.rounds ?? [];
  expect(made?.hasLastFrame).toBe(true);
  const name = made?.videos[0] ?? '';
  const found = (await readdir(world.dir, { recursive: true })).find(
    (file) => path.basename(file) === name,
  );
  const clip = path.join(world.dir, found ?? name);
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(clip) });
  const track = await input.getPrimaryVideoTrack();
  const size = { width: track?.displayWidth, height: track?.displayHeight };
  input.dispose();
  const kept = clip.replace(/\.mp4$/, '-last-frame.png');
  expect(await sharp(kept).metadata()).toMatchObject(size);
  // A drawn picture, not an empty canvas: its channels vary.
  const { channels } = await sharp(kept).stats();
  expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(1);
  const request = extended?.request as VideoGenerateRequest;
  expect(request.content[1]).toMatchObject({
    type: 'image_url',
    role: 'first_frame',
    image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/) as unknown },
  });
  await saveScreenshots(page, 'video-last-frame-02-extended');
});
