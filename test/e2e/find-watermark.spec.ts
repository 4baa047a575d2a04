import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { markedSet, scene, seeded, stamp, writeJpeg } from '../support/marked-scenes.ts';
import { makePhoto } from '../support/images.ts';
import { writeFile } from 'node:fs/promises';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';

const KEY = 'cf-find-watermark-key-2b7e';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`Find the watermark proposes the shared mark, and the masks are used only where it is (${size})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const folder = `marked-${size}`;
    const set = await markedSet(path.join(world.dir, folder), {
      count: 8,
      sizes: [{ width: 400, height: 300 }],
      opacity: 0.45,
      seed: 11,
      absent: 1,
    });
    // The same mark at 5 % over another photo: seen, too faintly for the finder to vouch for.
    const faint = scene(400, 300, seeded(99));
    const at = set.images[1]?.at ?? { x: 0, y: 0 };
    stamp(faint, 400, set.mark, at.x, at.y, 0.05);
    await writeJpeg(path.join(world.dir, folder), 'faint.jpg', faint, 400, 300);
    await writeFile(path.join(world.dir, folder, 'lone.png'), await makePhoto(160, 107, 'png', 4));
    const running = await world.startCore();
    expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
      true,
    );
    await page.setViewportSize(viewport);
    await connectApp(page, world.server, running, { droppedDir: world.dir });
    await page.goto(world.server.url);
    await dropFolder(page, folder);
    await expect(page.getByTestId('staged-summary')).toHaveText('10 images, 0 with a mask');
    const sentBefore = world.sim
      .requestLog()
      .filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

    await page.getByRole('button', { name: 'Find the watermark' }).click();
    const dialog = page.getByRole('dialog', { name: 'Find the watermark' });
    await expect(dialog.getByRole('heading', { name: 'The watermark found' })).toBeVisible({
      timeout: 60_000,
    });
    const group = dialog.getByTestId('finder-group').first();
    await expect(group.getByRole('heading')).toHaveText(
      '9 images of 400×300: the mark is on 8 of them',
    );
    const card = (name: string) => dialog.getByTestId('finder-card').filter({ hasText: name });
    await expect(card('photo-000.jpg')).toContainText('no mark seen');
    await expect(card('photo-000.jpg').getByRole('checkbox')).not.toBeChecked();
    await expect(card('photo-003.jpg')).toContainText('mark found');
    await expect(card('photo-003.jpg').getByRole('checkbox')).toBeChecked();
    // Seen but unsure: unticked by default, and the card says why.
    await expect(card('faint.jpg')).toContainText(/not sure \(\d+%\)/);
    await expect(card('faint.jpg')).toContainText('The mark is faint or partly hidden on it');
    await expect(card('faint.jpg').getByRole('checkbox')).not.toBeChecked();
    await expect(dialog.getByText(/^The mask covers \d\.\d% of each image\.$/)).toBeVisible();
    await expect(dialog).toContainText('lone.png: Too few images');
    await saveScreenshot(page, `find-01-proposal-${size}`);

    // The user drops one more image from the proposal before using it.
    await card('photo-005.jpg').getByRole('checkbox').uncheck();
    await dialog.getByRole('button', { name: 'Use the masks for 6 images' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('staged-summary')).toHaveText('10 images, 6 with a mask');
    await expect(page.getByText('The found mask is on 6 images.')).toBeInViewport();
    // The image it was not sure of is held back: Start neither sends nor counts it.
    await expect(page.getByTestId('unsure-note')).toHaveText(
      '1 image is held back: Find the watermark was not sure of its mark, so nothing is sent for it. Paint a mask with Edit mask, or tick it in Find the watermark.',
    );
    await expect(page.getByTestId('start')).toHaveText('Start – uses 9 credits for 9 images');
    // Looking costs nothing: no image was sent to the service.
    expect(
      world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)),
    ).toHaveLength(sentBefore);

    // A found mask is adjusted in the editor like a painted one: grown by a few pixels.
    await page.getByRole('button', { name: 'Edit mask: photo-003.jpg' }).click();
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await editor.getByLabel('Pixels to grow or shrink by').fill('3');
    await editor.getByRole('button', { name: 'Grow', exact: true }).click();
    await expect(editor.getByTestId('mask-note')).toContainText('Grown by 3 px:');
    await expect(
      editor.getByRole('button', { name: 'Apply to all 9 images of this size' }),
    ).toBeInViewport();
    await saveScreenshot(page, `find-02-editor-tools-${size}`);
    await editor.getByRole('button', { name: 'Use this mask', exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('staged-summary')).toHaveText('10 images, 6 with a mask');

    // A found mask can be checked with the free preview like a painted one.
    await page.getByRole('button', { name: 'Preview photo-003.jpg (free)' }).first().click();
    const preview = page.getByRole('dialog', { name: 'Free preview: photo-003.jpg' });
    await expect(preview.getByRole('img', { name: 'photo-003.jpg, free preview' })).toBeVisible();
    await saveScreenshot(page, `find-03-preview-${size}`);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // Start sends the nine it counted; the one held back stays staged, unpaid, to be marked.
    await page.getByTestId('start').click();
    await expect(page.getByTestId('jobs-summary')).toHaveText(/^9 of 9 done/, { timeout: 60_000 });
    expect(
      world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)),
    ).toHaveLength(sentBefore + 9);
    await expect(page.getByTestId('staged')).toHaveCount(1);
    await expect(page.getByTestId('staged')).toContainText('faint.jpg');
    await expect(page.getByTestId('start')).toBeDisabled();
  });
}
