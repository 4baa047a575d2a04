import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OpenedFiles } from '../../src-main/electron/opened-files.ts';
import { knockOnOpenDoor, openDoor } from '../../src-main/core/app/open-door.ts';
import { makePhoto } from '../support/images.ts';
import { connectApp, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({
  accounts: [{ key: 'cf-open-with-e2e-51c2', credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

test('files opened with Clearframe, at launch and later from `clearframe open`, are staged in the window', async ({
  page,
}) => {
  const photos = path.join(world.dir, 'photos');
  await mkdir(path.join(photos, 'more'), { recursive: true });
  const first = path.join(photos, 'beach.png');
  await writeFile(first, await makePhoto(48, 32, 'png', 1));
  await writeFile(path.join(photos, 'more', 'dunes.png'), await makePhoto(48, 32, 'png', 2));
  await writeFile(path.join(photos, 'more', 'sea.png'), await makePhoto(48, 32, 'png', 3));

  const running = await world.startCore();
  const opened = new OpenedFiles();
  // Opened before the window exists: the launch's own arguments ("Open with").
  opened.add([first]);
  await connectApp(page, world.server, running, { opened });
  const door = await openDoor(path.join(world.dir, 'data'), (paths) => opened.add(paths));
  try {
    await page.goto(world.server.url);
    // Even from another screen, the opened files bring the Images screen back.
    await expect(page.getByTestId('staged-summary')).toHaveText('1 image, 0 with a mask');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();

    // Later, a folder through the running app's door, as `clearframe open` sends it.
    expect(
      await knockOnOpenDoor(path.join(world.dir, 'data'), [path.join(photos, 'more')]),
    ).toEqual({ taken: 1 });
    await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 0 with a mask');
    await expect(page.getByText('sea.png')).toBeVisible();
    await saveScreenshots(page, 'open-with-01-staged');
  } finally {
    await door.close();
  }
});
