import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  connectApp,
  expectAccessible,
  firstProjectRoundStates,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';
import { projectMenu } from './video-shots.ts';

// No key is set: the rounds run on demo mode's built-in simulator.
const world = useAppWorld({ video: { pendingMs: 100, processingMs: 400, jitter: 0.1 } });

const HEADER = 'prompt,kind,references,duration,ratio,shot';

/** Chooses a file in the dialog, as the file picker would: the harness maps its name to `dropped`. */
async function chooseFile(page: Page, name: string): Promise<void> {
  await page
    .getByLabel('CSV or JSON file of rounds')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.alloc(0) });
}

test('rounds imported from a CSV file: a broken row queues nothing, a good file shows its shots and total, then queues on confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await world.startCore();
  await core.handlers['video:createProject']({ name: 'Harbour' });
  const dropped = path.join(world.dir, 'dropped');
  await mkdir(dropped, { recursive: true });
  await writeFile(
    path.join(dropped, 'broken.csv'),
    [
      HEADER,
      'gulls over the harbour,text,,5,,Gulls',
      'a trawler leaves the quay,text,,45,,',
      'restyle @video1,auto,video=asset://demo-video-2s,,,',
    ].join('\n'),
  );
  await writeFile(
    path.join(dropped, 'rounds.csv'),
    [
      HEADER,
      'gulls over the harbour,text,,5,,Gulls',
      '"the gulls again, closer",text,,6,,Gulls',
      'a trawler leaves the quay,text,,8,9:16,',
      'restyle @video1 to the sound of @audio1,auto,video=asset://demo-video-8s | audio=asset://demo-audio-6s,,,',
    ].join('\n'),
  );
  await connectApp(page, world.server, core, { droppedDir: dropped });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await projectMenu(page, 'Import rounds…');
  const dialog = page.getByRole('dialog', { name: 'Import rounds' });

  await chooseFile(page, 'broken.csv');
  await expect(dialog.getByTestId('import-problems').getByRole('listitem')).toHaveText([
    'Row 3: Make the duration 4 to 30 seconds: Video model 2.5 does not make a 45-second clip.',
    'Row 4: Reference 1 is 2 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video.',
  ]);
  await expect(dialog.getByRole('button', { name: /^Queue/ })).toHaveCount(0);
  await expectAccessible(page);
  await saveScreenshots(page, 'video-import-01-broken-row');

  await chooseFile(page, 'rounds.csv');
  const rows = dialog.getByTestId('import-rounds').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Shot 2 "Gulls" (new)');
  await expect(rows.nth(1)).toContainText('Shot 2 "Gulls" (new)');
  await expect(rows.nth(2)).toContainText('Shot 1');
  await expect(rows.nth(3)).toContainText('up to 6.60 USD');
  await expect(dialog.getByTestId('import-total')).toHaveText('4 rounds, up to 10.78 USD in all.');
  await expectAccessible(page);
  await saveScreenshots(page, 'video-import-02-plan');

  await dialog.getByRole('button', { name: 'Queue 4 rounds for up to 10.78 USD' }).click();
  await expect(page.getByTestId('confirm-paid')).toHaveText(
    'Queue 4 rounds from rounds.csv for up to 10.78 USD?',
  );
  const before = await core.handlers['video:projects'](undefined);
  expect(before.projects[0]?.shots.flatMap((shot) => shot.rounds)).toEqual([]);
  await saveScreenshots(page, 'video-import-03-confirm');
  await page.getByRole('button', { name: 'Confirm and send' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: '4 rounds from rounds.csv are queued in Harbour.' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shots' }).getByRole('button')).toContainText([
    'Shot 1 (1)',
    'Shot 2 (2)',
    'Shot 3 (1)',
  ]);
  await expect
    .poll(() => firstProjectRoundStates(core), { timeout: 90_000 })
    .toEqual(['done', 'done', 'done', 'done']);
  await saveScreenshots(page, 'video-import-04-queued');
});

test('the round editor takes several reference videos and sounds, and checks an Auto round’s video lengths before sending', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const core = await world.startCore();
  await core.handlers['video:createProject']({ name: 'Pier' });
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByLabel('Kind of round').selectOption('auto');
  await page.getByLabel('Prompt').fill('@video1 cut with @video2, to @audio1 and @audio2');
  await page.getByRole('button', { name: 'Attach a video' }).click();
  await page.getByRole('button', { name: 'Attach a sound' }).click();
  await page.getByRole('button', { name: 'Attach a sound' }).click();
  await expect(page.getByLabel(/^reference audio, reference [45]/)).toHaveCount(2);
  await page.locator('#slot-1').fill('asset://demo-video-8s');
  await page.locator('#slot-2').fill('asset://demo-video-2s');
  await page.locator('#slot-3').fill('asset://demo-audio-6s');
  await page.locator('#slot-4').fill('https://example.com/waves.mp3');
  await expect(page.getByTestId('problem-slot-2')).toHaveText(
    'Reference 3 is 2 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video.',
  );
  const send = page.getByRole('button', { name: 'Review and send' });
  await expect(send).toBeDisabled();
  await saveScreenshots(page, 'video-import-05-editor-length');

  // A video only the service knows the length of is not blocked, and the form says so.
  await page.locator('#slot-2').fill('asset://uploaded-elsewhere');
  await expect(page.getByTestId('problem-slot-2')).toHaveCount(0);
  await expect(page.getByTestId('length-unknown')).toContainText(
    'The length of reference 3 is not known on this computer',
  );
  await page.locator('#slot-2').fill('asset://demo-video-8s');
  await expect(page.getByTestId('length-unknown')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await send.click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByTestId('round').first()).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
  const { projects } = await core.handlers['video:projects'](undefined);
  expect(
    projects[0]?.shots[0]?.rounds[0]?.request.content.map((item) => item.role ?? item.type),
  ).toEqual(['text', 'reference_video', 'reference_video', 'reference_audio', 'reference_audio']);
});
