import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { JOB_STATES } from '../../src-shared/domain/job-states.ts';
import { settingsSchema } from '../../src-shared/domain/settings.ts';
import { connectApp, saveScreenshots, useAppWorld } from './harness.ts';
import { roundMenu } from './video-shots.ts';

const world = useAppWorld({});

/** Every value an enum setting may take, read from the settings schema, nested ones too. */
function enumValues(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodNullable) {
    return enumValues(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  if (schema instanceof z.ZodObject) {
    return Object.values(schema.shape as Record<string, z.ZodType>).flatMap(enumValues);
  }
  return [];
}
/** What a screen must never show as a value: a setting's stored choice, an engine's state name. */
const RAW_VALUES = [...new Set([...enumValues(settingsSchema), ...JOB_STATES])];

/** What the screen shows: its visible text, and the labels of every choice it offers. */
function shown(page: Page): Promise<{ text: string; pieces: string[]; options: string[] }> {
  return page.evaluate(() => {
    const pieces: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('option, script, style')) continue;
      if (!parent.checkVisibility()) continue;
      pieces.push(node.textContent ?? '');
    }
    return {
      text: document.body.innerText,
      pieces,
      options: [...document.querySelectorAll('option')].map((option) => option.text),
    };
  });
}

/**
 * A raw value shown as a value: a choice labelled with it, or a short phrase (a label, a
 * summary's part between separators) made of it, such as "suffix" or "(starter tier)". Prose
 * that happens to use the same English word ("the same folder", "the system keychain") is a
 * longer phrase and is not what this looks for.
 */
function rawValuesIn(screen: { pieces: string[]; options: string[] }): string[] {
  const phrases = [
    ...screen.options,
    ...screen.pieces.flatMap((piece) => piece.split(/[·:;,()"“”]/)),
  ].map((phrase) => phrase.trim().split(/\s+/).filter(Boolean));
  return phrases
    .filter((words) => words.length > 0 && words.length <= 2)
    .filter((words) => words.some((word) => RAW_VALUES.includes(word)))
    .map((words) => words.join(' '));
}

async function expectPlainWords(page: Page, where: string): Promise<void> {
  const screen = await shown(page);
  expect(rawValuesIn(screen), `raw setting values on ${where}`).toEqual([]);
  expect(screen.text, `placeholders on ${where}`).not.toMatch(/\{\w+\}/);
  expect(screen.text, `schema paths on ${where}`).not.toMatch(/\w+\[\d+\]\.\w+/);
  expect(screen.text, `member names on ${where}`).not.toMatch(/\b(image|video|audio)_url\b/);
}

const screenButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true });

test('every screen speaks the user’s words, not the settings file’s or the service’s', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(RAW_VALUES).toEqual(
    expect.arrayContaining(['suffix', 'keep', 'starter', 'mirror', 'done', 'needs-attention']),
  );
  await page.setViewportSize({ width: 1280, height: 820 });
  const core = await world.startCore();
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);

  // Images: the output summary gives a file name as an example, not as a template.
  await expect(page.getByText(/^Output:/)).toContainText('names like IMG_0412-clean.jpg');
  await expectPlainWords(page, 'Images');
  // A change made there is saved there; Settings does not greet it with "Saved.".
  await page.getByText(/^Output:/).click();
  await page.getByLabel('When the name is taken').selectOption('overwrite');
  await expect(page.getByLabel('When the name is taken')).toHaveValue('overwrite');
  await expectPlainWords(page, 'Images, output open');

  await screenButton(page, 'Video').click();
  await expect(page.getByRole('heading', { name: 'Make a video, shot by shot' })).toBeVisible();
  await expectPlainWords(page, 'Video, empty');
  await saveScreenshots(page, 'words-video-empty');

  await page.getByLabel('New project', { exact: true }).fill('Harbour');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour · shot 1' })).toBeVisible();
  // Nothing typed yet: no rule speaks up.
  await expect(page.locator('.round-editor [role=alert]')).toHaveCount(0);
  await expectPlainWords(page, 'Video, new project');

  // Every rule a filled form can break says what to change in the form's words.
  await page.getByLabel('Kind of round').selectOption('auto');
  await page.getByRole('combobox', { name: 'Ratio', exact: true }).selectOption('16:9');
  await page.getByLabel('Prompt').fill('the quay to the sound of @audio1');
  for (let i = 0; i < 49; i += 1) {
    await page.getByRole('button', { name: 'Attach an image' }).click();
  }
  // Demo mode offers the simulator's own media, which it takes without an upload.
  await page
    .getByLabel('Demo media for reference 1', { exact: true })
    .getByRole('button', { name: 'Landscape photo' })
    .click();
  await expect(page.locator('#slot-0')).toHaveValue('asset://demo-image-landscape');
  await page.locator('#slot-1').fill('https://example.test/clip.mp4');
  for (let i = 2; i < 51; i += 1)
    await page.locator(`#slot-${i}`).fill('asset://demo-image-portrait');
  await expect(page.getByTestId('problem-prompt')).toContainText('Remove 2 references');
  await expect(page.getByTestId('problem-prompt')).toContainText(
    'The prompt names @audio1, but the round has no audio references',
  );
  await expect(page.getByTestId('problem-slot-1')).toContainText(
    'Give reference 2 as an asset:// address',
  );
  await expect(page.getByTestId('problem-ratio')).toContainText('Choose the ratio adaptive');
  await expectPlainWords(page, 'Video, rules broken');
  await saveScreenshots(page, 'words-video-fifty-references');

  // A project with a finished round, a second shot, the first chosen and its clip playing.
  await page.getByLabel('Kind of round').selectOption('text');
  await page.getByLabel('Prompt').fill('gulls over the harbour wall');
  await page.getByRole('button', { name: 'Review and send' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  const round = page.getByTestId('round').first();
  await expect(round).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(round).toContainText('5-second clip');
  await page.getByRole('button', { name: 'Add shot' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour · shot 2' })).toBeVisible();
  await page.getByRole('button', { name: /^Shot 1/ }).click();
  await roundMenu(round, 'Play');
  await expect(page.getByTestId('player')).toBeVisible();
  await page.getByText('Tasks on the service').click();
  const task = page.getByTestId('service-task').first();
  await expect(task).toContainText('gulls over the harbour wall');
  await expect(task).toContainText('in Harbour, shot 1, round 1');
  await expectPlainWords(page, 'Video, filled');
  await saveScreenshots(page, 'words-video-filled');

  // Settings: the choices in words, the file name as an example, and no "Saved." on entering.
  await screenButton(page, 'Settings').click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByLabel('When the name is taken')).toHaveValue('overwrite');
  await expect(page.getByText('Saved.')).toHaveCount(0);
  await expect(page.getByTestId('filename-example')).toContainText('IMG_0412-clean.jpg');
  await expectPlainWords(page, 'Settings');
  await saveScreenshots(page, 'words-settings');

  await screenButton(page, 'Account').click();
  await expect(page.getByTestId('account-price')).toContainText('Starter tier');
  await expectPlainWords(page, 'Account');

  // Back on Video, the shot and the player are as they were left.
  await screenButton(page, 'Video').click();
  await expect(page.getByRole('heading', { name: 'Harbour · shot 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Shot 1/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('player')).toBeVisible();
});
