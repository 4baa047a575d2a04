import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';
import { paintAcross } from './paint.ts';
import { everyWatermarkJob } from '../support/history.ts';

const KEY = 'cf-images-flow-key-4c1d';
/** Thirty jobs are added one by one: on a busy machine that takes longer than expect's 5 s. */
const ADDING_WAIT = { timeout: 60_000 };
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 400, jitter: 0.2 },
});

test.afterEach(() => world.sim.setFaults({ rates: {} }));

/** How many jobs the engine has in each state, read from the core, not the screen. */
async function states(core: AppCore): Promise<Record<string, number>> {
  const jobs = await everyWatermarkJob(core);
  const count: Record<string, number> = {};
  for (const job of jobs) count[job.state] = (count[job.state] ?? 0) + 1;
  return count;
}

for (const [width, height] of [
  [1280, 820],
  [880, 560],
] as const) {
  test(`a new user's Images flow at ${width}×${height}: mask, apply to all, run, pause, compare, retry`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const folder = path.join(world.dir, 'beach');
    await mkdir(folder);
    for (let i = 0; i < 30; i += 1) {
      await writeFile(
        path.join(folder, `beach-${String(i).padStart(2, '0')}.png`),
        await makePhoto(160, 107, 'png', i),
      );
    }
    await writeFile(path.join(folder, 'notes.jpg'), 'these are notes, not a photo');
    await writeFile(path.join(folder, 'empty.png'), '');
    await writeFile(path.join(folder, 'readme.txt'), 'not an image');
    await writeFile(path.join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const core = await world.startCore();
    expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
    await connectApp(page, world.server, core, { droppedDir: world.dir });
    await page.setViewportSize({ width, height });
    await page.goto(world.server.url);
    // The simulator's account lives as long as the file's tests: read what is left now.
    const credits = page.getByTestId('images-credits');
    await expect(credits).toHaveText(/\d+ credits left/);
    const before = Number(/(\d+) credits/.exec(await credits.innerText())?.[1]);

    await dropFolder(page, 'beach');
    await expect(page.getByTestId('staged-summary')).toHaveText('30 images, 0 with a mask');
    await expect(page.getByTestId('no-mask-note')).toContainText(
      'the service then looks for the watermark itself',
    );

    // The mask editor: the picture keeps its shape, the brush shows its size, and the
    // choice to apply the mask to every image of this size is on screen beside "Use this mask".
    const paintButton = page
      .getByTestId('staged')
      .first()
      .getByRole('button', { name: 'Paint mask' });
    await paintButton.click();
    const dialog = page.getByRole('dialog', { name: 'Mask editor' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('160×107 · 0 strokes')).toBeVisible();
    // Work starts on the picture; focus goes round the dialog's controls.
    await expect(dialog.getByTestId('mask-canvas')).toBeFocused();
    await dialog.getByRole('button', { name: 'Brush (B)' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await paintAcross(page);
    await expect(page.getByText('160×107 · 1 stroke', { exact: true })).toBeVisible();
    await expect(page.getByTestId('brush-ring')).toBeVisible();
    await expect(page.getByTestId('brush-size')).toHaveText(/^\d+ px$/);
    const scrolled = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
    await page.mouse.wheel(0, 400);
    await expect
      .poll(() => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0))
      .toBe(scrolled);
    const applyAll = dialog.getByRole('button', { name: 'Apply to all 30 images of this size' });
    await expect(applyAll).toBeInViewport();
    await saveScreenshot(page, `images-01-mask-editor-${width}`);

    // Escape asks before throwing the stroke away; keeping it keeps the editor open.
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('alertdialog', { name: 'Throw away this mask?' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep painting' })).toBeFocused();
    await saveScreenshot(page, `images-02-escape-asks-${width}`);
    await dialog.getByRole('button', { name: 'Keep painting' }).click();
    await applyAll.click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByTestId('staged').first().getByRole('button', { name: 'Edit mask' }),
    ).toBeFocused();
    await expect(page.getByText('Mask applied to 30 images of 160×107.')).toBeInViewport();
    await expect(page.getByTestId('staged-summary')).toHaveText('30 images, 30 with a mask');

    // A free preview made on this computer, before anything is paid for.
    const previewButton = page.getByRole('button', { name: 'Preview beach-00.png (free)' });
    await expect(previewButton).toBeInViewport();
    await previewButton.click();
    const preview = page.getByRole('dialog', { name: 'Free preview: beach-00.png' });
    const repainted = preview.getByRole('img', { name: 'beach-00.png, free preview' });
    await expect(repainted).toBeVisible();
    await expect
      .poll(() => repainted.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(160);
    await expect(preview.getByTestId('preview-note')).toContainText('at no cost');
    await expect(preview.getByRole('slider', { name: 'Split' })).toBeVisible();
    await saveScreenshot(page, `images-02b-free-preview-${width}`);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await expect(previewButton).toBeFocused();
    expect(await states(core)).toEqual({});

    // Run, pause: nothing new is sent while paused, and Resume runs the rest.
    await page.getByRole('button', { name: 'Start – uses 30 credits' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(page.getByTestId('queue-state')).toContainText('Paused');
    await expect
      .poll(async () => {
        const count = await states(core);
        return (count['queued'] ?? 0) + (count['done'] ?? 0) + (count['failed'] ?? 0);
      }, ADDING_WAIT)
      .toBe(30);
    expect((await states(core))['queued']).toBeGreaterThan(0);
    await expect(page.getByTestId('job').filter({ hasText: 'Waiting' }).first()).toBeVisible();
    await saveScreenshot(page, `images-03-paused-${width}`);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(page.getByTestId('jobs-summary')).toHaveText('30 of 30 done', { timeout: 90_000 });
    // The figures follow the batch without a reload.
    await expect(credits).toHaveText(new RegExp(`\\b${before - 30} credits left`));

    const first = page.getByTestId('job').filter({ hasText: 'beach-00.png' });
    await expect(first.getByRole('button', { name: 'Open beach-00.png' })).toBeVisible();
    await expect(first.getByRole('button', { name: 'Show beach-00.png in folder' })).toBeVisible();
    // These photos are smooth gradients: the stand-in's repaint under the stroke changes
    // nothing there, which the row says instead of "Done".
    await expect(first.getByText('Unchanged', { exact: true })).toBeVisible();

    // One Tab stop in the list: arrows move between rows.
    await first.getByRole('button', { name: 'beach-00.png', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'beach-01.png', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    // The row's own choices come first: Keep it, Send to the service, Mark by hand, Open, Show.
    await expect(page.getByRole('button', { name: 'Keep it: beach-01.png' })).toBeFocused();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Open beach-01.png' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Open beach-02.png' })).not.toBeFocused();
    await expect(page.locator('[data-job-id] :focus')).toHaveCount(0);

    // A result opens where it can be seen, and Next walks on to the following one.
    await page.getByRole('button', { name: 'beach-01.png', exact: true }).click();
    const compare = page.getByTestId('compare');
    await expect(compare).toBeInViewport();
    await expect(page.getByRole('img', { name: 'beach-01.png, cleaned' })).toBeInViewport();
    await expect(page.getByRole('slider', { name: 'Split' })).toBeInViewport();
    await page.getByRole('slider', { name: 'Split' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('slider', { name: 'Split' })).toHaveValue('49');
    await saveScreenshot(page, `images-04-compare-${width}`);
    await compare.getByRole('button', { name: 'Next result (N)' }).click();
    await expect(compare.getByRole('heading')).toHaveText('Before and after: beach-02.png');
    await page.getByLabel('Zoom').selectOption('1');
    await expect(page.getByRole('img', { name: 'beach-02.png, cleaned' })).toHaveJSProperty(
      'width',
      160,
    );
    await compare.getByRole('button', { name: 'Close' }).click();
    await expect(compare).toBeHidden();

    // A second batch whose links fail: the errors show, Retry all failed fixes them, and a
    // row that is done shows no error.
    world.sim.setFaults({ rates: { 'result-expired': 1 } });
    const again = path.join(world.dir, 'dunes');
    await mkdir(again);
    for (let i = 0; i < 2; i += 1) {
      await writeFile(path.join(again, `dune-${i}.png`), await makePhoto(96, 64, 'png', 50 + i));
    }
    await dropFolder(page, 'dunes');
    await page.getByRole('button', { name: 'Start – uses 2 credits' }).click();
    await expect(page.getByTestId('jobs-summary')).toHaveText('0 of 2 done');
    const rows = page.getByTestId('job');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(rows.nth(1)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(rows.nth(0).locator('progress')).toHaveCount(0);
    await rows.nth(0).getByRole('button', { name: 'dune-0.png', exact: true }).focus();
    await expect(page.getByTestId('job-detail')).toContainText('dune-0.png:');
    await saveScreenshot(page, `images-05-failed-${width}`);
    world.sim.setFaults({ rates: {} });
    await page.getByRole('button', { name: 'Retry all failed' }).click();
    await expect(page.getByTestId('jobs-summary')).toHaveText('2 of 2 done', { timeout: 30_000 });
    for (const row of await rows.all()) await expect(row.locator('.job-error')).toHaveText('');
    await page.getByRole('button', { name: 'Show all earlier results' }).click();
    await expect(page.getByTestId('history-summary')).toContainText(': 32 images');
    // The figures stay the batch's: every batch together has no "time left".
    await expect(page.getByTestId('jobs-summary')).toHaveText('2 of 2 done');
    await saveScreenshot(page, `images-06-all-results-${width}`);

    // After a restart the done rows still show no error.
    await page.reload();
    await expect(page.getByTestId('jobs-summary')).toHaveText('2 of 2 done');
    for (const row of await rows.all()) await expect(row.locator('.job-error')).toHaveText('');
    // Clear finished takes them off the list; the results stay on disk. The earlier batch's
    // results in doubt wait for the user's word, so they stay listed.
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await expect(page.getByTestId('jobs-doubted')).toContainText('to check');
  });
}
