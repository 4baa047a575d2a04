import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { clipPair, requireFfmpeg } from '../support/video-clips.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({ accounts: [] });

/** A 3-second H.264 clip with a half-transparent logo, copied in under `name`. */
async function markedClip(name: string): Promise<void> {
  await requireFfmpeg();
  const pair = await clipPair({
    width: 640,
    height: 360,
    frameRate: 30,
    frames: 90,
    container: 'mp4',
    logo: 'translucent',
  });
  await mkdir(path.join(world.dir, 'clips'), { recursive: true });
  await copyFile(pair.marked, path.join(world.dir, 'clips', name));
}

test('a dropped clip is cleaned in the window and its cleaned clip plays there', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await markedClip('harbour.mp4');
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, 'harbour.mp4');

  const area = page.getByTestId('videos-area');
  await expect(area.getByRole('heading', { name: 'Videos' })).toBeVisible();
  await saveScreenshots(page, 'clips-01-staged');
  await area.getByRole('button', { name: 'Clean 1 clip' }).click();
  const line = area.getByTestId('clip-line');
  await expect(line).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const video = line.getByTestId('clip-result');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(
    2.5,
  );
  await saveScreenshots(page, 'clips-02-cleaned');
  expect(await readdir(path.join(world.dir, 'out'))).toContain('harbour-clean.mp4');
});

test('a clip cancelled while the window cleans it leaves no file', async ({ page }) => {
  test.setTimeout(240_000);
  await markedClip('pier.mp4');
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, 'pier.mp4');
  // The window's fetch of the clip is held until Cancel has been clicked: a short clip on a
  // fast machine is otherwise cleaned before the click lands, and the test would race it.
  let fetched!: () => void;
  const asked = new Promise<void>((resolve) => (fetched = resolve));
  let cancelled!: () => void;
  const held = new Promise<void>((resolve) => (cancelled = resolve));
  await page.route('**/clip/*/input', async (route) => {
    fetched();
    await held;
    await route.abort();
  });
  const area = page.getByTestId('videos-area');
  await area.getByRole('button', { name: 'Clean 1 clip' }).click();
  const line = area.getByTestId('clip-line');
  await asked;
  await expect(line).toHaveAttribute('data-state', 'preparing', { timeout: 60_000 });
  await saveScreenshots(page, 'clips-03-cleaning');
  await line.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toHaveAttribute('data-state', 'canceled');
  cancelled();
  await expect(line).toContainText('Canceled');
  const out = await readdir(path.join(world.dir, 'out')).catch(() => [] as string[]);
  expect(out).toEqual([]);
});
