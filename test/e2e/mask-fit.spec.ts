import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';

const KEY = 'cf-mask-fit-key-5d1a';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

/** A drag on the mask canvas between two points given as shares of its width and height. */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
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
}

async function openApp(page: Page, folder: string, files: Record<string, Buffer>) {
  await mkdir(path.join(world.dir, folder));
  for (const [name, bytes] of Object.entries(files)) {
    await writeFile(path.join(world.dir, folder, name), bytes);
  }
  const running = await world.startCore();
  expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
    true,
  );
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.goto(world.server.url);
  await dropFolder(page, folder);
}

/** Starts the batch and checks every mask the service got marks its own image's bottom-right corner. */
async function runAndExpectCornerMasks(page: Page): Promise<void> {
  const logged = world.sim.requestLog().length;
  await page.getByRole('button', { name: 'Start – uses 3 credits' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('3 of 3 done', { timeout: 60_000 });
  const smears = world.sim
    .requestLog()
    .slice(logged)
    .filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit) && entry.smear)
    .map((entry) => entry.smear);
  expect(smears.map((smear) => `${smear?.width}×${smear?.height}`).sort()).toEqual([
    '120×80',
    '60×40',
    '80×120',
  ]);
  for (const smear of smears) {
    if (!smear) continue;
    expect(smear.marked.left).toBeGreaterThan(smear.width * 0.6);
    expect(smear.marked.top).toBeGreaterThan(smear.height * 0.6);
    expect(smear.marked.right).toBeLessThan(smear.width);
    expect(smear.marked.bottom).toBeLessThan(smear.height);
  }
}

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`apply to selected fits a corner mask to images of other sizes (${size})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openApp(page, `sizes-${size}`, {
      'a-wide.png': await makePhoto(120, 80, 'png', 1),
      'b-small.png': await makePhoto(60, 40, 'png', 2),
      'c-tall.png': await makePhoto(80, 120, 'png', 3),
    });
    await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 0 with a mask');
    const row = (name: string) => page.getByTestId('staged').filter({ hasText: name });
    await row('a-wide.png').getByRole('button', { name: 'Paint mask' }).click();
    await page.getByRole('button', { name: 'Rectangle (R)' }).click();
    // The bottom-right corner of the 120×80 image, where a watermark usually sits.
    await drag(page, [0.8, 0.8], [0.95, 0.95]);
    await page.getByRole('button', { name: 'Use this mask' }).click();
    await row('b-small.png').getByRole('checkbox').check();
    await row('c-tall.png').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Mask applied' })).toContainText(
      'Mask applied to 2 selected images. 2 of them have another size than 120×80: the mask was scaled to fit',
    );
    await expect(row('b-small.png')).toContainText('mask, scaled');
    await expect(row('c-tall.png')).toContainText('mask, scaled');
    await expect(row('a-wide.png')).not.toContainText('scaled');
    await saveScreenshot(page, `mask-fit-01-applied-${size}`);

    await row('c-tall.png').getByRole('button', { name: 'Edit mask' }).click();
    await expect(page.getByText('80×120 · 1 stroke')).toBeVisible();
    await expect(page.getByTestId('mask-scaled')).toContainText(
      'This mask was drawn on a 120×80 image and scaled to fit this one.',
    );
    await saveScreenshot(page, `mask-fit-02-scaled-mask-${size}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await runAndExpectCornerMasks(page);
  });

  test(`apply to all in the editor fits one corner mask to a folder of three sizes (${size})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openApp(page, `all-sizes-${size}`, {
      'a-wide.png': await makePhoto(120, 80, 'png', 1),
      'b-small.png': await makePhoto(60, 40, 'png', 2),
      'c-tall.png': await makePhoto(80, 120, 'png', 3),
    });
    const row = (name: string) => page.getByTestId('staged').filter({ hasText: name });
    await row('a-wide.png').getByRole('button', { name: 'Paint mask' }).click();
    await page.getByRole('button', { name: 'Rectangle (R)' }).click();
    await drag(page, [0.8, 0.8], [0.95, 0.95]);
    const applyAll = page.getByRole('button', { name: 'Apply to all 3 images', exact: true });
    await expect(applyAll).toBeInViewport();
    await applyAll.click();
    await expect(page.getByRole('status').filter({ hasText: 'Mask applied' })).toContainText(
      'Mask applied to 3 images. 2 of them have another size than 120×80',
    );
    await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 3 with a mask');
    await expect(row('c-tall.png')).toContainText('mask, scaled');
    await runAndExpectCornerMasks(page);
  });

  test(`a mask painted and then erased is refused in the editor (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openApp(page, `erased-${size}`, { 'pier.png': await makePhoto(120, 80, 'png', 9) });
    await page.getByTestId('staged').getByRole('button', { name: 'Paint mask' }).click();
    await drag(page, [0.3, 0.5], [0.6, 0.5]);
    await page.getByRole('button', { name: 'Eraser (E)' }).click();
    await drag(page, [0.3, 0.5], [0.6, 0.5]);
    await expect(page.getByText('120×80 · 2 strokes')).toBeVisible();
    await page.getByRole('button', { name: 'Use this mask' }).click();
    await expect(page.getByTestId('mask-note')).toHaveText(
      textIntl('en').formatMessage({ id: 'core.app.maskEmpty' }),
    );
    await expect(page.getByRole('dialog', { name: 'Mask editor' })).toBeVisible();
    await saveScreenshot(page, `mask-fit-03-empty-refused-${size}`);
    await page.getByRole('button', { name: 'No mask' }).click();
    await expect(page.getByRole('dialog', { name: 'Mask editor' })).toBeHidden();
    await expect(page.getByTestId('staged')).toContainText('no mask');
  });
}
