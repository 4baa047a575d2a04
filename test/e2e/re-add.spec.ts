import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-re-add-key-7b2e';
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
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 });
  await page.mouse.up();
}

test('a masked folder added again comes back with its masks, and Start spends nothing on it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const folder = path.join(world.dir, 'harbour');
  await mkdir(folder);
  for (let i = 0; i < 3; i += 1)
    await writeFile(path.join(folder, `IMG_000${i}.png`), await makePhoto(48, 32, 'png', i));
  const running = await world.startCore({ outputFolder: null });
  expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
    true,
  );
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);

  await dropFolder(page, 'harbour');
  await expect(page.getByTestId('staged')).toHaveCount(3);
  await page
    .getByTestId('staged')
    .filter({ hasText: 'IMG_0000.png' })
    .getByRole('button', { name: 'Paint mask' })
    .click();
  await paintRect(page, [0.7, 0.7], [0.95, 0.95]);
  await page.getByRole('button', { name: 'Use this mask' }).click();
  await page.getByRole('button', { name: 'Apply to all 48×32 images' }).click();
  const applied = page.getByRole('status').filter({ hasText: 'Mask applied' });
  await expect(applied).toHaveText(/Mask applied to 3 images of 48×32/);
  await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 3 with a mask');
  const sent = submissions();
  await page.getByRole('button', { name: 'Start – uses 3 credits for 3 images' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('3 of 3 done', { timeout: 60_000 });
  expect(submissions()).toBe(sent + 3);
  // The note spoke of the images just started: it does not stay to speak of the next ones.
  await expect(applied).toHaveCount(0);

  await dropFolder(page, 'harbour');
  await expect(page.getByTestId('staged')).toHaveCount(3);
  // Each comes back with the mask it was cleaned with, so it is known as cleaned with it.
  await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 3 with a mask');
  await expect(page.getByTestId('cleaned-note')).toContainText('3 of these were cleaned before');
  await expect(applied).toHaveCount(0);
  const start = page.getByTestId('start');
  await expect(start).toHaveText(
    'Nothing to send: 3 images were cleaned before with the same mask. Tick “Clean again” to send one again.',
  );
  await expect(start).toBeDisabled();
  await saveScreenshots(page, 're-add-01-cleaned-before');

  await page
    .getByTestId('staged')
    .filter({ hasText: 'IMG_0001.png' })
    .getByRole('checkbox', { name: /clean again/ })
    .check();
  await expect(start).toHaveText('Start – uses 1 credit for 1 image; 2 left out: cleaned before');
  await saveScreenshots(page, 're-add-02-one-again');
  await start.click();
  await expect(
    page.getByText(/IMG_0002\.png: It was already cleaned with the same mask/),
  ).toBeVisible();
  await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 60_000 });
  expect(submissions()).toBe(sent + 4);
  expect((await readdir(path.join(folder, 'clearframe'))).sort()).toEqual([
    'IMG_0000-clean.png',
    'IMG_0001-clean-1.png',
    'IMG_0001-clean.png',
    'IMG_0002-clean.png',
    'clearframe-provenance.jsonl',
  ]);
});
