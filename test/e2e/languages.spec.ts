import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import { PSEUDO_LANGUAGE, type ShownLanguage } from '../../src-shared/i18n/languages.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { makePhoto } from '../support/images.ts';
import { plainWords } from '../support/plain-words.ts';
import { findClippedText } from './clipped-text.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-languages-e2e-video-key-1';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 50 }],
  watermark: { processingMs: 100, jitter: 0.2 },
  video: { pendingMs: 100, processingMs: 300, jitter: 0.1 },
});

/** The round's prompt: the user's own words, shown as typed in every language. */
const PROMPT = 'boats-at-dusk';

/**
 * Words in plain ASCII letters inside `selector`, by the tests' one detector: in the
 * pseudo-locale every message is accented, so such a word was written into the code instead
 * of the catalogue, or is a value the code put in (a project's name, a unit Intl writes),
 * which `values` lists.
 */
async function asciiWords(page: Page, selector: string, values: RegExp): Promise<string[]> {
  const texts = await page.evaluate((where) => {
    const found: string[] = [];
    for (const region of document.querySelectorAll(where)) {
      const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        found.push(node.textContent ?? '');
      }
    }
    return found;
  }, selector);
  return texts.flatMap((text) => plainWords(text, [PROMPT])).filter((word) => !values.test(word));
}

/**
 * A screen's screenshots taken from the top: a full-page capture of a scrolled window draws
 * the sticky header and round editor where the scroll left them, over the content.
 */
async function screenshotsFromTheTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshots(page, name);
}

/** What is cut off at the large window and at the smallest one the app is laid out for. */
async function clippedAtBothSizes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const [width, height] of [
    [1280, 820],
    [880, 560],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const cut of await findClippedText(page)) {
      found.push(`${width}×${height} ${cut.where}: ${cut.text} (${cut.by} px)`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 820 });
  return found;
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
  '.url-form',
  'section.staged',
  'details.output-panel > summary',
  '[data-testid=finder]',
  '.video-workspace > form',
  '.shot-strip',
  '[aria-labelledby=rounds-title] .round-list',
  '.round-editor',
  '.import-rounds',
].join(', ');

/**
 * Values the screens show as they are: the project's name, the video model's name, Intl's
 * units, the platform and the currency. File names, the version, the output folder and
 * resolutions (`720p`) have a digit in them, which the detector leaves out.
 */
const VALUES = /^(Harbour|Video|model|kB|MB|px|linux|USD)$/;

/**
 * The Settings and Account screens' own words (issue 23): headings, labels, hints, buttons
 * and figures. The services' answers, which main words, and the prompts are left out.
 */
const SETTINGS_AND_ACCOUNT = [
  'section.settings h2',
  'section.settings h3',
  'section.settings label',
  'section.settings p.hint',
  'section.settings .field-hint',
  'section.settings button',
  '.account-page h2',
  '.account-page dt',
  '[data-testid=account-price]',
  '[data-testid=account-spending]',
  '[data-testid=account-queue]',
  '.account-page button',
  '.spending-head',
  '[data-testid=spending-totals]',
  '.spending thead',
  '.spending-length',
  '.spending-usd',
].join(', ');

/** The months as Intl names them; the pseudo-locale's dates are English ones. */
const MONTHS = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(2026, index, 1)),
);

/** Besides those values: the template's fields, a tier's name, the months. */
const SETTINGS_VALUES = new RegExp(
  `${VALUES.source}|^(name|ext|date|Starter|Enterprise|${MONTHS.join('|')})$`,
);

for (const language of ['de', 'ja', 'zh-CN', PSEUDO_LANGUAGE] as const satisfies ShownLanguage[]) {
  test(`the Images and Video screens in ${language}: translated, nothing cut off at 1280×820 or 880×560`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
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
            content: [{ type: 'text' as const, text: PROMPT }],
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
    // The watermark finder, with its groups and cards.
    await page.getByRole('button', { name: say('images.find'), exact: true }).click();
    const finder = page.getByRole('dialog', { name: say('images.find') });
    await expect(finder.getByRole('heading', { name: say('finder.found') })).toBeVisible({
      timeout: 30_000,
    });
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(await findClippedText(page), 'text cut in the watermark finder').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await saveScreenshots(page, `language-${language}-finder`);
    await finder.getByRole('button', { name: say('finder.cancel'), exact: true }).click();
    await expect(finder).toBeHidden();
    // The mask editor, whose toolbars hold the most words side by side.
    await page
      .getByRole('button', { name: say('images.paintMaskOf', { name: 'harbour-0.png' }) })
      .click();
    const editor = page.getByRole('dialog', { name: say('images.maskEditor') });
    await expect(editor.getByRole('button', { name: say('mask.use') })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(await findClippedText(page), 'text cut in the mask editor').toEqual([]);
    await saveScreenshots(page, `language-${language}-mask`);
    await editor.getByRole('button', { name: say('mask.none') }).click();
    await expect(editor).toBeHidden();
    await page
      .getByRole('button', {
        name: say('images.start', { credits: formatCredits(intl, 3), count: 3, free: 0, left: 0 }),
        exact: true,
      })
      .click();
    await expect(page.getByTestId('jobs-summary')).toHaveText(
      say('jobs.summary', { done: 3, total: 3 }),
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('job').first()).toContainText(say('state.done'));
    await page.getByRole('button', { name: 'harbour-1.png', exact: true }).click();
    await expect(
      page.getByRole('button', { name: say('compare.sideBySide'), exact: true }),
    ).toBeVisible();
    expect(await clippedAtBothSizes(page), 'text cut on the Images screen').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await screenshotsFromTheTop(page, `language-${language}-images`);

    // Video: the project with its shot and its one round, which is the shot's take.
    await tab('app.screen.video').click();
    await expect(page.getByRole('button', { name: say('project.actions') })).toBeVisible();
    await expect(page.getByTestId('take-star')).toContainText(say('arrange.isTake'), {
      timeout: 60_000,
    });
    // The round's title places the prompt after the language's own colon (no space after a
    // full-width one).
    await expect(page.locator('.round-title').first()).toContainText(
      say('round.title', { position: 1, prompt: PROMPT }),
    );
    await page.getByText(say('history.title'), { exact: true }).click();
    await expect(page.getByTestId('service-task').first()).toBeVisible();
    expect(await clippedAtBothSizes(page), 'text cut on the Video screen').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await screenshotsFromTheTop(page, `language-${language}-video`);

    // The round editor says the rules a round breaks in the language, roles and lists too.
    await page.getByLabel(say('round.prompt'), { exact: true }).fill('@image2');
    await page.getByLabel(say('round.durationField'), { exact: true }).fill('45');
    await expect(page.getByTestId('problem-prompt')).toHaveText(
      say('request.promptNamesMissing', { token: '@image2', kind: 'image', count: 0 }),
    );
    await expect(page.getByTestId('problem-duration')).toHaveText(
      say('request.duration', {
        min: 4,
        max: 30,
        model: 'Video model 2.5',
        open: 'false',
        seconds: 45,
      }),
    );
    if (language === PSEUDO_LANGUAGE) {
      expect(
        await asciiWords(page, '.round-editor [role=alert]', VALUES),
        'words of a rule not from the catalogue',
      ).toEqual([]);
    }
    await page.getByLabel(say('round.prompt'), { exact: true }).fill('');
    await page.getByLabel(say('round.durationField'), { exact: true }).fill('4');

    // A paid question of the round list: what it sends and its cost, asked in the row.
    await page.getByRole('button', { name: say('round.actions', { position: 1 }) }).click();
    await page.getByRole('menuitem', { name: say('round.duplicate'), exact: true }).click();
    const paid = page.getByRole('group', { name: say('round.paidLabel') });
    await expect(paid.getByRole('button', { name: say('paid.confirm') })).toBeVisible();
    expect(await findClippedText(page), 'text cut in the paid question').toEqual([]);
    await saveScreenshots(page, `language-${language}-paid`);
    await paid.getByRole('button', { name: say('paid.back') }).click();
    await expect(paid).toBeHidden();

    // The import of rounds, a dialog whose sentences stand in a narrower box.
    await page.getByRole('button', { name: say('project.actions') }).click();
    await page.getByRole('menuitem', { name: say('project.importRounds'), exact: true }).click();
    const importing = page.getByRole('dialog', { name: say('import.title') });
    await expect(importing.getByText(say('import.file'))).toBeVisible();
    expect(await findClippedText(page), 'text cut in the import dialog').toEqual([]);
    if (language === PSEUDO_LANGUAGE) {
      expect(await asciiWords(page, CONVERTED, VALUES), 'words not from the catalogue').toEqual([]);
    }
    await saveScreenshots(page, `language-${language}-import`);
    await importing.getByRole('button', { name: say('import.close') }).click();
    await expect(importing).toBeHidden();

    // Settings and Account, with the spending history the round left.
    for (const [screen, title] of [
      ['app.screen.settings', 'settings.title'],
      ['app.screen.account', 'account.history'],
    ] as const satisfies [MessageId, MessageId][]) {
      await tab(screen).click();
      await expect(page.getByRole('heading', { name: say(title), exact: true })).toBeVisible();
      expect(await clippedAtBothSizes(page), `text cut on ${screen}`).toEqual([]);
      if (language === PSEUDO_LANGUAGE) {
        expect(
          await asciiWords(page, SETTINGS_AND_ACCOUNT, SETTINGS_VALUES),
          'words not from the catalogue',
        ).toEqual([]);
      }
      await screenshotsFromTheTop(
        page,
        `language-${language}-${screen.split('.').at(-1) ?? screen}`,
      );
    }

    expect(intlErrors, 'messages that could not be formatted').toEqual([]);
  });
}

test('the language picked in Settings changes the window at once, keeping what is typed', async ({
  page,
}) => {
  const core = await world.startCore();
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  const english = textIntl('en');
  const german = textIntl('de');
  await page
    .getByRole('button', { name: english.formatMessage({ id: 'app.screen.settings' }) })
    .click();
  const images = page.getByLabel(english.formatMessage({ id: 'settings.concurrency.watermark' }));
  await images.fill('7');

  await page
    .getByLabel(english.formatMessage({ id: 'language.label' }), { exact: true })
    .selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    page.getByRole('heading', {
      name: german.formatMessage({ id: 'settings.title' }),
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: german.formatMessage({ id: 'app.screen.images' }),
      exact: true,
    }),
  ).toBeVisible();
  // Picking the language saved it alone: the number typed is still there, not yet saved.
  await expect(
    page.getByLabel(german.formatMessage({ id: 'settings.concurrency.watermark' })),
  ).toHaveValue('7');
  await expect
    .poll(async () => (await core.handlers['settings:get'](undefined)).language)
    .toBe('de');
  await saveScreenshots(page, 'language-picked-de-settings');

  await page
    .getByLabel(german.formatMessage({ id: 'language.label' }), { exact: true })
    .selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('heading', {
      name: english.formatMessage({ id: 'settings.title' }),
      exact: true,
    }),
  ).toBeVisible();
});
