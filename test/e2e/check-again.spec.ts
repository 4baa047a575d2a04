import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { makePhoto } from '../support/images.ts';
import { ROUND_WAIT, connectApp, saveScreenshot, useAppWorld } from './harness.ts';

const KEY = 'cf-check-again-e2e-key-3';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100, balanceUsd: 50 }],
  watermark: { processingMs: 200, jitter: 0.2 },
  video: { pendingMs: 100, processingMs: 300, jitter: 0 },
});

const paid = (suffix: string) =>
  world.sim.requestLog().filter((entry) => entry.path.endsWith(suffix) && entry.status === 200)
    .length;

/** Both sizes the app is looked at in: a laptop window and a small one. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 820],
    [880, 560],
  ] as const) {
    await page.setViewportSize({ width, height });
    await saveScreenshot(page, `${name}-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 820 });
}

test.afterEach(() => world.sim.setFaults({ rates: {} }));

test('a job whose result link failed offers Check again (free) and Send again (paid) with its cost and a confirm', async ({
  page,
}) => {
  const photos = path.join(world.dir, 'photos');
  await mkdir(photos);
  for (const i of [1, 2]) {
    await writeFile(path.join(photos, `quay-${i}.png`), await makePhoto(48, 32, 'png', i));
  }
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
  await connectApp(page, world.server, core);
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);

  // The service does the work, but every link it hands out has expired by the time it is used.
  world.sim.setFaults({ rates: { 'result-expired': 1 } });
  await core.handlers['watermark:add']({ paths: [photos] });
  const rows = page.getByTestId('job');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  expect(paid(WATERMARK_PATHS.submit)).toBe(2);
  const first = rows.filter({ hasText: 'quay-1.png' });
  const second = rows.filter({ hasText: 'quay-2.png' });
  await expect(first).toContainText('Use Check again to ask the service for a fresh link (free)');
  await expect(first.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Send again (paid) – 1 credit' })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  await screenshots(page, 'check-again-01-failed-rows');

  // Check again: asked by the same task id, a fresh link works; nothing is paid.
  world.sim.setFaults({ rates: {} });
  await first.getByRole('button', { name: 'Check again' }).click();
  await expect(first).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(paid(WATERMARK_PATHS.submit)).toBe(2);

  // Send again asks first; going back sends nothing, confirming pays one credit.
  await second.getByRole('button', { name: 'Send again (paid) – 1 credit' }).click();
  const confirm = second.getByRole('group', { name: 'Confirm sending quay-2.png again' });
  await expect(confirm).toContainText('Pay 1 credit again?');
  await screenshots(page, 'check-again-02-confirm-paid');
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByRole('button', { name: 'Check again' })).toBeVisible();
  expect(paid(WATERMARK_PATHS.submit)).toBe(2);
  await second.getByRole('button', { name: 'Send again (paid) – 1 credit' }).click();
  await second.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(second).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(paid(WATERMARK_PATHS.submit)).toBe(3);
  await screenshots(page, 'check-again-03-done');
});

test('a round whose clip link failed offers Check again and Send again at its estimate', async ({
  page,
}) => {
  // Two rounds' waits in turn (see ROUND_WAIT).
  test.setTimeout(240_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await connectApp(page, world.server, core);
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();

  world.sim.setFaults({ rates: { 'result-expired': 1 } });
  const { shotId } = await core.handlers['video:createProject']({ name: 'Quay' });
  await core.handlers['video:queueRounds']({
    rounds: [
      {
        shotId,
        request: {
          model: 'videomodel-2-5',
          content: [{ type: 'text', text: 'gulls over the quay at dawn' }],
          duration: 4,
        },
      },
    ],
  });
  await page.reload();
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  const round = page.getByTestId('round').first();
  await expect(round).toHaveAttribute('data-state', 'failed', ROUND_WAIT);
  await expect(round.getByRole('button', { name: 'Send again (paid) – 0.88 USD' })).toBeVisible();
  await screenshots(page, 'check-again-04-failed-round');

  world.sim.setFaults({ rates: {} });
  await round.getByRole('button', { name: 'Check again' }).click();
  await expect(round).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  expect(paid(VIDEO_PATHS.generate)).toBe(1);
});
