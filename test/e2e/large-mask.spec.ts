import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { stampedWallpapers } from '../support/wallpaper-marks.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-large-mask-key-7e2b';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

const submissions = () =>
  world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

/** A rectangle dragged on the mask canvas between two points given as shares of its size. */
async function paintRect(page: Page, from: [number, number], to: [number, number]) {
  await page.getByRole('button', { name: 'Rectangle (R)' }).click();
  const box = await page.getByTestId('mask-canvas').boundingBox();
  if (!box) throw new Error('the mask canvas is not on screen');
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) {
    await page.mouse.move(
      box.x + box.width * (from[0] + ((to[0] - from[0]) * i) / 8),
      box.y + box.height * (from[1] + ((to[1] - from[1]) * i) / 8),
    );
  }
  await page.mouse.up();
  await page.getByRole('button', { name: 'Use this mask' }).click();
}

/** Two real photos (the desktop's wallpapers, a 40 % white mark, JPEG q85), in the window. */
async function openWallpapers(page: Page, folder: string) {
  await mkdir(path.join(world.dir, folder));
  await stampedWallpapers(path.join(world.dir, folder), 2, { width: 640, height: 400 });
  const running = await world.startCore({ outputFolder: null });
  expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
    true,
  );
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);
  await dropFolder(page, folder);
  await expect(page.getByTestId('staged')).toHaveCount(2);
}

const row = (page: Page, name: string) => page.getByTestId('staged').filter({ hasText: name });

test('a mask over 15 % of its image is asked about before Start sends anything', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWallpapers(page, 'large');
  // Most of the first photo, as a slip of the rectangle would; a box at the mark on the other.
  await row(page, 'wallpaper-00.jpg').getByRole('button', { name: 'Paint mask' }).click();
  await paintRect(page, [0.1, 0.1], [0.7, 0.7]);
  await row(page, 'wallpaper-01.jpg').getByRole('button', { name: 'Paint mask' }).click();
  await paintRect(page, [0.78, 0.8], [0.96, 0.94]);
  await expect(page.getByTestId('mask-share')).toHaveText(
    /^The masks cover [0-9.]+% to 3[0-9]% of their images\.$/,
  );

  await page.getByRole('button', { name: 'Start – uses 2 credits for 2 images' }).click();
  const question = page.getByRole('group', { name: 'Large masks' });
  await expect(question).toContainText(
    /^1 image has a mask over 15% of it \(the largest covers 3[0-9]%\): the service repaints all of a mask, 1 credit an image\. Send it anyway, or mark it by hand first\?/,
  );
  await expect(page.getByTestId('start')).toBeDisabled();
  await saveScreenshots(page, 'large-mask-01-asks');
  expect(submissions()).toBe(0);

  // Marked by hand: the largest opens in the mask editor, and still nothing is sent.
  await question.getByRole('button', { name: 'Mark by hand' }).click();
  const editor = page.getByRole('dialog', { name: 'Mask editor' });
  await expect(editor).toBeVisible();
  await expect(editor).toContainText('640×400');
  await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(question).toHaveCount(0);
  expect(submissions()).toBe(0);

  // Asked again, and sent on the answer: one request per image.
  await page.getByRole('button', { name: 'Start – uses 2 credits for 2 images' }).click();
  await question.getByRole('button', { name: 'Send anyway' }).click();
  await expect.poll(submissions, { timeout: 30_000 }).toBe(2);
  await expect(page.getByText(/Results 2 of 2 done/)).toBeVisible({ timeout: 60_000 });
});

test('a mask around the mark is sent at once, its share shown beside Start', async ({ page }) => {
  test.setTimeout(120_000);
  await openWallpapers(page, 'small');
  const before = submissions();
  for (const name of ['wallpaper-00.jpg', 'wallpaper-01.jpg']) {
    await row(page, name).getByRole('button', { name: 'Paint mask' }).click();
    await paintRect(page, [0.78, 0.8], [0.96, 0.94]);
  }
  await expect(page.getByTestId('mask-share')).toHaveText(
    /^The masks (each )?cover [0-9.]+%( to [0-9.]+%)? of their images?\.$/,
  );
  await page.getByRole('button', { name: 'Start – uses 2 credits for 2 images' }).click();
  await expect.poll(() => submissions() - before, { timeout: 30_000 }).toBe(2);
  await expect(page.getByRole('group', { name: 'Large masks' })).toHaveCount(0);
  await expect(page.getByText(/Results 2 of 2 done/)).toBeVisible({ timeout: 60_000 });
});

test('a service result that kept the mark offers its three choices', async ({ page }) => {
  test.setTimeout(120_000);
  world.sim.setFaults({ rates: { 'mark-left': 1 } });
  try {
    await openWallpapers(page, 'kept');
    const before = submissions();
    for (const name of ['wallpaper-00.jpg', 'wallpaper-01.jpg']) {
      await row(page, name).getByRole('button', { name: 'Paint mask' }).click();
      await paintRect(page, [0.78, 0.8], [0.96, 0.94]);
    }
    await page.getByRole('button', { name: 'Start – uses 2 credits for 2 images' }).click();
    await expect(page.getByTestId('jobs-doubted')).toHaveText(' · 2 to check', {
      timeout: 60_000,
    });
    const job = page.getByTestId('job').filter({ hasText: 'wallpaper-00.jpg' });
    await expect(job.locator('.job-state')).toHaveText('Mark still visible');
    await expect(job.getByRole('button', { name: 'Keep it: wallpaper-00.jpg' })).toBeVisible();
    await expect(job.getByRole('button', { name: 'Send to the service – 1 credit' })).toBeVisible();
    await expect(job.getByRole('button', { name: 'Mark by hand: wallpaper-00.jpg' })).toBeVisible();
    await saveScreenshots(page, 'large-mask-02-mark-still-visible');
    // The check was free: one request per image, none more.
    expect(submissions() - before).toBe(2);
  } finally {
    world.sim.setFaults({ rates: {} });
  }
});
