import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { connectApp, saveScreenshot, useAppWorld } from './harness.ts';

const world = useAppWorld({});

test('a damaged job database is set aside, and the window says where it went and what to do', async ({
  page,
}) => {
  const dataDir = path.join(world.dir, 'data');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'clearframe.sqlite'), 'not a database '.repeat(400));
  const core = await world.startCore();
  await connectApp(page, world.server, core);

  for (const size of [
    { width: 1280, height: 820 },
    { width: 880, height: 560 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(world.server.url);
    const notice = page.getByTestId('app-notices').getByRole('alert');
    await expect(notice).toContainText('The job database was damaged');
    await expect(notice).toContainText(`${path.join(dataDir, 'clearframe.sqlite')}.damaged-`);
    await expect(notice).toContainText('your images and results on disk were not touched');
    // The rest of the window works on the new, empty queue.
    await expect(page.getByRole('button', { name: 'Images', exact: true })).toBeVisible();
    await saveScreenshot(page, `startup-notice-${size.width}x${size.height}`);
  }

  await page.getByRole('button', { name: 'Dismiss this message' }).click();
  await expect(page.getByTestId('app-notices')).toHaveCount(0);
  // A reloaded window asks again: the notice is main's to keep, the dismissal the page's.
  await page.reload();
  await expect(page.getByTestId('app-notices')).toContainText('The job database was damaged');
});
