import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { PSEUDO_LANGUAGE, type ShownLanguage } from '../../src-shared/i18n/languages.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { makePhoto } from '../support/images.ts';
import { findClippedText } from './clipped-text.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-languages-e2e-video-key-1';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 50 }],
  watermark: { processingMs: 100, jitter: 0.2 },
  video: { pendingMs: 100, processingMs: 300, jitter: 0.1 },
});

/**
 * Words in plain ASCII letters inside `selector`: in the pseudo-locale every message is
 * accented, so such a word was written into the code instead of the catalogue, or is a
 * value the code put in (a file name, a project's name, a unit Intl writes), which `values`
 * lists.
 */
function asciiWords(page: Page, selector: string, values: RegExp): Promise<string[]> {
  return page.evaluate(
    ([where, allowed]) => {
      const known = new RegExp(allowed, 'u');
      const words: string[] = [];
      for (const region of document.querySelectorAll(where)) {
        const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of node.textContent?.match(/[A-Za-z][\w.-]*/g) ?? []) {
            if (!known.test(word)) words.push(word);
          }
        }
      }
      return words;
    },
    [selector, values.source] as const,
  );
}

/** The parts of each screen whose words come from the catalogues so far (issue 23). */
const CONVERTED = [
  'nav.tabs',
  '[data-testid=demo-banner]',
  '[data-testid=drop-zone]',
  'section.jobs',
  '[data-testid=compare] .actions',
  '.arrange-tools',
  'details.history > summary',
  '.video-workspace > form',
  '.shot-strip',
  '[aria-labelledby=rounds-title] .round-list',
  '.round-editor',
  '.import-rounds',
].join(', ');

/**
 * Values the screens show as they are: file and project names, a round's prompt and clip,
 * the video model's name and resolutions (`720p`), Intl's units and the version.
 */
const VALUES =
  /^(harbour-\d\.png|Harbour|boats-at-dusk|shot-\d-round-\d\.mp4|Video|model|p|kB|MB|px|v0\.0\.0-e2e|linux|USD)$/;

for (const language of ['de', 'ja', PSEUDO_LANGUAGE] as const satisfies ShownLanguage[]) {
  test(`the Images and Video screens in ${language}: translated, nothing cut off at 1280×820`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const intl = textIntl(language);
    const say = (id: MessageId, values?: Record<string, string | number>) =>
      intl.formatMessage({ id }, values);
    const intlErrors: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[intl]')) intlErrors.push(message.text());
    });

    const photos = path.join(world.dir, 'photos');
    await mkdir(photos);
    for (let i = 0; i < 3; i += 1) {
      await writeFile(path.join(photos, `harbour-${i}.png`), await makePhoto(64, 40, 'png', i));
    }
    const core = await world.startCore({ language });
    expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
    const { shotId } = await core.handlers['video:createProject']({ name: 'Harbour' });
    await core.handlers['video:queueRounds']({
      rounds: [
        {
          shotId,
          request: {
            model: 'videomodel-2-5',
            content: [{ type: 'text' as const, text: 'boats-at-dusk' }],
            duration: 4,
          },
        },
      ],
    });
    await connectApp(page, world.server, core, { droppedDir: world.dir });
    await page.goto(world.server.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const tab = (id: MessageId) => page.getByRole('button', { name: say(id), exact: true });
    await expect(tab('app.screen.images')).toHaveAttribute('aria-current', 'page');

    // Images: staged, cleaned, one result compared.
    await dropFolder(page, 'photos');
    await expect(page.getByTestId('staged')).toHaveCount(3);
    // The mask editor, whose toolbars hold the most words side by side.
    await page.getByRole('button', { name: 'Paint mask: harbour-0.png' }).click();
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await expect(editor.getByRole('button', { name: say('mask.use') })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(await findClippedText(page), 'text cut in the mask editor').toEqual([]);
    await saveScreenshots(page, `language-${language}-mask`);
    await editor.getByRole('button', { name: say('mask.none') }).click();
    await expect(editor).toBeHidden();
    await page.getByRole('button', { name: /^Start/ }).click();
    await expect(page.getByTestId('jobs-summary')).toHaveText(
      say('jobs.summary', { done: 3, total: 3 }),
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('job').first()).toContainText(say('state.done'));
    await page.getByRole('button', { name: 'harbour-1.png', exact: true }).click();
    await expect(
      page.getByRole('button', { name: say('compare.sideBySide'), exact: true }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(await findClippedText(page), 'text cut on the Images screen').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await saveScreenshots(page, `language-${language}-images`);

    // Video: the project with its shot and its one round, which is the shot's take.
    await tab('app.screen.video').click();
    await expect(page.getByRole('group', { name: say('arrange.project') })).toBeVisible();
    await expect(page.getByRole('button', { name: say('arrange.isTake') })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByText(say('history.title'), { exact: true }).click();
    await expect(page.getByTestId('service-task').first()).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(await findClippedText(page), 'text cut on the Video screen').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await saveScreenshots(page, `language-${language}-video`);

    // A paid question of the round list: what it sends and its cost, asked in the row.
    await page.getByRole('button', { name: say('round.duplicate'), exact: true }).click();
    const paid = page.getByRole('group', { name: say('round.paidLabel') });
    await expect(paid.getByRole('button', { name: say('paid.confirm') })).toBeVisible();
    expect(await findClippedText(page), 'text cut in the paid question').toEqual([]);
    await saveScreenshots(page, `language-${language}-paid`);
    await paid.getByRole('button', { name: say('paid.back') }).click();
    await expect(paid).toBeHidden();

    // The import of rounds, a dialog whose sentences stand in a narrower box.
    await page.getByRole('button', { name: say('project.importRounds') }).click();
    const importing = page.getByRole('dialog', { name: say('import.title') });
    await expect(importing.getByText(say('import.file'))).toBeVisible();
    expect(await findClippedText(page), 'text cut in the import dialog').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await saveScreenshots(page, `language-${language}-import`);
    await importing.getByRole('button', { name: say('import.close') }).click();
    await expect(importing).toBeHidden();

    expect(intlErrors, 'messages that could not be formatted').toEqual([]);
  });
}
