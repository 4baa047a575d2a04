import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { clipFacts } from '../support/clip-measure.ts';
import { clipPair, requireFfmpeg, type ClipSpec } from '../support/video-clips.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({ accounts: [] });

const SHORT: ClipSpec = {
  width: 640,
  height: 360,
  frameRate: 30,
  frames: 90,
  container: 'mp4',
  logo: 'translucent',
};

/** An H.264 clip with a half-transparent logo (3 seconds unless said), copied in under `name`. */
async function markedClip(name: string, spec: ClipSpec = SHORT): Promise<string> {
  await requireFfmpeg();
  const pair = await clipPair(spec);
  await mkdir(path.join(world.dir, 'clips'), { recursive: true });
  const file = path.join(world.dir, 'clips', name);
  await copyFile(pair.marked, file);
  return file;
}

/** The files the data folder keeps of clips being cleaned (segments, parts, records). */
async function segmentFiles(): Promise<string[]> {
  const dir = path.join(world.dir, 'data', 'clip-segments');
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return names.map(String).filter((name) => name.includes('.'));
}

/** How many segments the data folder's records say are finished, over every clip. */
async function segmentsKept(): Promise<number> {
  let kept = 0;
  for (const name of await segmentFiles()) {
    if (!name.endsWith('segments.json')) continue;
    const file = path.join(world.dir, 'data', 'clip-segments', name);
    const record = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as {
      segments?: unknown[];
    };
    kept += record.segments?.length ?? 0;
  }
  return kept;
}

test('a dropped clip is cleaned in the window and its cleaned clip plays there', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await markedClip('harbour.mp4');
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, 'harbour.mp4');

  const area = page.getByTestId('videos-area');
  await expect(area.getByRole('heading', { name: 'Videos' })).toBeVisible();
  await saveScreenshots(page, 'clips-01-staged');
  await area.getByRole('button', { name: 'Clean 1 clip' }).click();
  const line = area.getByTestId('clip-line');
  await expect(line).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const video = line.getByTestId('clip-result');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(
    2.5,
  );
  await saveScreenshots(page, 'clips-02-cleaned');
  expect(await readdir(path.join(world.dir, 'out'))).toContain('harbour-clean.mp4');
});

test('a clip cancelled while the window cleans it leaves no file', async ({ page }) => {
  test.setTimeout(240_000);
  await markedClip('pier.mp4');
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, 'pier.mp4');
  // The window's fetch of the clip is held until Cancel has been clicked: a short clip on a
  // fast machine is otherwise cleaned before the click lands, and the test would race it.
  let fetched!: () => void;
  const asked = new Promise<void>((resolve) => (fetched = resolve));
  let cancelled!: () => void;
  const held = new Promise<void>((resolve) => (cancelled = resolve));
  await page.route('**/clip/*/input', async (route) => {
    fetched();
    await held;
    await route.abort();
  });
  const area = page.getByTestId('videos-area');
  await area.getByRole('button', { name: 'Clean 1 clip' }).click();
  const line = area.getByTestId('clip-line');
  await asked;
  await expect(line).toHaveAttribute('data-state', 'preparing', { timeout: 60_000 });
  await saveScreenshots(page, 'clips-03-cleaning');
  await line.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toHaveAttribute('data-state', 'canceled');
  cancelled();
  await expect(line).toContainText('Canceled');
  const out = await readdir(path.join(world.dir, 'out')).catch(() => [] as string[]);
  expect(out).toEqual([]);
  await expect.poll(segmentFiles).toEqual([]);
});

test('a clip cut off by a restart carries on from its last finished segment: one clip with every frame and the sound as it was', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  // Twenty seconds: five segments of four seconds, so the app can stop between two of them.
  const source = await markedClip('quay.mp4', { ...SHORT, frames: 600 });
  const first = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, first, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, 'quay.mp4');
  await page.getByTestId('videos-area').getByRole('button', { name: 'Clean 1 clip' }).click();
  await expect.poll(segmentsKept, { timeout: 180_000, intervals: [100] }).toBeGreaterThanOrEqual(1);

  // The app quits mid-clip and starts again on the same data.
  await first.stop();
  const kept = await segmentsKept();
  expect(kept).toBeLessThan(5);
  await page.close();
  const second = await world.startCore();
  const again = await context.newPage();
  await again.setViewportSize({ width: 1280, height: 820 });
  await connectApp(again, world.server, second, { droppedDir: path.join(world.dir, 'clips') });
  await again.goto(world.server.url);
  const line = again.getByTestId('videos-area').getByTestId('clip-line');
  // Progress counts the frames of the segments kept before the restart.
  const progress = line.getByText(/\d+ of 600 frames/);
  await expect(progress).toBeVisible({ timeout: 120_000 });
  const shown = Number(/(\d+) of 600/.exec((await progress.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(kept * 120);
  await saveScreenshots(again, 'clips-04-resumed');
  await expect(line).toHaveAttribute('data-state', 'done', { timeout: 180_000 });

  const output = path.join(world.dir, 'out', 'quay-clean.mp4');
  expect(await readdir(path.join(world.dir, 'out'))).toEqual([
    'clearframe-provenance.jsonl',
    'quay-clean.mp4',
  ]);
  const [before, after] = await Promise.all([clipFacts(source), clipFacts(output)]);
  expect(after.frames).toBe(600);
  expect(before.sound.length).toBeGreaterThan(0);
  expect(after.sound).toEqual(before.sound);
  expect(await segmentFiles()).toEqual([]);
});

test('a clip the window could not read says why and what to do, and Try again cleans it for free', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await markedClip('quay.mp4');
  const core = await world.startCore();
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core, { droppedDir: path.join(world.dir, 'clips') });
  await page.goto(world.server.url);
  await dropFolder(page, 'quay.mp4');
  const area = page.getByTestId('videos-area');
  // The proposal has read the clip: the next read is the run's, and it is made to fail once.
  await expect(area).toContainText('The mask covers', { timeout: 60_000 });
  let failNext = true;
  await page.route('**/clip/*/input', async (route) => {
    if (!failNext) return route.continue();
    failNext = false;
    return route.abort('failed');
  });
  await area.getByRole('button', { name: 'Clean 1 clip' }).click();
  const line = area.getByTestId('clip-line');
  await expect(line).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  await expect(line.getByRole('alert')).toContainText('Cleaning quay.mp4 stopped in the window (');
  await expect(line.getByRole('alert')).toContainText(
    'Try again: the parts already cleaned are kept',
  );
  await saveScreenshots(page, 'clips-05-failed');
  await line.getByRole('button', { name: 'Try again (free)' }).click();
  await expect(line).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  expect(await readdir(path.join(world.dir, 'out'))).toContain('quay-clean.mp4');
});
