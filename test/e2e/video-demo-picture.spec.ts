import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { connectApp, expectAccessible, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-video-demo-picture-key-4';

const world = useAppWorld({ accounts: [{ key: KEY, balanceUsd: 20 }] });

/** Opens the Video screen on a new project with an image round's form. */
async function imageRound(page: Page, core: AppCore): Promise<Locator> {
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByLabel('New project', { exact: true }).fill('Dunes');
  await page.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('form', { name: 'New round' });
  await editor.getByLabel('Kind of round').selectOption('image');
  await editor.getByLabel('Prompt').fill('wind combs the dunes in @image1');
  return editor;
}

/** The natural size of the slot's picture, once it has one; 0×0 while it shows none. */
const naturalSize = (thumb: Locator) =>
  thumb.evaluate((img: HTMLImageElement) =>
    img.complete ? [img.naturalWidth, img.naturalHeight] : [0, 0],
  );

test('in demo mode, a demo picture chosen as a reference shows in its slot, not a grey box', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const core = await world.startCore();
  expect((await core.handlers['app:info'](undefined)).demoServices).toContain('video');
  const editor = await imageRound(page, core);
  const demoMedia = editor.getByLabel('Demo media for reference 1', { exact: true });
  const slot = editor.getByTestId('media-slot-0');
  const thumb = slot.getByRole('img', { name: 'first frame preview' });

  await demoMedia.getByRole('button', { name: 'Portrait photo' }).click();
  await expect(editor.locator('#slot-0')).toHaveValue('asset://demo-image-portrait');
  await expect
    .poll(async () => {
      const [width = 0, height = 0] = await naturalSize(thumb);
      return width > 0 && height > width;
    })
    .toBe(true);
  await expect(slot.locator('.media-thumb .hint')).toHaveCount(0);
  await expect(slot).toContainText('360×640');
  await expect(slot.getByRole('alert')).toHaveCount(0);
  await saveScreenshots(page, 'video-demo-picture-01-portrait');

  // Another picture replaces it, the other way up.
  await demoMedia.getByRole('button', { name: 'Landscape photo' }).click();
  await expect
    .poll(async () => {
      const [width = 0, height = 0] = await naturalSize(thumb);
      return height > 0 && width > height;
    })
    .toBe(true);
  await expect(slot).toContainText('640×360');
  await expectAccessible(page);
  await saveScreenshots(page, 'video-demo-picture-02-landscape');
  await expect(editor.getByRole('button', { name: 'Review and send' })).toBeEnabled();
});

test('with the service itself, an asset reference keeps its box and says why it shows no picture', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const editor = await imageRound(page, core);
  const slot = editor.getByTestId('media-slot-0');
  await editor.locator('#slot-0').fill('asset://harbour-upload');
  await editor.locator('#slot-0').press('Tab');
  await expect(slot.getByTestId('asset-note-0')).toHaveText(
    'No preview: the service gives no uploaded asset back to show. To see the picture here, give its web address or choose the file.',
  );
  await expect(slot.locator('.media-thumb')).toHaveText('asset');
  // The service reads the asset itself: the round is not held back for want of a picture.
  await expect(slot.getByRole('alert')).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Review and send' })).toBeEnabled();
  await expectAccessible(page);
  await saveScreenshots(page, 'video-demo-picture-03-real-service');
});
