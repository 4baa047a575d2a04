import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { REAL_PHOTOS, requireRealPhotos } from '../support/real-photos.ts';
import {
  ROUND_WAIT,
  connectApp,
  expectAccessible,
  firstProjectRoundStates,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';

const KEY = 'cf-video-drop-key-36';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 200, processingMs: 800, jitter: 0.1 },
});

interface Given {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A transfer holding files and text, as a file manager's drag or the clipboard hands them. */
async function transfer(page: Page, files: readonly Given[], text = '') {
  return page.evaluateHandle(
    ({ files, text }) => {
      const data = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      if (text) data.setData('text/plain', text);
      return data;
    },
    {
      files: files.map((file) => ({ ...file, base64: file.bytes.toString('base64') })),
      text,
    },
  );
}

async function drop(page: Page, bar: Locator, files: readonly Given[]): Promise<void> {
  await bar.dispatchEvent('drop', { dataTransfer: await transfer(page, files) });
}

/** Pastes into the prompt: the event the system's paste sends, with the clipboard's data. */
async function paste(page: Page, bar: Locator, files: readonly Given[], text = '') {
  const data = await transfer(page, files, text);
  await bar.getByLabel('Prompt').evaluate((field, clipboardData) => {
    field.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
    );
  }, data);
}

test('pictures dropped or pasted onto the prompt bar are attached as chips, checked like a chosen file; clips and bad pictures say why', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await requireRealPhotos();
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await core.handlers['video:createProject']({ name: 'Dunes' });
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  const bar = page.getByRole('form', { name: 'New round' });
  const chips = bar.getByTestId('chip');
  await bar.getByLabel('Prompt').fill('the dune at noon, wind from @image1');

  // A photo from this computer, dropped: its first frame, sent inside the request.
  const photo = REAL_PHOTOS[2];
  const dune = await readFile(photo);
  await drop(page, bar, [{ name: 'Dune.jpg', type: 'image/jpeg', bytes: dune }]);
  await expect(chips).toHaveText(['@image1 · first frame']);
  await expect(bar.getByLabel('Kind of round')).toHaveValue('image');
  await expect(bar.getByTestId('inline-file-0')).toBeVisible();

  // A picture on the clipboard (a screenshot has no name): the second image, the last frame.
  const shot = await sharp({
    create: { width: 640, height: 400, channels: 3, background: '#c9a36b' },
  })
    .png()
    .toBuffer();
  await paste(page, bar, [{ name: '', type: 'image/png', bytes: shot }]);
  await expect(chips).toHaveText(['@image1 · first frame', '@image2 · last frame']);
  await expect(bar.getByLabel('Kind of round')).toHaveValue('frames');
  await expect(bar.getByLabel('Prompt')).toHaveValue('the dune at noon, wind from @image1');

  // What cannot be attached says why, one sentence each, and nothing is attached for it.
  const tiny = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  await drop(page, bar, [
    { name: 'icon.png', type: 'image/png', bytes: tiny },
    { name: 'walk.mp4', type: 'video/mp4', bytes: Buffer.from('not a real clip') },
    { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('gulls') },
  ]);
  const problems = bar.getByTestId('drop-problems').getByRole('listitem');
  await expect(problems).toHaveText([
    /^icon\.png: .*300.*6000/,
    'walk.mp4: the service takes clips and sounds only by address. Upload it to your account and paste its asset:// address (a sound may also be a web address).',
    'notes.txt is not a picture, clip or sound: drop pictures (JPEG, PNG, WebP, TIFF or GIF), or paste the address of a clip or sound.',
  ]);
  await expect(chips).toHaveCount(2);
  await saveScreenshots(page, 'video-drop-01-two-pictures');
  await expectAccessible(page);

  // Sent as dropped: the photo's own bytes inside the request, after the one question.
  await bar.getByRole('button', { name: /^Review and send/ }).click();
  await bar.getByRole('button', { name: 'Confirm and send' }).click();
  await expect.poll(() => firstProjectRoundStates(core), ROUND_WAIT).toEqual(['done']);
  const { projects } = await core.handlers['video:projects'](undefined);
  const sent = projects[0]?.shots[0]?.rounds[0]?.request as VideoGenerateRequest;
  expect(sent.content.slice(1)).toEqual([
    {
      type: 'image_url',
      image_url: { url: `data:image/jpeg;base64,${dune.toString('base64')}` },
      role: 'first_frame',
    },
    {
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${shot.toString('base64')}` },
      role: 'last_frame',
    },
  ]);

  // An address pasted is attached by what it names; other text stays the prompt's own.
  await paste(page, bar, [], 'asset://demo-audio-6s');
  await expect(chips.filter({ hasText: '@audio1' })).toHaveText('@audio1 · reference audio');
  await expect(bar.getByLabel(/reference audio/)).toHaveValue('asset://demo-audio-6s');
  const attached = await chips.count();
  await paste(page, bar, [], 'https://example.com/not-media');
  await paste(page, bar, [], 'asset://demo-video-8s');
  await expect(chips.filter({ hasText: '@video1' })).toHaveText('@video1 · reference video');
  await expect(chips).toHaveCount(attached + 1);
});
