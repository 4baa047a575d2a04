import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { decodeMask, maskShare } from '../../src-shared/video-clean/mask-runs.ts';
import { clipPair, requireFfmpeg, type ClipSpec } from '../support/video-clips.ts';
import {
  connectApp,
  dropFolder,
  expectAccessible,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';

const world = useAppWorld({ accounts: [] });

const SPEC: ClipSpec = {
  width: 640,
  height: 360,
  frameRate: 30,
  frames: 90,
  container: 'mp4',
  logo: 'translucent',
};

/** A test clip copied into the dropped folder under `name`, and the window opened on it. */
async function dropClip(page: Page, spec: ClipSpec, name: string): Promise<Locator> {
  await requireFfmpeg();
  const pair = await clipPair(spec);
  await mkdir(path.join(world.dir, 'clips'), { recursive: true });
  await copyFile(pair.marked, path.join(world.dir, 'clips', name));
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, name);
  return page.getByTestId('videos-area');
}

/** The percentage the share sentence starts with, as a number. */
async function shareOf(area: Locator): Promise<number> {
  const text = (await area.getByTestId('clip-share').textContent()) ?? '';
  return Number(/([\d.]+)\s*%/.exec(text)?.[1] ?? Number.NaN);
}

const loaded = (image: Locator) =>
  expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(640);

test('a staged clip shows its mask over a frame, grows it, previews it for free and is cleaned with it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const area = await dropClip(page, SPEC, 'harbour.mp4');
  const proposal = area.getByTestId('clip-proposal');
  await expect(proposal).toHaveAttribute('data-status', 'found', { timeout: 60_000 });
  const frame = proposal.getByTestId('clip-proposal-frame');
  await loaded(frame.getByRole('img', { name: /middle of harbour\.mp4/ }));
  await expect(proposal.getByTestId('clip-share')).toContainText('The mask covers');
  const found = await shareOf(area);
  expect(found).toBeGreaterThan(0.3);
  expect(found).toBeLessThan(5);
  await proposal.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'clip-proposal-01-found');

  await proposal.getByRole('button', { name: 'Grow by 2 px' }).click();
  await expect.poll(() => shareOf(area)).toBeGreaterThan(found);
  const grown = await shareOf(area);

  await proposal.getByRole('button', { name: 'Preview before and after' }).click();
  await expect(proposal.getByText('Free: the preview is made on this computer')).toBeVisible();
  const preview = proposal.getByTestId('clip-preview');
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await loaded(preview.getByTestId('clip-still-before'));
  await loaded(preview.getByTestId('clip-still-after'));
  for (const side of ['before', 'after']) {
    const stretch = preview.getByTestId(`clip-stretch-${side}`);
    await expect
      .poll(() => stretch.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(2);
    const seconds = await stretch.evaluate((element: HTMLVideoElement) => element.duration);
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(2.5);
    // It plays in the window: its clock moves.
    await expect
      .poll(() => stretch.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0.2);
  }
  await preview.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'clip-proposal-02-preview');
  await expectAccessible(page);
  expect(await readdir(path.join(world.dir, 'out')).catch(() => [] as string[])).toEqual([]);

  await area.getByRole('button', { name: 'Clean 1 clip' }).click();
  const line = area.getByTestId('clip-line');
  await expect(line).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const video = line.getByTestId('clip-result');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(
    2.5,
  );
  await saveScreenshots(page, 'clip-proposal-03-cleaned');
  expect(await readdir(path.join(world.dir, 'out'))).toContain('harbour-clean.mp4');
  // The run was given the grown mask, kept with the clip's job.
  const db = new Database(path.join(world.dir, 'data', 'clearframe.sqlite'), { readonly: true });
  const row = db.prepare('SELECT mask FROM clip_jobs').get() as { mask: string | null };
  db.close();
  const kept = decodeMask(row.mask ?? '');
  expect(kept?.width).toBe(640);
  expect(maskShare(kept?.mask ?? new Uint8Array(1)) * 100).toBeCloseTo(grown, 1);
});

test('"not this" leaves a clip out of the run with a sentence', async ({ page }) => {
  test.setTimeout(120_000);
  const area = await dropClip(page, SPEC, 'quay.mp4');
  const proposal = area.getByTestId('clip-proposal');
  await expect(proposal).toHaveAttribute('data-status', 'found', { timeout: 60_000 });
  await proposal.getByRole('checkbox', { name: 'Clean quay.mp4' }).uncheck();
  await expect(proposal).toContainText('quay.mp4 is left out: it will not be cleaned.');
  await expect(area.getByRole('button', { name: /Clean \d clip/ })).toHaveCount(0);
});

test('a clip whose mark sits elsewhere in each scene is refused with what to do, before any run', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const area = await dropClip(page, { ...SPEC, moves: true }, 'two-scenes.mp4');
  const proposal = area.getByTestId('clip-proposal');
  await expect(proposal).toHaveAttribute('data-status', 'refused', { timeout: 60_000 });
  await expect(proposal.getByRole('alert')).toHaveText(
    'The mark in two-scenes.mp4 sits in one place in one scene and elsewhere in another: cut the clip at the scene change and drop each part on its own.',
  );
  await expect(area.getByRole('button', { name: /Clean \d clip/ })).toHaveCount(0);
  await expect(area.getByTestId('clip-line')).toHaveCount(0);
  await proposal.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'clip-proposal-04-moved-mark');
  await expectAccessible(page);
  await proposal.getByRole('button', { name: 'Remove from the list' }).click();
  await expect(page.getByTestId('videos-area')).toHaveCount(0);
});

test("a turned clip's frame and mask are shown turned, as the clip plays", async ({ page }) => {
  test.setTimeout(120_000);
  const area = await dropClip(page, { ...SPEC, rotation: 90 }, 'portrait.mp4');
  const proposal = area.getByTestId('clip-proposal');
  await expect(proposal).toHaveAttribute('data-status', 'found', { timeout: 60_000 });
  const frame = proposal.getByTestId('clip-proposal-frame');
  for (const image of await frame.getByRole('img', { includeHidden: true }).all()) {
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => [
          element.naturalWidth,
          element.naturalHeight,
        ]),
      )
      .toEqual([360, 640]);
  }
  await proposal.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'clip-proposal-05-turned');
});
