import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataPaths } from '../../src-main/core/paths.ts';
import { sceneProfile } from '../support/scene-profile.ts';
import { connectApp, expectAccessible, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({ accounts: [{ key: 'cf-watch-key-51c2', credits: 100 }] });

test('a folder watched from the window: a new image cleaned and listed, none taken while paused, the paid choice priced first', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { photos } = await sceneProfile(
    path.join(world.dir, 'made'),
    dataPaths(path.join(world.dir, 'data')).profilesDir,
    'Scene mark',
  );
  const photo = (i: number) => photos[i % photos.length] as string;
  const first = path.join(world.dir, 'incoming');
  const second = path.join(world.dir, 'shop');
  await mkdir(first);
  await mkdir(second);
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  // The folder dialog answers what this object says when it opens.
  const dialogs: { droppedDir: string; chosenFolder?: string } = {
    droppedDir: world.dir,
    chosenFolder: first,
  };
  await connectApp(page, world.server, core, dialogs);
  await page.goto(world.server.url);

  const panel = page.getByTestId('watches');
  await panel.getByText('Watched folders: none').click();
  await expect(panel).toContainText('No folder is watched.');
  const form = panel.getByRole('form', { name: 'Watch a folder' });
  await form.getByRole('button', { name: 'Choose a folder…' }).click();
  await expect(form.getByTestId('watch-chosen')).toHaveText(first);
  await expect(form.getByLabel('Clean with the profile')).toHaveValue('Scene mark');
  await form.getByRole('button', { name: 'Watch this folder' }).click();
  const watch = (dir: string) => panel.getByTestId('watch').filter({ hasText: dir });
  await expect(watch(first).getByTestId('watch-state')).toHaveText('Watching');
  await expect(watch(first)).toContainText('profile “Scene mark” · on this computer, free');

  // An image arrives: it is cleaned with the profile, listed, and its result is on disk.
  await copyFile(photo(0), path.join(first, 'arrived-1.jpg'));
  await expect(watch(first).getByTestId('watched-file')).toHaveText(['arrived-1.jpg — Done'], {
    timeout: 90_000,
  });
  const listed = await core.handlers['watches:list'](undefined);
  const output = listed.watches[0]?.recent[0]?.outputPath;
  expect(output).toBeTruthy();
  expect((await stat(output as string)).size).toBeGreaterThan(0);
  await saveScreenshots(page, 'watches-01-done');
  await expectAccessible(page);

  // A second folder, then the first paused: a new image in each, only the second's taken.
  dialogs.chosenFolder = second;
  await form.getByRole('button', { name: 'Choose a folder…' }).click();
  await form.getByLabel('Include its sub-folders').check();
  await form.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(watch(second).getByTestId('watch-state')).toHaveText('Watching');
  await watch(first).getByRole('button', { name: 'Pause' }).click();
  await expect(watch(first).getByTestId('watch-state')).toHaveText(
    'Paused: new images are not taken',
  );
  await copyFile(photo(1), path.join(first, 'arrived-2.jpg'));
  await copyFile(photo(2), path.join(second, 'arrived-3.jpg'));
  await expect(watch(second).getByTestId('watched-file')).toHaveText(['arrived-3.jpg — Done'], {
    timeout: 90_000,
  });
  // The second folder was looked at and its image cleaned meanwhile: the paused one took none.
  await expect(watch(first).getByTestId('watched-file')).toHaveText(['arrived-1.jpg — Done']);
  await saveScreenshots(page, 'watches-02-paused');
  await expectAccessible(page);

  // Resumed, it takes the image that waited.
  await watch(first).getByRole('button', { name: 'Resume' }).click();
  await expect(watch(first).getByTestId('watched-file')).toHaveText(
    ['arrived-2.jpg — Done', 'arrived-1.jpg — Done'],
    { timeout: 90_000 },
  );

  // Paid watching shows what an image costs, and cannot be added without a limit per day.
  const paid = path.join(world.dir, 'paid');
  await mkdir(paid);
  dialogs.chosenFolder = paid;
  await form.getByRole('button', { name: 'Choose a folder…' }).click();
  await expect(form.getByTestId('watch-chosen')).toHaveText(paid);
  await form.getByRole('radio', { name: 'The service — paid, within a limit per day' }).check();
  await expect(form.getByTestId('watch-cost')).toHaveText(
    'Each image costs 1 credit. Enter the most credits a day it may spend: nothing is sent past it.',
  );
  await expect(form.getByRole('button', { name: 'Watch this folder' })).toBeDisabled();
  await form.getByLabel('Most credits a day').fill('20');
  await expect(form.getByTestId('watch-cost')).toHaveText(
    'Each image costs 1 credit: at most 20 credits a day, that is 20 images; past that the watch waits for the next day.',
  );
  await saveScreenshots(page, 'watches-03-paid');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Watch this folder' }).click();
  await expect(watch(paid)).toContainText(
    'profile “Scene mark”, with its sub-folders · paid: 0 of 20 credits spent today',
  );

  // Forgotten: off the list, its results where they are.
  await watch(second).getByRole('button', { name: 'Forget' }).click();
  await expect(panel.getByTestId('watch')).toHaveCount(2);
  expect((await stat(output as string)).size).toBeGreaterThan(0);
});
