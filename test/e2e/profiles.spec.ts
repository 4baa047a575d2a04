import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { PROVENANCE_LOG } from '../../src-main/core/media/output.ts';
import { markedSet } from '../support/marked-scenes.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-profiles-key-3b9e';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

const submits = () =>
  world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

test('a found watermark saved as a profile, exported, refused when damaged, imported, and used on one image for free', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const set = await markedSet(path.join(world.dir, 'marked'), {
    count: 8,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.45,
    seed: 17,
  });
  // One more image with the same mark, on its own: no batch to measure it from.
  await mkdir(path.join(world.dir, 'single'));
  await copyFile(
    (set.images[2] as { path: string }).path,
    path.join(world.dir, 'single', 'new.jpg'),
  );
  const exported = path.join(world.dir, 'Studio.clearframe-profile');
  const damaged = path.join(world.dir, 'damaged.clearframe-profile');
  await writeFile(damaged, 'CLEARFRAME-PROFILE\nnot what it says');
  const running = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  // The dialogs answer what this object says when they open (the harness reads it then).
  const dialogs: { droppedDir: string; chosenMaskFile?: string; exportMaskTo?: string } = {
    droppedDir: world.dir,
    exportMaskTo: exported,
  };
  await connectApp(page, world.server, running, dialogs);
  await page.goto(world.server.url);

  const panel = page.getByTestId('profiles');
  await panel.getByText('Watermark profiles: none yet').click();
  await expect(panel).toContainText('No profiles yet.');
  await dropFolder(page, 'marked');
  await page.getByRole('button', { name: 'Find the watermark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find the watermark' });
  await expect(dialog.getByRole('heading', { name: 'The watermark found' })).toBeVisible({
    timeout: 90_000,
  });
  await dialog.getByRole('radio', { name: 'On this computer — free' }).check();
  await dialog
    .getByRole('button', { name: 'Use the masks for 8 images (8 cleaned on this computer)' })
    .click();
  await expect(dialog).toBeHidden();

  await panel.getByLabel('Save the measured watermark as a profile').fill('Studio');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByTestId('profile-notice')).toHaveText('Saved the profile “Studio”.');
  await expect(panel.getByTestId('profile')).toContainText(
    /^Studio 400×300 · measured on \d+ images · (top-left|top-right|bottom-left|bottom-right) corner|this size only/,
  );
  await panel.getByRole('button', { name: 'Export…' }).click();
  await expect(panel.getByTestId('profile-notice')).toHaveText(`Exported to ${exported}.`);
  expect((await readFile(exported)).subarray(0, 19).toString()).toBe('CLEARFRAME-PROFILE\n');
  await saveScreenshots(page, 'profiles-01-saved');

  // A damaged file is refused with the sentence; nothing is added to the list.
  Object.assign(dialogs, { chosenMaskFile: damaged });
  await panel.getByRole('button', { name: 'Import a profile…' }).click();
  await expect(panel.getByTestId('profile-error')).toHaveText(
    `${damaged} is not a watermark profile this Clearframe can read (damaged, cut short, or made by another program or version): export it again from the Clearframe that made it, or find the watermark again and save a new profile.`,
  );
  await expect(panel.getByTestId('profile')).toHaveCount(1);
  await saveScreenshots(page, 'profiles-02-damaged');

  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByTestId('profile')).toHaveCount(0);
  Object.assign(dialogs, { chosenMaskFile: exported });
  await panel.getByRole('button', { name: 'Import a profile…' }).click();
  await expect(panel.getByTestId('profile-notice')).toHaveText('Imported the profile “Studio”.');

  // A new window: nothing staged, the profile still there.
  await page.reload();
  await panel.getByText('Watermark profiles: 1 saved').click();
  await dropFolder(page, 'single');
  await expect(page.getByTestId('staged-summary')).toHaveText('1 image, 0 with a mask');
  await panel.getByRole('button', { name: 'Use on the staged images' }).click();
  await expect(panel.getByTestId('profile-notice')).toHaveText(
    '1 staged image gets the profile “Studio”: Start cleans it on this computer, free.',
  );
  // The staged list says what Start will do with it: cleaned here, free, not the service's look.
  await expect(page.getByTestId('local-note')).toHaveText(
    'It is cleaned on this computer, free, with the measured watermark: nothing is sent to the service for it.',
  );
  await expect(page.getByTestId('no-mask-note')).toHaveCount(0);
  await saveScreenshots(page, 'profiles-03-used');
  await page.getByRole('button', { name: 'Start – free, on this computer' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 60_000 });
  await expect(page.getByTestId('job').first()).toContainText('On this computer, free');
  expect(submits()).toBe(0);
  const log = await readFile(path.join(world.dir, 'out', PROVENANCE_LOG), 'utf8');
  expect(JSON.parse(log.trim().split('\n')[0] as string)).toMatchObject({ engine: 'local' });
});
