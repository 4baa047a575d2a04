import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';

const world = useAppWorld({
  accounts: [{ key: 'cf-own-results-e2e-4c1d', credits: 100 }],
  watermark: { processingMs: 200, jitter: 0.2 },
});

test('a folder dropped again: its results are listed as such, and the originals say they were cleaned', async ({
  page,
}) => {
  const folder = path.join(world.dir, 'harbour');
  await mkdir(folder);
  for (let i = 0; i < 3; i += 1)
    await writeFile(path.join(folder, `IMG_420${i}.png`), await makePhoto(48, 32, 'png', i));
  await writeFile(path.join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const running = await world.startCore({ outputFolder: null });
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);

  await dropFolder(page, 'harbour');
  await expect(page.getByTestId('staged')).toHaveCount(3);
  await expect(page.getByText(/logo\.svg: It is an SVG, a vector drawing/)).toBeVisible();
  await page.getByRole('button', { name: 'Start – uses 3 credits for 3 images' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('3 of 3 done', { timeout: 30_000 });
  expect((await readdir(path.join(folder, 'clearframe'))).length).toBe(4);

  await dropFolder(page, 'harbour');
  await expect(page.getByTestId('staged')).toHaveCount(3);
  await expect(
    page.getByText('IMG_4201-clean.png: This is a result Clearframe wrote (from IMG_4201.png).'),
  ).toBeVisible();
  await expect(page.getByTestId('cleaned-note')).toContainText('3 of these were cleaned before');
  // Cleaned with no mask, each is known as cleaned with none: nothing is offered for them.
  const start = page.getByTestId('start');
  await expect(start).toHaveText(/^Nothing to send: 3 images were cleaned before/);
  await expect(start).toBeDisabled();
  await saveScreenshot(page, 'own-results-01-dropped-again-1280');
  await page.setViewportSize({ width: 880, height: 560 });
  await saveScreenshot(page, 'own-results-02-dropped-again-880');

  await page
    .getByTestId('staged')
    .first()
    .getByRole('checkbox', { name: /clean again/ })
    .check();
  await expect(page.getByTestId('cleaned-note')).toContainText('2 of these were cleaned before');
  await expect(start).toHaveText('Start – uses 1 credit for 1 image; 2 left out: cleaned before');
  await start.click();
  await expect(
    page.getByText(/IMG_4202\.png: It was already cleaned with the same mask/),
  ).toBeVisible();
  await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Show all earlier results' }).click();
  await expect(page.getByTestId('history-summary')).toContainText(': 4 images');
  expect((await readdir(path.join(folder, 'clearframe'))).sort()).toEqual([
    'IMG_4200-clean-1.png',
    'IMG_4200-clean.png',
    'IMG_4201-clean.png',
    'IMG_4202-clean.png',
    'clearframe-provenance.jsonl',
  ]);
});
