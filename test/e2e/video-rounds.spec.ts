import { expect, test, type Page } from '@playwright/test';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { connectApp, saveScreenshot, useAppWorld } from './harness.ts';
import { roundMenu } from './video-shots.ts';

const KEY = 'cf-video-rounds-e2e-key-7';
// Slow enough that the app can be restarted while the service is still making the clip.
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 60 }],
  video: { pendingMs: 300, processingMs: 4000, jitter: 0 },
});

const paidSubmissions = () =>
  world.sim
    .requestLog()
    .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate) && entry.status === 200).length;

async function openVideo(page: Page, core: AppCore): Promise<void> {
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
}

async function storedRequests(core: AppCore) {
  const { projects } = await core.handlers['video:projects'](undefined);
  return projects.flatMap((p) => p.shots.flatMap((s) => s.rounds.map((r) => r.request)));
}

test('a restart mid-generation resumes without a second submission; first-and-last-frame, an edit at scrubbed times, and extending the video', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const first = await world.startCore();
  expect((await first.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const before = paidSubmissions();
  await openVideo(page, first);
  await page.getByLabel('New project', { exact: true }).fill('Harbour night');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByLabel('Prompt').fill('boats rock at anchor under the moon');
  await page.getByLabel('Duration').fill('4');
  await page.getByRole('button', { name: 'Review and send' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  const round1 = page.getByTestId('round').first();
  await expect(round1).toHaveAttribute('data-state', 'processing');
  expect(paidSubmissions() - before).toBe(1);

  // The app quits while the service is still working, and starts again on the same data.
  await first.stop();
  await page.close();
  const second = await world.startCore();
  const again = await context.newPage();
  await openVideo(again, second);
  const resumed = again.getByTestId('round').first();
  await expect(resumed).toContainText('Round 1: boats rock at anchor under the moon');
  await saveScreenshot(again, 'video-07-after-restart');
  await expect(resumed).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  expect(paidSubmissions() - before).toBe(1);

  // First and last frame: the first is round 1's last frame, fetched once for a thumbnail.
  const { projects } = await second.handlers['video:projects'](undefined);
  const lastFrameUrl = projects[0]?.shots[0]?.rounds[0]?.lastFrameUrl;
  expect(lastFrameUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  await again.getByLabel('Kind of round').selectOption('frames');
  await again.getByLabel('Prompt').fill('the boats drift apart as the tide turns');
  await again.getByRole('textbox', { name: /^first frame/ }).fill(lastFrameUrl ?? '');
  await again.getByRole('textbox', { name: /^last frame/ }).fill('asset://demo-image-landscape');
  const firstFrame = again.getByRole('img', { name: 'first frame preview' });
  await expect(firstFrame).toBeVisible();
  // Visible comes before loaded: wait for the decoded image rather than read it once.
  await expect
    .poll(() => firstFrame.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(again.getByTestId('media-slot-0')).toContainText('640×360');
  await expect(again.getByTestId('media-slot-1')).toContainText('asset');
  await saveScreenshot(again, 'video-08-first-and-last-frame');
  await again.getByRole('button', { name: 'Add another round to this batch' }).click();

  // An edit: play round 1, scrub to the start and the end of the change, insert the range.
  await again.getByLabel('Kind of round').selectOption('edit');
  await again.getByLabel('Prompt').fill('turn the nearest boat into a swan at');
  await again.getByLabel('Play a clip of this project').selectOption('Shot 1, round 1');
  const scrub = again.getByTestId('scrub-player');
  await expect
    .poll(() => scrub.evaluate((video: HTMLVideoElement) => video.duration || 0))
    .toBeGreaterThan(1.5);
  const seek = (seconds: number) =>
    scrub.evaluate(
      (video: HTMLVideoElement, to) =>
        new Promise<void>((resolve) => {
          video.addEventListener('seeked', () => resolve(), { once: true });
          video.currentTime = to;
        }),
      seconds,
    );
  await seek(0.5);
  await again.getByRole('button', { name: 'Start here' }).click();
  await seek(1.5);
  await again.getByRole('button', { name: 'End here' }).click();
  await again.getByRole('button', { name: 'Insert range' }).click();
  await expect(again.getByLabel('Prompt')).toHaveValue(
    'turn the nearest boat into a swan at [00:00.5-00:01.5] ',
  );
  await again.getByLabel(/reference video/).fill('asset://demo-video-8s');
  await saveScreenshot(again, 'video-09-edit-at-times');
  await again.getByRole('button', { name: 'Review and send' }).click();
  await expect(
    again.getByRole('group', { name: 'Confirm a paid request' }).getByTestId('confirm-paid'),
  ).toHaveText('Send 2 rounds for about 2.20 USD?');
  await again.getByRole('button', { name: 'Confirm and send' }).click();
  const rounds = again.getByTestId('round');
  await expect(rounds).toHaveCount(3);
  const [, frames, edit] = await storedRequests(second);
  expect(frames?.content.slice(1)).toEqual([
    { type: 'image_url', image_url: { url: lastFrameUrl }, role: 'first_frame' },
    { type: 'image_url', image_url: { url: 'asset://demo-image-landscape' }, role: 'last_frame' },
  ]);
  expect(edit?.content).toEqual([
    { type: 'text', text: 'turn the nearest boat into a swan at [00:00.5-00:01.5] ' },
    { type: 'video_url', video_url: { url: 'asset://demo-video-8s' }, role: 'reference_video' },
  ]);
  await expect(rounds.nth(1)).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  await expect(rounds.nth(2)).toHaveAttribute('data-state', 'done', { timeout: 40_000 });

  // Extending the video itself needs the clip as an asset, and the form says so.
  await roundMenu(resumed, 'Extend video…');
  await resumed.getByLabel('Continue in this shot').check();
  const extendVideo = again.getByRole('form', { name: 'Extend the video of round 1' });
  await expect(extendVideo).toContainText('Upload shot-1-round-1.mp4 to your account');
  await expect(extendVideo.getByRole('button', { name: 'Extend video' })).toBeDisabled();
  await extendVideo.getByLabel('Asset address of round 1').fill('asset://demo-video-8s');
  await extendVideo.getByLabel('How round 1 goes on').fill('continue @video1: the swan flies off');
  await saveScreenshot(again, 'video-10-extend-video');
  await extendVideo.getByRole('button', { name: 'Extend video' }).click();
  await expect(resumed.getByTestId('confirm-paid')).toContainText('for about');
  await resumed.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(rounds).toHaveCount(4);
  await expect(rounds.nth(3)).toContainText('Round 4: continue @video1: the swan flies off');
  expect((await storedRequests(second))[3]?.content[1]).toEqual({
    type: 'video_url',
    video_url: { url: 'asset://demo-video-8s' },
    role: 'reference_video',
  });
  // Round 1 once, then the two rounds of the batch and the extension: nothing was sent twice.
  await expect(rounds.nth(3)).toHaveAttribute('data-state', /processing|done/, { timeout: 20_000 });
  expect(paidSubmissions() - before).toBe(4);
});
