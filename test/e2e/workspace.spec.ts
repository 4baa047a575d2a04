import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inspectMask } from '../../src-main/core/media/mask-check.ts';
import { hashBody } from '../../src-main/simulator/request-log.ts';
import { makePhoto, makeTruncatedJpeg, makeWhiteOnBlackMask } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';

const KEY = 'cf-workspace-key-2b8e';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 250, jitter: 0.2 },
});

/** A drag across the middle of the mask canvas, sloping down by `slope` of its height. */
async function paintAcross(page: Page, slope = 0): Promise<void> {
  const box = await page.getByTestId('mask-canvas').boundingBox();
  if (!box) throw new Error('the mask canvas is not on screen');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) {
    await page.mouse.move(
      box.x + box.width * (0.3 + i * 0.04),
      box.y + box.height * (0.5 + (i * slope) / 10),
    );
  }
  await page.mouse.up();
}

test('a folder of 50 with bad files: paint once, apply to the same size, run, compare, retry, reveal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const folder = path.join(world.dir, 'shoot');
  await mkdir(folder);
  for (let i = 0; i < 40; i += 1) {
    await writeFile(
      path.join(folder, `wide-${String(i).padStart(2, '0')}.png`),
      await makePhoto(48, 32, 'png', i),
    );
  }
  for (let i = 0; i < 7; i += 1) {
    await writeFile(path.join(folder, `tall-${i}.jpg`), await makePhoto(32, 48, 'jpeg', 100 + i));
  }
  // Bad files: a text file named as an image, an empty file, and a JPEG whose data is cut
  // off (its header reads fine; its pixels are decoded while staging, so it is refused there).
  await writeFile(path.join(folder, 'notes.jpg'), 'these are notes, not a photo');
  await writeFile(path.join(folder, 'empty.png'), '');
  await writeFile(path.join(folder, 'truncated.jpg'), await makeTruncatedJpeg());
  // A whole image that is cut off after it was staged: it fails only when the engine prepares it.
  const whole = await makePhoto(48, 32, 'png', 999);
  const cut = path.join(folder, 'cut-off.png');
  await writeFile(cut, whole);
  await writeFile(path.join(folder, 'readme.txt'), 'not an image at all');

  const running = await world.startCore();
  const adds: unknown[] = [];
  const revealed: string[] = [];
  await connectApp(page, world.server, running, {
    droppedDir: world.dir,
    onMessage: (message) => {
      const { channel, payload } = message as { channel?: string; payload?: unknown };
      if (channel === 'watermark:add' && payload) adds.push(payload);
    },
    onReveal: (file) => revealed.push(file),
  });
  await page.goto(world.server.url);
  await dropFolder(page, 'shoot');

  await expect(page.getByTestId('staged-summary')).toHaveText('48 images, 0 with a mask');
  await expect(page.getByText('notes.jpg: This file is not an image')).toBeVisible();
  await expect(page.getByText('empty.png: The file is empty.')).toBeVisible();
  await expect(
    page.getByText('truncated.jpg: The image is damaged or cut short: not all of its pixels'),
  ).toBeVisible();
  await saveScreenshot(page, 'workspace-01-folder-staged');
  await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));

  await page.getByTestId('staged').first().getByRole('button', { name: 'Paint mask' }).click();
  await expect(page.getByRole('dialog', { name: 'Mask editor' })).toBeVisible();
  await expect(page.getByText('48×32 · 0 strokes')).toBeVisible();
  await paintAcross(page);
  await expect(page.getByText('48×32 · 1 stroke', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rectangle (R)' }).click();
  await paintAcross(page, 0.2);
  await expect(page.getByText('48×32 · 2 strokes')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('48×32 · 1 stroke', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'workspace-02-mask-painted');
  await page.getByRole('button', { name: 'Use this mask' }).click();
  await page.getByRole('button', { name: 'Apply to all 48×32 images' }).click();
  await expect(page.getByText('Mask applied to 41 images of 48×32.')).toBeVisible();
  await expect(page.getByTestId('staged-summary')).toHaveText('48 images, 41 with a mask');
  await saveScreenshot(page, 'workspace-03-mask-applied');

  await page.getByRole('button', { name: 'Start – uses 48 credits' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText(/\d+ of 48 done/);
  await saveScreenshot(page, 'workspace-04-running');
  await expect(page.getByTestId('jobs-summary')).toHaveText('47 of 48 done', { timeout: 60_000 });
  const items = (adds[0] as { items: Array<{ token: string; strokes?: unknown[] }> }).items;
  expect(items).toHaveLength(48);
  expect(items.filter((item) => item.strokes?.length === 1)).toHaveLength(41);
  expect(items.filter((item) => item.strokes === undefined)).toHaveLength(7);

  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  const failed = page.getByTestId('job');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('cut-off.png');
  await expect(failed).toContainText('damaged');
  await saveScreenshot(page, 'workspace-05-failed-filter');
  await writeFile(cut, whole);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('48 of 48 done', { timeout: 30_000 });
  expect(
    (await readdir(path.join(world.dir, 'out'))).filter((f) => f.includes('-clean.')),
  ).toHaveLength(48);

  const row = page.getByTestId('job').filter({ hasText: 'wide-00.png' });
  await row.getByRole('button', { name: 'wide-00.png', exact: true }).click();
  await page.getByRole('button', { name: 'Side by side' }).click();
  await expect(page.getByRole('img', { name: 'wide-00.png, cleaned' })).toBeVisible();
  await saveScreenshot(page, 'workspace-06-compare-side-by-side');
  await row.getByRole('button', { name: 'Show wide-00.png in folder' }).click();
  await expect.poll(() => revealed).toEqual([path.join(world.dir, 'out', 'wide-00-clean.png')]);
});

test('an image given by address is sent as that address, and its result lands on disk', async ({
  page,
}) => {
  const photo = await makePhoto(40, 30, 'jpeg', 7);
  const host = http.createServer((request, response) => {
    if (request.url === '/gallery/harbour.jpg') {
      response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/gallery/harbour.jpg`;
  try {
    // The service here is the test's simulator, so its request log shows what was sent.
    const running = await world.startCore();
    expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
      true,
    );
    await connectApp(page, world.server, running);
    await page.goto(world.server.url);
    await page.getByLabel('Image address').fill('ftp://example.com/a.jpg');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('starts with https://');
    await page.getByLabel('Image address').fill(url);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('staged')).toContainText('harbour.jpg (from the web)');
    await expect(page.getByTestId('staged')).toContainText('40×30');
    await saveScreenshot(page, 'workspace-07-by-address');
    await page.getByRole('button', { name: 'Start – uses 1 credit' }).click();
    await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 30_000 });
    expect(await readdir(path.join(world.dir, 'out'))).toContain('harbour-clean.jpg');
    const sentAsAddress = world.sim
      .requestLog()
      .filter((entry) => entry.bodyHash === hashBody(JSON.stringify({ image_url: url })));
    expect(sentAsAddress).toHaveLength(1);
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test('an image pasted from the clipboard is staged from its bytes and cleaned', async ({
  page,
}) => {
  const running = await world.startCore({ outputFormat: 'webp' });
  await connectApp(page, world.server, running);
  await page.goto(world.server.url);
  await expect(page.getByTestId('drop-zone')).toBeVisible();
  const png = [...(await makePhoto(36, 24, 'png', 3))];
  await page.evaluate((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }));
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer }));
  }, png);
  await expect(page.getByTestId('staged')).toContainText('screenshot.png');
  await expect(page.getByTestId('staged')).toContainText('36×24');
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array([1, 2, 3, 4])], 'junk.png', { type: 'image/png' }));
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer }));
  });
  await expect(page.getByRole('alert')).toContainText('The pasted image cannot be used');
  await page.getByText(/^Output:/).click();
  await expect(page.getByLabel('Format')).toHaveValue('webp');
  await saveScreenshot(page, 'workspace-08-pasted-and-output');
  await page.getByRole('button', { name: 'Start – uses 1 credit' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 30_000 });
  expect(await readdir(path.join(world.dir, 'out'))).toContain('screenshot-clean.webp');
});

test('a mask file is imported, checked against the image, exported, and used', async ({ page }) => {
  const folder = path.join(world.dir, 'pair');
  await mkdir(folder);
  for (let i = 0; i < 2; i += 1) {
    await writeFile(path.join(folder, `pier-${i}.png`), await makePhoto(48, 32, 'png', 40 + i));
  }
  // White on black at twice the size: read as "white means remove" and scaled down.
  const maskFile = path.join(world.dir, 'mask-2x.png');
  await makeWhiteOnBlackMask(
    maskFile,
    { width: 96, height: 64 },
    { left: 60, top: 44, width: 30, height: 12 },
  );
  const exported = path.join(world.dir, 'exported-mask.png');
  const running = await world.startCore();
  await connectApp(page, world.server, running, {
    droppedDir: world.dir,
    chosenMaskFile: maskFile,
    exportMaskTo: exported,
  });
  await page.goto(world.server.url);
  await dropFolder(page, 'pair');
  await expect(page.getByTestId('staged-summary')).toHaveText('2 images, 0 with a mask');
  await page.getByTestId('staged').first().getByRole('button', { name: 'Paint mask' }).click();
  await page.getByRole('button', { name: 'Import mask…' }).click();
  await expect(page.getByTestId('mask-note')).toContainText(
    'Imported: 5.9% of the image marked, scaled to the image, white read as "remove".',
  );
  await page.getByRole('button', { name: 'Brush (B)' }).click();
  await paintAcross(page);
  await page.getByRole('button', { name: 'Export mask…' }).click();
  await expect(page.getByTestId('mask-note')).toContainText(`Saved to ${exported}.`);
  const coverage = await inspectMask(await readFile(exported));
  expect([coverage.width, coverage.height]).toEqual([48, 32]);
  expect(coverage.marked).toBeGreaterThan(90);
  await saveScreenshot(page, 'workspace-09-mask-imported');
  await page.getByRole('button', { name: 'Use this mask' }).click();
  await page.getByRole('button', { name: 'Apply to all 48×32 images' }).click();
  await page.getByRole('button', { name: 'Start – uses 2 credits' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('2 of 2 done', { timeout: 30_000 });
});
