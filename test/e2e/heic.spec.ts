import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { HEIC, cornerColours } from '../support/heic-fixtures.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({
  accounts: [{ key: 'cf-e2e-heic-key', credits: 100 }],
  watermark: { processingMs: 300, jitter: 0.2 },
});

test('an iPhone photo (HEIC) shows in the list and the mask editor upright, and is cleaned into a JPEG', async ({
  page,
}) => {
  const photos = path.join(world.dir, 'phone');
  await mkdir(photos);
  await writeFile(path.join(photos, 'IMG_0007.HEIC'), HEIC.containerRotated());
  const running = await world.startCore();
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);

  await dropFolder(page, 'phone');
  const row = page.getByTestId('staged');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('IMG_0007.HEIC');
  await expect(row).toContainText('300×400');
  const thumbnail = row.locator('img.thumb');
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await row.getByRole('button', { name: 'Paint mask' }).click();
  const editor = page.getByRole('dialog', { name: 'Mask editor' });
  await expect(editor).toBeVisible();
  // Shown only once Chromium has decoded the picture the main process made of the HEIC.
  await expect(editor.getByText('300×400 · 0 strokes')).toBeVisible();
  const box = await page.getByTestId('mask-canvas').boundingBox();
  if (!box) throw new Error('the mask canvas is not on screen');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.9);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.95);
  await page.mouse.up();
  await expect(editor.getByText('300×400 · 1 stroke')).toBeVisible();
  await saveScreenshots(page, 'heic-mask-editor');
  await editor.getByRole('button', { name: 'Use this mask' }).click();
  await expect(editor).toBeHidden();

  await page.getByRole('button', { name: 'Start – uses 1 credit' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 30_000 });
  const out = path.join(world.dir, 'out');
  expect(await readdir(out)).toContain('IMG_0007-clean.jpg');
  expect((await cornerColours(path.join(out, 'IMG_0007-clean.jpg'))).corners.slice(0, 3)).toEqual([
    'blue',
    'red',
    'white',
  ]);

  await page.getByRole('button', { name: 'IMG_0007.HEIC', exact: true }).click();
  const before = page.getByRole('img', { name: 'IMG_0007.HEIC, original' });
  await expect.poll(() => before.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await saveScreenshots(page, 'heic-compare');
});
