import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({
  accounts: [{ key: 'cf-mask-whole-e2e-2d9c', credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

test('an imported mask white all over asks whether it means the whole image or nothing before it is used', async ({
  page,
}) => {
  const folder = path.join(world.dir, 'pier');
  await mkdir(folder);
  await writeFile(path.join(folder, 'pier.png'), await makePhoto(48, 32, 'png', 5));
  const white = path.join(world.dir, 'white.png');
  await sharp({ create: { width: 48, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toFile(white);
  const running = await world.startCore();
  await connectApp(page, world.server, running, { droppedDir: world.dir, chosenMaskFile: white });
  await page.goto(world.server.url);
  await dropFolder(page, 'pier');
  await page.getByTestId('staged').first().getByRole('button', { name: 'Paint mask' }).click();

  await page.getByRole('button', { name: 'Import mask…' }).click();
  const question = page.getByRole('alertdialog', { name: /white all over/ });
  await expect(question).toContainText(
    'The mask is white all over: as a white-on-black mask it marks the whole image, but under the service’s rule (white marks nothing) it marks nothing.',
  );
  await expect(question.getByRole('button', { name: 'Import nothing' })).toBeFocused();
  await expect(page.getByText('48×32 · 0 strokes')).toBeVisible();
  await saveScreenshots(page, 'mask-whole-01-question');

  await question.getByRole('button', { name: 'Import nothing' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId('mask-note')).toHaveText(
    'No mask was imported: paint over the watermark, or import a mask that marks only it.',
  );
  await expect(page.getByText('48×32 · 0 strokes')).toBeVisible();

  await page.getByRole('button', { name: 'Import mask…' }).click();
  await question.getByRole('button', { name: 'Repaint the whole image' }).click();
  await expect(page.getByTestId('mask-note')).toHaveText(
    'Imported: 100% of the image marked, white read as "remove".',
  );
  await expect(page.getByText('48×32 · 1 stroke ')).toBeVisible();
  await saveScreenshots(page, 'mask-whole-02-whole-image');
});
