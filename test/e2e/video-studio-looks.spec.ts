import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import type { ShownLanguage } from '../../src-shared/i18n/languages.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { findClippedText } from './clipped-text.ts';
import {
  SCREENSHOT_DIR,
  allRoundsDone,
  connectApp,
  expectAccessible,
  useAppWorld,
} from './harness.ts';
import { threeShotsTwoTakes } from './video-shots.ts';

const KEY = 'cf-video-studio-looks-e2e-key-36';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 100, processingMs: 300, jitter: 0.1 },
});

/**
 * The window as the user sees it at 1280×820 and 880×560, saved as
 * `<name>-<width>x<height>.png`: nothing cut off, nothing wider than the window, every
 * control the step needs (`needed`) inside the window without scrolling, and no serious or
 * critical axe finding at either size.
 */
async function looked(
  page: Page,
  name: string,
  needed: readonly Locator[],
  docked?: { bar: Locator; above: readonly Locator[] },
): Promise<void> {
  for (const [width, height] of [
    [1280, 820],
    [880, 560],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await findClippedText(page), `text cut in ${name} at ${width}`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `no sideways scrolling in ${name} at ${width}`).toBeLessThanOrEqual(0);
    for (const control of needed) await expect(control).toBeInViewport();
    // The docked bar covers nothing: the picture and the storyboard end above it.
    if (docked) {
      const top = (await docked.bar.boundingBox())?.y ?? 0;
      for (const part of docked.above) {
        const box = await part.boundingBox();
        expect(
          (box?.y ?? Infinity) + (box?.height ?? 0),
          `the bar leaves ${await part.getAttribute('aria-label')} whole in ${name} at ${width}`,
        ).toBeLessThanOrEqual(top);
      }
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`) });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 820 });
}

for (const language of ['en', 'de', 'ja'] as const satisfies ShownLanguage[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the Video studio in ${language}, ${theme}: empty, three shots, four chips, the film playing`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const intl = textIntl(language);
      const say = (id: MessageId, values?: Record<string, string | number>) =>
        intl.formatMessage({ id }, values);
      const core = await world.startCore({ language, theme });
      expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
      const films = path.join(world.dir, `films-${language}-${theme}`);
      await connectApp(page, world.server, core, { chosenFolder: films });
      await page.goto(world.server.url);
      const video = page.getByRole('button', { name: say('app.screen.video'), exact: true });
      await video.click();
      const name = `video-studio-${language}-${theme}`;
      // No project yet: the name field and Create are the whole task.
      await looked(page, `${name}-empty`, [
        page.getByRole('button', { name: say('project.create') }),
      ]);

      await threeShotsTwoTakes(core, 'Harbour', [4, 5, 6]);
      await allRoundsDone(core, 6);
      await page.reload();
      await video.click();
      await expect(page.getByTestId('player')).toBeVisible();
      const bar = page.getByRole('form', { name: say('round.editor') });
      const docked = {
        bar,
        above: [
          page.getByRole('region', { name: say('project.player') }),
          page.getByRole('navigation', { name: say('project.shots') }),
        ],
      };
      const prompt = bar.getByLabel(say('round.prompt'), { exact: true });
      await prompt.fill('gulls at dawn');
      const send = bar.getByRole('button', {
        name: say('round.sendAbout', { cost: formatMoney(intl, 110) }),
      });
      await looked(page, `${name}-three-shots`, [page.getByTestId('player'), prompt, send], docked);

      for (const id of [
        'round.attachImage',
        'round.attachImage',
        'round.attachVideo',
        'round.attachAudio',
      ] as const) {
        await bar.getByRole('button', { name: say(id) }).click();
      }
      await expect(bar.getByTestId('chip')).toHaveCount(4);
      // The four chips' round (a video reference) is not complete until its clip is named,
      // so its button is the plain "Review and send"; it and the prompt stay in the window.
      await looked(
        page,
        `${name}-four-chips`,
        [prompt, bar.getByRole('button', { name: say('round.review') })],
        docked,
      );
      // Every chip whole in the window, none cut at the bar's edge.
      for (const size of [
        { width: 1280, height: 820 },
        { width: 880, height: 560 },
      ]) {
        await page.setViewportSize(size);
        for (const chip of await bar.getByTestId('chip').all()) {
          await expect(chip).toBeInViewport({ ratio: 1 });
        }
      }
      await page.setViewportSize({ width: 1280, height: 820 });

      // The joined film plays in the large player at the top of the screen, with the bar
      // back to its compact self (each chip's × is its last button).
      for (let left = 4; left > 0; left -= 1) {
        await bar.getByTestId('chip').first().getByRole('button').last().click();
      }
      await expect(bar.getByTestId('chip')).toHaveCount(0);
      await page.getByRole('button', { name: say('project.actions') }).click();
      await page.getByRole('menuitem', { name: say('project.joinFilm'), exact: true }).click();
      await page.getByRole('button', { name: say('film.join') }).click();
      const film = page
        .getByRole('region', { name: say('project.player') })
        .getByTestId('film-player');
      await expect(film).toBeVisible();
      // On a loop, so it is still playing when the small window is looked at.
      await film.evaluate((player: HTMLVideoElement) => {
        player.muted = true;
        player.loop = true;
        return player.play().then(() => undefined);
      });
      await expect
        .poll(() => film.evaluate((player: HTMLVideoElement) => player.currentTime))
        .toBeGreaterThan(0);
      await looked(
        page,
        `${name}-film-playing`,
        [film, page.getByRole('button', { name: say('film.backToShot', { position: 3 }) })],
        docked,
      );
    });
  }
}
