import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePhoto, makeTruncatedJpeg } from '../support/images.ts';
import { connectApp, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({
  accounts: [{ key: 'cf-choose-folder-e2e-7a3f', credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

test('"Choose folder…" stages a folder exactly as a dropped one: its subfolders, its refusals, its tree in the output', async ({
  page,
}) => {
  const shoot = path.join(world.dir, 'shoot');
  for (const day of ['day-1', 'day-2']) {
    await mkdir(path.join(shoot, day), { recursive: true });
    await writeFile(
      path.join(shoot, day, 'IMG_0001.png'),
      await makePhoto(48, 32, 'png', day.length),
    );
  }
  await writeFile(path.join(shoot, 'day-2', 'IMG_0002.png'), await makePhoto(48, 32, 'png', 9));
  await writeFile(path.join(shoot, 'day-2', 'cut.jpg'), await makeTruncatedJpeg());
  const probes: unknown[] = [];
  const running = await world.startCore();
  await connectApp(page, world.server, running, {
    chosenFolder: shoot,
    onMessage: (message) => {
      const sent = message as { channel?: string; payload?: unknown };
      if (sent.channel === 'media:probe' && 'payload' in sent) probes.push(sent.payload);
    },
  });
  await page.goto(world.server.url);
  await saveScreenshots(page, 'choose-folder-01-empty');

  await page.getByRole('button', { name: 'Choose folder…' }).click();

  await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 0 with a mask');
  await expect(page.getByText(/cut\.jpg: The image is damaged or cut short/)).toBeVisible();
  expect(probes).toEqual([expect.objectContaining({ paths: [shoot] })]);
  await expect(page.getByRole('button', { name: 'Choose folder…' })).toBeVisible();
  await saveScreenshots(page, 'choose-folder-02-staged');

  await page.getByRole('button', { name: 'Start – uses 3 credits' }).click();
  await expect(page.getByTestId('jobs-summary')).toHaveText('3 of 3 done', { timeout: 30_000 });
  // The folder's tree is kept in the output folder, as for a dropped folder.
  const out = path.join(world.dir, 'out');
  expect((await readdir(path.join(out, 'day-1'))).sort()).toEqual([
    'IMG_0001-clean.png',
    'clearframe-provenance.jsonl',
  ]);
  expect((await readdir(path.join(out, 'day-2'))).sort()).toEqual([
    'IMG_0001-clean.png',
    'IMG_0002-clean.png',
    'clearframe-provenance.jsonl',
  ]);
});

test('a folder dialog closed without a choice stages nothing', async ({ page }) => {
  const seen: Array<{ channel?: string; result?: unknown }> = [];
  const running = await world.startCore();
  await connectApp(page, world.server, running, {
    onMessage: (message) => seen.push(message as { channel?: string; result?: unknown }),
  });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Choose folder…' }).click();
  await expect
    .poll(() => seen.find((message) => message.channel === 'media:chooseFolders' && message.result))
    .toMatchObject({ result: { ok: true, value: { paths: [] } } });
  expect(seen.filter((message) => message.channel === 'media:probe')).toEqual([]);
  await expect(page.getByTestId('staged-summary')).toHaveCount(0);
});
