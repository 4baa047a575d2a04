import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { makePhoto } from '../support/images.ts';
import { markedSet } from '../support/marked-scenes.ts';
import { connectApp, dropFolder, saveScreenshot, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-results-words-key-91b3';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 1000 }],
  watermark: { processingMs: 100, jitter: 0.2 },
});

test.afterEach(() => world.sim.setFaults({ rates: {} }));

/** Photos sharing one mark, enough for the finder to measure it and preview both engines. */
const MARKED = { count: 8, sizes: [{ width: 400, height: 300 }], opacity: 0.45, seed: 23 };

async function photos(folder: string, count: number, seed: number): Promise<void> {
  await mkdir(path.join(world.dir, folder), { recursive: true });
  for (let i = 0; i < count; i += 1) {
    await writeFile(
      path.join(world.dir, folder, `photo-${i}.png`),
      await makePhoto(64, 48, 'png', seed + i),
    );
  }
}

test('the theme applies and is kept as soon as it is picked, with no Save', async ({ page }) => {
  const core = await world.startCore();
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => core.settings.theme).toBe('dark');
  await saveScreenshot(page, 'results-words-theme-dark');
  // Something typed in the form meanwhile is not lost to the theme's save.
  await page.getByLabel('File name').fill('{name}-tidy');
  await page.getByLabel('Theme').selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByLabel('File name')).toHaveValue('{name}-tidy');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('demo credits are said to be simulated, and a free demo preview takes none of them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await markedSet(path.join(world.dir, 'marked'), MARKED);
  // No key: demo mode, on the simulator built into the app.
  const core = await world.startCore();
  await connectApp(page, world.server, core, { droppedDir: world.dir });
  await page.goto(world.server.url);
  await dropFolder(page, 'marked');
  await expect(page.getByTestId('staged-summary')).toHaveText('8 images, 0 with a mask');
  await expect(page.getByTestId('images-credits')).toHaveText(
    '· 1,000 demo credits left (simulated)',
  );

  // The finder previews the service's result at once in demo mode, as it is free there.
  await page.getByRole('button', { name: 'Find the watermark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find the watermark' });
  const previews = dialog.getByTestId('engine-previews');
  await expect(previews.getByRole('img', { name: /cleaned by the service$/ })).toBeVisible({
    timeout: 90_000,
  });
  await saveScreenshots(page, 'results-words-demo-preview');
  const { services } = await core.handlers['account:quota'](undefined);
  expect(services.find((service) => service.kind === 'watermark')).toMatchObject({
    ok: true,
    demo: true,
    credits: { remaining: 1000, limit: 1000 },
  });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('account-watermark')).toContainText(
    '1000 of 1,000 demo credits left (simulated)',
  );
});

test('an empty filter says so, a label reads as one run of words, and a failure switches language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await photos('first', 2, 1);
  await photos('second', 2, 20);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
  await connectApp(page, world.server, core, { droppedDir: world.dir });
  await page.goto(world.server.url);
  await dropFolder(page, 'first');
  await page.getByRole('button', { name: 'Start – uses 2 credits' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('2 of 2 done', { timeout: 60_000 });

  // "Show photo-0.png in folder", as read or copied: no line breaks, no double space.
  const show = page.getByRole('button', { name: 'Show photo-0.png in folder' });
  expect(await show.innerText()).toBe('Show photo-0.png in folder');
  await expect(show).toHaveAccessibleName('Show photo-0.png in folder');
  // As wide as the same button saying "Show in folder" with one plain space.
  const widths = await show.evaluate((button) => {
    const plain = button.cloneNode() as HTMLElement;
    plain.textContent = 'Show in folder';
    button.after(plain);
    const both = [button.scrollWidth, plain.scrollWidth];
    plain.remove();
    return both;
  });
  expect(Math.abs((widths[0] ?? 0) - (widths[1] ?? 0))).toBeLessThanOrEqual(1);

  await page.getByRole('button', { name: 'Failed', exact: true }).click();
  await expect(page.getByTestId('jobs-empty')).toHaveText('No failed images');
  await expect(page.getByTestId('job-list')).toBeHidden();
  await saveScreenshots(page, 'results-words-no-failed');
  await page.getByRole('button', { name: 'Running', exact: true }).click();
  await expect(page.getByTestId('jobs-empty')).toHaveText('No images running');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByTestId('jobs-empty')).toBeHidden();

  // A failure said in English, then the window switched to German: it reads in German.
  world.sim.setFaults({ rates: { 'result-expired': 1 } });
  await dropFolder(page, 'second');
  await page.getByRole('button', { name: 'Start – uses 2 credits' }).click();
  const failed = page.getByTestId('job').first();
  await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  const english = failed.locator('.job-error');
  await expect(english).toContainText('The result could not be downloaded');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language').selectOption('de');
  const de = textIntl('de');
  await page
    .getByRole('button', { name: de.formatMessage({ id: 'app.screen.images' }), exact: true })
    .click();
  const german = page.getByTestId('job').first().locator('.job-error');
  await expect(german).toContainText('Das Ergebnis konnte nicht heruntergeladen werden');
  await expect(german).not.toContainText('could not be downloaded');
  await expect(page.getByTestId('job-detail')).toContainText(
    'photo-0.png: Das Ergebnis konnte nicht heruntergeladen werden',
  );
  await saveScreenshots(page, 'results-words-error-in-german');
});
