import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { ShownLanguage } from '../../src-shared/i18n/languages.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { makePhoto } from '../support/images.ts';
import { connectApp, dropFolder, saveScreenshot, useAppWorld } from './harness.ts';
import { paintAcross } from './paint.ts';

const KEY = 'cf-results-layout-key-5e2a';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 1000 }],
  watermark: { processingMs: 100, jitter: 0.2 },
});

test.afterEach(() => world.sim.setFaults({ rates: {} }));

const SIZES = [
  [1280, 820],
  [880, 560],
] as const;

/** A shoot of two days, each with its own IMG_0001.jpg…, and one photo at the top. */
async function twoDays(): Promise<void> {
  for (const [day, width, height] of [
    ['day-1', 96, 64],
    ['day-2', 64, 96],
  ] as const) {
    const folder = path.join(world.dir, 'shoot', day);
    await mkdir(folder, { recursive: true });
    for (let i = 1; i <= 6; i += 1) {
      await writeFile(
        path.join(folder, `IMG_000${i}.jpg`),
        await makePhoto(width, height, 'jpeg', i + (day === 'day-1' ? 0 : 50)),
      );
    }
  }
  await writeFile(path.join(world.dir, 'shoot', 'cover.jpg'), await makePhoto(80, 80, 'jpeg', 99));
}

/** Where each listed part of every row starts, and whether any part's text wraps or spills. */
async function rowColumns(rows: Locator, parts: readonly string[]) {
  return rows.evaluateAll(
    (elements, selectors) =>
      elements.map((row) =>
        selectors.map((selector) => {
          const part = row.querySelector<HTMLElement>(selector);
          if (!part) return { left: -1, lines: 0, spills: false };
          const range = document.createRange();
          range.selectNodeContents(part);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return {
            left: Math.round(part.getBoundingClientRect().left),
            lines: lines.size,
            spills: part.scrollWidth > part.clientWidth + 1,
          };
        }),
      ),
    parts,
  );
}

/** Result rows wholly in the window, below its sticky bar: what a person sees without scrolling. */
function rowsInView(page: Page): Promise<number> {
  return page.getByTestId('job').evaluateAll((rows) => {
    const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= bar && box.bottom <= window.innerHeight;
    }).length;
  });
}

for (const language of ['en', 'de'] as const satisfies ShownLanguage[]) {
  test(`same-named files show their folder, and staged and result rows line up, in ${language}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const say = (id: MessageId) => textIntl(language).formatMessage({ id });
    await twoDays();
    const core = await world.startCore({ language });
    expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
    await connectApp(page, world.server, core, { droppedDir: world.dir });
    await page.setViewportSize({ width: 1280, height: 820 });
    await page.goto(world.server.url);
    await dropFolder(page, 'shoot');
    const staged = page.getByTestId('staged');
    await expect(staged).toHaveCount(13);

    // The two IMG_0001.jpg read apart; a name no other file has stays a name.
    const names = await page.locator('.staged-name .job-name').allInnerTexts();
    expect(names).toContain('day-1/IMG_0001.jpg');
    expect(names).toContain('day-2/IMG_0001.jpg');
    expect(names).toContain('cover.jpg');
    expect(names.filter((name) => name === 'IMG_0001.jpg')).toEqual([]);

    // One row with a mask (its badge and a second button), the others without.
    await staged
      .filter({ hasText: 'day-1/IMG_0001.jpg' })
      .getByRole('button', { name: say('images.paintMask') })
      .click();
    await expect(page.getByTestId('mask-canvas')).toBeVisible();
    await paintAcross(page);
    await page.getByRole('button', { name: say('mask.use'), exact: true }).click();
    await expect(staged.locator('.staged-mask.badge')).toHaveCount(1);

    const stagedParts = ['.staged-name', '.staged-size', '.staged-mask', '.staged-actions'];
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      const columns = await rowColumns(staged, stagedParts);
      for (const [index] of stagedParts.entries()) {
        const lefts = new Set(columns.map((row) => row[index]?.left));
        expect(lefts.size, `${stagedParts[index]} starts at one x in every row`).toBe(1);
      }
      // The size and the badge on one line each: "163 kB" does not wrap.
      for (const row of columns) {
        expect([row[1]?.lines, row[2]?.lines]).toEqual([1, 1]);
      }
      expect(columns.flat().filter((part) => part.spills)).toEqual([]);
      await saveScreenshot(page, `results-layout-staged-${language}-${width}x${height}`);
    }

    // Every link fails, so each row holds its state and an error sentence side by side.
    // Started in the small window, the results come into view: five rows or more, none under
    // the window's bar.
    world.sim.setFaults({ rates: { 'result-expired': 1 } });
    await page.locator('.staged .actions .primary').click();
    const rows = page.getByTestId('job');
    await expect(rows).toHaveCount(13);
    await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(5);
    await page.screenshot({
      path: `test-results/screenshots/results-layout-started-${language}-880x560.png`,
    });
    await expect(rows.locator('xpath=self::*[@data-state="failed"]')).toHaveCount(13, {
      timeout: 60_000,
    });
    const jobNames = await page.locator('[data-testid="job"] .job-name').allInnerTexts();
    expect(jobNames).toContain('day-2/IMG_0001.jpg');
    expect(jobNames).toContain('cover.jpg');

    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      // The state's words, the reason's and the buttons stand apart, with room between.
      const gaps = await rows.evaluateAll((elements) =>
        elements.map((row) => {
          /** The part of an element's text that shows: its words, cut to its own box. */
          const shown = (element: Element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const words = range.getBoundingClientRect();
            const box = element.getBoundingClientRect();
            const left = Math.max(words.left, box.left);
            const right = Math.min(words.right, box.right);
            const top = Math.max(words.top, box.top);
            const bottom = Math.min(words.bottom, box.bottom);
            return { left, right, top, bottom };
          };
          type Box = ReturnType<typeof shown>;
          /** How far apart two boxes on the same line are; boxes on other lines never meet. */
          const apart = (a: Box, b: Box) =>
            a.top < b.bottom && b.top < a.bottom
              ? Math.max(a.left - b.right, b.left - a.right)
              : Infinity;
          const parts = [
            shown(row.querySelector('.job-state') as Element),
            shown(row.querySelector('.job-error') as Element),
            ...[...row.querySelectorAll('.job-actions button')].map((button) =>
              button.getBoundingClientRect(),
            ),
          ];
          return Math.min(...parts.flatMap((a, i) => parts.slice(i + 1).map((b) => apart(a, b))));
        }),
      );
      expect(
        Math.min(...gaps),
        `state, reason and buttons apart at ${width} px`,
      ).toBeGreaterThanOrEqual(4);
      const columns = await rowColumns(rows, ['.job-name', '.job-state', '.job-error']);
      for (const index of [0, 1, 2]) {
        expect(new Set(columns.map((row) => row[index]?.left)).size).toBe(1);
      }
      await saveScreenshot(page, `results-layout-jobs-${language}-${width}x${height}`);
    }
  });
}
