import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { realMarkedBatch } from '../support/real-photos.ts';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';

const KEY = 'cf-finder-real-photos-key-7d21';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`The finder on real photos: progress while it looks, the mark on every size, folders shown, a group ticked at once (${size})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // Issue #33's folder: 20 photos of four sizes in a/ and b/, the same names in both.
    await realMarkedBatch(path.join(world.dir, 'shoot'));
    const running = await world.startCore();
    expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
      true,
    );
    await page.setViewportSize(viewport);
    await connectApp(page, world.server, running, { droppedDir: world.dir });
    await page.goto(world.server.url);
    await dropFolder(page, 'shoot');
    await expect(page.getByTestId('staged-summary')).toHaveText('20 images, 0 with a mask');
    const sentBefore = world.sim
      .requestLog()
      .filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

    await page.getByRole('button', { name: 'Find the watermark' }).click();
    const dialog = page.getByRole('dialog', { name: 'Find the watermark' });
    // The bar fills as the photos are read and compared: it is never left empty.
    await expect(
      dialog.getByRole('progressbar', { name: 'Looking for the watermark' }),
    ).toHaveAttribute('value', /^[1-9]/, { timeout: 60_000 });
    await saveScreenshot(page, `finder-real-01-looking-${size}`);
    await expect(dialog.getByRole('heading', { name: 'The watermark found' })).toBeVisible({
      timeout: 120_000,
    });
    const headings = dialog.getByTestId('finder-group').getByRole('heading', { level: 3 });
    await expect(headings).toHaveText([
      '8 images of 1200×900: the mark is on 8 of them',
      '6 images of 900×1200: the mark is on 6 of them',
      '4 images of 800×600: the mark is on 4 of them',
      '2 images of 2400×1600: the mark is on 2 of them',
    ]);
    // Each mask is small, and says how small.
    await expect(dialog.getByText(/^The mask covers 0\.\d% of each image\.$/)).toHaveCount(3);
    await expect(dialog.getByText(/^The mask covers 1\.\d% of each image\.$/)).toHaveCount(1);
    // Same-named files of the two folders are told apart by their folder.
    const card = (name: string) =>
      dialog.getByTestId('finder-card').filter({ has: page.getByText(name, { exact: true }) });
    await expect(card('a/IMG_0001.jpg')).toHaveCount(1);
    await expect(card('b/IMG_0001.jpg')).toHaveCount(1);
    await expect(card('a/IMG_0010.jpg').getByRole('checkbox')).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Use the masks for 20 images' })).toBeVisible();
    await saveScreenshot(page, `finder-real-02-found-${size}`);

    // One box unticks a whole group, and ticks it again.
    const landscape = dialog.getByRole('region', { name: '8 images of 1200×900' });
    await landscape.getByRole('checkbox', { name: 'All 8 images of this group' }).uncheck();
    await expect(dialog.getByRole('button', { name: 'Use the masks for 12 images' })).toBeVisible();
    await expect(card('a/IMG_0001.jpg').getByRole('checkbox')).not.toBeChecked();
    await card('a/IMG_0001.jpg').getByRole('checkbox').check();
    await saveScreenshot(page, `finder-real-03-group-unticked-${size}`);
    await landscape.getByRole('checkbox', { name: 'All 8 images of this group' }).check();
    await dialog.getByRole('button', { name: 'Use the masks for 20 images' }).click();
    await expect(page.getByTestId('staged-summary')).toHaveText('20 images, 20 with a mask');
    // Looking costs nothing.
    expect(
      world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)),
    ).toHaveLength(sentBefore);
  });
}
