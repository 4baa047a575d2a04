import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';
import { expectButtonsInWindow } from './in-window.ts';

const KEY = 'cf-compare-fit-key-3e95';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

/** The whole picture is in its frame: nothing to scroll to, its bottom edge included. */
async function expectWhole(frame: Locator, picture: Locator): Promise<void> {
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expect
    .poll(() => frame.evaluate((el) => el.scrollHeight - el.clientHeight))
    .toBeLessThanOrEqual(0);
  const box = await frame.boundingBox();
  const shown = await picture.boundingBox();
  expect(box && shown && shown.y + shown.height).toBeLessThanOrEqual(
    (box?.y ?? 0) + (box?.height ?? 0) + 1,
  );
}

async function openApp(page: Page, size: string) {
  const folder = path.join(world.dir, `tall-${size}`);
  await mkdir(folder);
  // Portraits taller than any frame: Fit by the width alone would cut their bottom off.
  for (let i = 0; i < 3; i += 1) {
    await writeFile(path.join(folder, `tall-${i}.png`), await makePhoto(300, 900, 'png', i));
  }
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
  await connectApp(page, world.server, core, { droppedDir: world.dir });
  await page.goto(world.server.url);
  await dropFolder(page, `tall-${size}`);
  await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 0 with a mask');
}

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`Fit shows the whole photo in the free preview and the compare view, and N and P walk without a click inside (${size})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await openApp(page, size);

    // The free preview of a painted mask.
    await page.getByRole('button', { name: 'Paint mask' }).first().click();
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await page.keyboard.press('Enter');
    await expect(editor.getByText('300×900 · 1 stroke')).toBeVisible();
    await editor.getByRole('button', { name: 'Use this mask' }).click();
    await page.getByRole('button', { name: 'Preview tall-0.png (free)' }).first().click();
    const preview = page.getByRole('dialog', { name: 'Free preview: tall-0.png' });
    await expect(preview.getByLabel('Zoom')).toHaveValue('fit');
    await expectWhole(
      preview.locator('.compare-scroll'),
      preview.getByRole('img', { name: 'tall-0.png, free preview' }),
    );
    await expectButtonsInWindow(page, preview);
    await saveScreenshots(page, `compare-fit-01-preview-${size}`);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await page.getByRole('button', { name: 'Start – uses 3 credits' }).click();
    await expect(page.getByTestId('jobs-summary')).toHaveText('3 of 3 done', { timeout: 60_000 });
    await page.getByRole('button', { name: 'tall-0.png', exact: true }).click();
    const compare = page.getByTestId('compare');
    await expectWhole(
      compare.locator('.compare-scroll'),
      compare.getByRole('img', { name: 'tall-0.png, cleaned' }),
    );
    await compare.getByRole('button', { name: 'Side by side' }).click();
    await expectWhole(
      compare.getByTestId('compare-pane-1'),
      compare.getByRole('img', { name: 'tall-0.png, cleaned' }),
    );
    await expectButtonsInWindow(page, compare);
    await saveScreenshots(page, `compare-fit-02-compare-${size}`);

    // N and P with the focus nowhere in particular, as after reading the list.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('n');
    await expect(compare.getByRole('heading')).toHaveText('Before and after: tall-1.png');
    await page.keyboard.press('p');
    await expect(compare.getByRole('heading')).toHaveText('Before and after: tall-0.png');
  });
}
