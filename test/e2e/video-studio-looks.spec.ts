import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
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
 * The window as the user sees it at 1280×820 and 880×560: nothing cut off, nothing wider
 * than the window, and the prompt bar's send button inside it at both sizes.
 */
async function looked(page: Page, name: string, send: string): Promise<void> {
  for (const [width, height] of [
    [1280, 820],
    [880, 560],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await findClippedText(page), `text cut in ${name} at ${width}`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `no sideways scrolling in ${name} at ${width}`).toBeLessThanOrEqual(0);
    if (send) await expect(page.getByRole('button', { name: send })).toBeInViewport();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 820 });
}

for (const language of ['en', 'de', 'ja'] as const satisfies ShownLanguage[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the Video studio in ${language}, ${theme}: empty, three shots, four chips, playing`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const intl = textIntl(language);
      const say = (id: MessageId, values?: Record<string, string | number>) =>
        intl.formatMessage({ id }, values);
      const core = await world.startCore({ language, theme });
      expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
      await connectApp(page, world.server, core);
      await page.goto(world.server.url);
      const video = page.getByRole('button', { name: say('app.screen.video'), exact: true });
      await video.click();
      await expect(page.getByRole('button', { name: say('project.create') })).toBeVisible();
      const name = `video-studio-${language}-${theme}`;
      await looked(page, `${name}-empty`, '');
      await expectAccessible(page);

      await threeShotsTwoTakes(core, 'Harbour', [4, 5, 6]);
      await allRoundsDone(core, 6);
      await page.reload();
      await video.click();
      await expect(page.getByTestId('player')).toBeVisible();
      const bar = page.getByRole('form', { name: say('round.editor') });
      await bar.getByLabel(say('round.prompt'), { exact: true }).fill('gulls at dawn');
      const send = say('round.sendAbout', { cost: formatMoney(intl, 110) });
      await looked(page, `${name}-three-shots`, send);
      await expectAccessible(page);

      for (const id of [
        'round.attachImage',
        'round.attachImage',
        'round.attachVideo',
        'round.attachAudio',
      ] as const) {
        await bar.getByRole('button', { name: say(id) }).click();
      }
      await expect(bar.getByTestId('chip')).toHaveCount(4);
      await looked(page, `${name}-four-chips`, '');
      await expectAccessible(page);

      // The take plays in the large player, seen from the top of the screen with the bar
      // back to its compact self (each chip's × is its last button).
      for (let left = 4; left > 0; left -= 1) {
        await bar.getByTestId('chip').first().getByRole('button').last().click();
      }
      await expect(bar.getByTestId('chip')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page
        .getByTestId('player')
        .evaluate((player: HTMLVideoElement) => player.play().then(() => undefined));
      await expect
        .poll(() => page.getByTestId('player').evaluate((p: HTMLVideoElement) => p.currentTime))
        .toBeGreaterThan(0);
      await looked(page, `${name}-playing`, '');
    });
  }
}
