import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { realMarkedBatch } from '../support/real-photos.ts';
import { connectApp, saveScreenshot, SCREENSHOT_DIR, useAppWorld } from './harness.ts';

/**
 * The short path of issue #33, as a new user walks it: choose a folder of real photos (with
 * the bad files people have lying around), look at what the finder proposes, start. Every
 * click and every decision the user makes is counted; the target is Upscayl's 4 and 2.
 */

const KEY = 'cf-newcomer-key-4c19';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

/** An empty file, text named .png, a JPEG cut short and a drawing: each refused by name. */
async function badFiles(root: string): Promise<string[]> {
  const whole = await readFile(path.join(root, 'a', 'IMG_0001.jpg'));
  const files: Array<[string, string | Buffer]> = [
    ['empty.jpg', ''],
    ['notes.png', 'shopping list: milk, bread\n'],
    ['cut-short.jpg', whole.subarray(0, Math.floor(whole.length * 0.6))],
    [
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ],
  ];
  for (const [name, bytes] of files) await writeFile(path.join(root, name), bytes);
  return files.map(([name]) => name);
}

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`a newcomer cleans a folder in four clicks and two decisions, pays nothing for a bad file or a second add (${size})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const shoot = path.join(world.dir, `shoot-${size}`);
    await mkdir(shoot, { recursive: true });
    const photos = await realMarkedBatch(shoot);
    const bad = await badFiles(shoot);
    const running = await world.startCore();
    expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
      true,
    );
    await page.setViewportSize(viewport);
    await connectApp(page, world.server, running, { chosenFolder: shoot });
    await page.goto(world.server.url);
    // The simulator serves both window sizes: only what this run sends counts.
    const earlier = world.sim.requestLog().length;
    const submissions = () =>
      world.sim
        .requestLog()
        .slice(earlier)
        .filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit));

    let clicks = 0;
    let decisions = 0;
    /** A click on the short path; `decides` when the user has to choose something there. */
    const click = async (target: Locator, decides = false) => {
      await target.click();
      clicks += 1;
      if (decides) decisions += 1;
    };

    // 1: the folder (a decision: which one).
    await click(page.getByRole('button', { name: 'Choose folder…' }), true);
    await expect(page.getByTestId('staged-summary')).toHaveText(
      `${photos.length} images, 0 with a mask`,
    );
    for (const name of bad) await expect(page.getByText(new RegExp(`${name}: `))).toBeVisible();
    await saveScreenshot(page, `newcomer-01-staged-${size}`);

    // 2: look for the watermark.
    await click(page.getByRole('button', { name: 'Find the watermark' }));
    const finder = page.getByRole('dialog', { name: 'Find the watermark' });
    await expect(finder.getByRole('heading', { name: 'The watermark found' })).toBeVisible({
      timeout: 180_000,
    });
    const use = finder.getByRole('button', { name: `Use the masks for ${photos.length} images` });
    await expect(use).toBeInViewport();
    await saveScreenshot(page, `newcomer-02-proposal-${size}`);

    // 3: take what was found (a decision: the proposal is right).
    await click(use, true);
    await expect(page.getByTestId('staged-summary')).toHaveText(
      `${photos.length} images, ${photos.length} with a mask`,
    );

    // 4: start; the button says what it spends before anything is paid.
    const start = page.getByTestId('start');
    await expect(start).toHaveText(
      `Start – uses ${photos.length} credits for ${photos.length} images`,
    );
    await saveScreenshot(page, `newcomer-03-ready-${size}`);
    await click(start);
    await expect(page.getByTestId('jobs-summary')).toHaveText(
      new RegExp(`^${photos.length} of ${photos.length} done`),
      { timeout: 180_000 },
    );
    await saveScreenshot(page, `newcomer-04-done-${size}`);

    // One paid request per good photo, each with its mask; none for a refused file.
    const paid = submissions();
    expect(paid).toHaveLength(photos.length);
    for (const entry of paid) expect(entry.smear).toBeDefined();
    const listed = await running.handlers['watermark:list'](undefined);
    const sources = listed.jobs.map((job) => path.basename(job.inputPath));
    expect(sources).toHaveLength(photos.length);
    for (const name of bad) expect(sources).not.toContain(name);

    expect(clicks).toBeLessThanOrEqual(4);
    expect(decisions).toBeLessThanOrEqual(2);
    await writeFile(
      path.join(SCREENSHOT_DIR, `newcomer-path-${size}.json`),
      JSON.stringify({ clicks, decisions, photos: photos.length, refused: bad.length }),
    );

    // The same folder again: every photo is known as cleaned with its mask, nothing is paid.
    await page.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(page.getByTestId('cleaned-note')).toContainText(
      `${photos.length} of these were cleaned before`,
    );
    await expect(start).toBeDisabled();
    await saveScreenshot(page, `newcomer-05-added-again-${size}`);
    expect(submissions()).toHaveLength(photos.length);
  });
}
