import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { PROVENANCE_LOG } from '../../src-main/core/media/output.ts';
import { markedSet } from '../support/marked-scenes.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-local-engine-key-7c1d';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

const submits = () =>
  world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

test('a found watermark is previewed with both engines side by side and cleaned on this computer for free', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await markedSet(path.join(world.dir, 'marked'), {
    count: 8,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.45,
    seed: 17,
  });
  const running = await world.startCore();
  expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
    true,
  );
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.goto(world.server.url);
  await dropFolder(page, 'marked');
  await expect(page.getByTestId('staged-summary')).toHaveText('8 images, 0 with a mask');

  await page.getByRole('button', { name: 'Find the watermark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find the watermark' });
  await expect(dialog.getByRole('heading', { name: 'The watermark found' })).toBeVisible({
    timeout: 90_000,
  });
  const previews = dialog.getByTestId('engine-previews');
  // The free one is made at once; the service's waits for a yes, as it uses a credit.
  await expect(previews.getByRole('img', { name: /cleaned on this computer$/ })).toBeVisible();
  expect(submits()).toBe(0);
  await previews.getByRole('button', { name: 'Preview with the service – 1 credit' }).click();
  await expect(previews.getByTestId('confirm-paid')).toHaveText(
    /^Send photo-\d+\.jpg to the service for a preview, for 1 credit\?$/,
  );
  await previews.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(previews.getByRole('img', { name: /cleaned by the service$/ })).toBeVisible({
    timeout: 30_000,
  });
  expect(submits()).toBe(1);
  await saveScreenshots(page, 'local-engine-01-both-previews');

  await dialog.getByRole('radio', { name: 'On this computer — free' }).check();
  await dialog
    .getByRole('button', { name: 'Use the masks for 8 images (8 cleaned on this computer)' })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('local-engine').first()).toHaveText(
    'cleaned on this computer, free',
  );
  const start = page.getByRole('button', { name: 'Start – free, on this computer' });
  await saveScreenshots(page, 'local-engine-02-ready');
  await start.click();

  await expect(page.getByTestId('jobs-summary')).toHaveText('8 of 8 done', { timeout: 90_000 });
  await expect(page.getByTestId('job').first()).toContainText('On this computer, free');
  await saveScreenshots(page, 'local-engine-03-done');
  // Nothing more reached the service than the one preview the user paid for.
  expect(submits()).toBe(1);
  const log = await readFile(path.join(world.dir, 'out', PROVENANCE_LOG), 'utf8');
  const lines = log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { engine?: string });
  expect(lines).toHaveLength(8);
  expect(lines.every((line) => line.engine === 'local')).toBe(true);
});
