import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import {
  ROUND_WAIT,
  connectApp,
  expectAccessible,
  firstProjectRoundStates,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';

const KEY = 'cf-video-file-key-3';

const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 200, processingMs: 800, jitter: 0.1 },
});

test('a picture on this computer is a reference image: chosen in a dialog, shown as a thumbnail, sent inside the request', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const file = path.join(world.dir, 'quay at dawn.jpg');
  await sharp({ create: { width: 960, height: 540, channels: 3, background: '#2a5d8f' } })
    .jpeg()
    .toFile(file);
  // The open dialog answers with this file.
  await connectApp(page, world.server, core, { chosenMaskFile: file });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByLabel('New project', { exact: true }).fill('Quay');
  await page.getByRole('button', { name: 'Create' }).click();

  const editor = page.getByRole('form', { name: 'New round' });
  await editor.getByLabel('Kind of round').selectOption('image');
  await editor.getByLabel('Prompt').fill('the quay wakes up in @image1');
  await editor.getByRole('button', { name: 'Choose a file…' }).click();
  await expect(editor.getByTestId('inline-file-0')).toHaveText(
    'quay at dawn.jpg · on this computer, sent inside the request · 960×540',
  );
  const thumb = editor.getByRole('img', { name: 'first frame preview' });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await saveScreenshots(page, 'video-reference-file-01-chosen');
  await expectAccessible(page);

  await editor.getByRole('button', { name: 'Review and send' }).click();
  await editor.getByRole('button', { name: 'Confirm and send' }).click();
  await expect.poll(() => firstProjectRoundStates(core), ROUND_WAIT).toEqual(['done']);
  const { projects } = await core.handlers['video:projects'](undefined);
  const sent = projects[0]?.shots[0]?.rounds[0]?.request as VideoGenerateRequest;
  expect(sent.content[1]).toEqual({
    type: 'image_url',
    image_url: {
      url: `data:image/jpeg;base64,${(await readFile(file)).toString('base64')}`,
    },
    role: 'first_frame',
  });
});
