import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makePhoto } from '../support/images.ts';
import { markedSet } from '../support/marked-scenes.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';
import { expectButtonsInWindow } from './in-window.ts';

const KEY = 'cf-apply-all-key-6a20';
const world = useAppWorld({ accounts: [{ key: KEY, credits: 100 }], watermark: {} });

for (const viewport of [
  { width: 1280, height: 820 },
  { width: 880, height: 560 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`Apply to all asks before replacing found and painted masks, and Undo puts them back (${size})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const folder = `mixed-${size}`;
    await markedSet(path.join(world.dir, folder), {
      count: 6,
      sizes: [{ width: 400, height: 300 }],
      opacity: 0.45,
      seed: 11,
    });
    for (const name of ['other-a.png', 'other-b.png']) {
      await writeFile(path.join(world.dir, folder, name), await makePhoto(300, 400, 'png', 7));
    }
    const core = await world.startCore();
    await page.setViewportSize(viewport);
    await connectApp(page, world.server, core, { droppedDir: world.dir });
    await page.goto(world.server.url);
    await dropFolder(page, folder);
    const summary = page.getByTestId('staged-summary');
    await expect(summary).toHaveText('8 images, 0 with a mask');

    // Masks found by Find the watermark, and one painted by hand.
    await page.getByRole('button', { name: 'Find the watermark' }).click();
    const finder = page.getByRole('dialog', { name: 'Find the watermark' });
    const use = finder.getByRole('button', { name: /^Use the masks for \d+ images?$/ });
    await expect(use).toBeVisible({ timeout: 60_000 });
    await expectButtonsInWindow(page, finder.locator('.finder > .actions'));
    await use.click();
    await expect(finder).toBeHidden();
    const found = Number((await summary.textContent())?.match(/(\d+) with a mask/)?.[1]);
    expect(found).toBeGreaterThan(0);
    const row = (name: string) => page.getByTestId('staged').filter({ hasText: name });
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await row('other-a.png').getByRole('button', { name: 'Paint mask' }).click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(editor.getByText('300×400 · 2 strokes')).toBeVisible();
    await editor.getByRole('button', { name: 'Use this mask' }).click();
    await expect(summary).toHaveText(`8 images, ${found + 1} with a mask`);
    const before = await page.getByTestId('staged').allTextContents();

    // Escape asks; Keep painting goes back to the picture, not to a button below it.
    await row('other-b.png').getByRole('button', { name: 'Paint mask' }).click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const leave = editor.getByRole('alertdialog', { name: 'Throw away this mask?' });
    await expectButtonsInWindow(page, leave);
    await leave.getByRole('button', { name: 'Keep painting' }).press('Enter');
    await expect(editor.getByTestId('mask-canvas')).toBeFocused();

    // Apply to all would replace masks: it says how many, found and painted, and waits.
    await editor.getByRole('button', { name: 'Apply to all 8 images' }).click();
    const question = editor.getByTestId('replace-question');
    await expect(question).toContainText(
      `Replace ${found + 1} masks? ${found} ${found === 1 ? 'was' : 'were'} found by Find the watermark, 1 painted by hand.`,
    );
    await expectButtonsInWindow(page, question);
    await saveScreenshots(page, `apply-all-01-question-${size}`);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(editor.getByTestId('mask-canvas')).toBeFocused();
    await expect(editor).toBeVisible();
    expect(await page.getByTestId('staged').allTextContents()).toEqual(before);

    await editor.getByRole('button', { name: 'Apply to all 8 images' }).click();
    await question.getByRole('button', { name: `Replace ${found + 1} masks` }).click();
    await expect(editor).toBeHidden();
    await expect(summary).toHaveText('8 images, 8 with a mask');
    const note = page.getByTestId('mask-note-bar');
    await expect(note).toContainText('Mask applied to 8 images.');

    // Undo: every mask as it was, found and painted.
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(note).toContainText('Undone: the masks are as they were before.');
    await expect(summary).toHaveText(`8 images, ${found + 1} with a mask`);
    expect(await page.getByTestId('staged').allTextContents()).toEqual(before);
    await row('other-a.png').getByRole('button', { name: 'Edit mask' }).click();
    await expect(editor.getByText('300×400 · 2 strokes')).toBeVisible();
    await saveScreenshots(page, `apply-all-02-undone-${size}`);
  });
}
