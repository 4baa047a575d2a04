import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { monthBounds, monthOf } from '../../src-shared/domain/calendar-month.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import {
  ROUND_WAIT,
  connectApp,
  expectAccessible,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';
import { projectMenu } from './video-shots.ts';

const KEY = 'cf-video-spending-e2e-key-5';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 40 }],
  video: { pendingMs: 200, processingMs: 600, jitter: 0 },
});

const round = (text: string, duration: number): VideoGenerateRequest => ({
  model: 'videomodel-2-5',
  content: [{ type: 'text', text }],
  duration,
});

/** Queues the rounds in a new project and waits until every one of them is done. */
async function runProject(
  core: AppCore,
  name: string,
  rounds: readonly VideoGenerateRequest[],
): Promise<string> {
  const { projectId, shotId } = await core.handlers['video:createProject']({ name });
  const { queued } = await core.handlers['video:queueRounds']({
    rounds: rounds.map((request) => ({ shotId, request })),
  });
  const ids = new Set(queued.map((entry) => entry.roundId));
  await expect
    .poll(async () => {
      const { projects } = await core.handlers['video:projects'](undefined);
      return projects
        .flatMap((project) => project.shots.flatMap((shot) => shot.rounds))
        .filter((view) => ids.has(view.id) && view.state === 'done').length;
    }, ROUND_WAIT)
    .toBe(ids.size);
  return projectId;
}

test('the spending of a project and of each month is listed, summed and exported as CSV', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const core = await world.startCore({ budgetCapUsd: 10, budgetCapPeriod: 'month' });
  // Before the key is set, video runs on the built-in simulator: a demo round, not spending.
  await runProject(core, 'Gulls', [round('gulls over the harbour wall', 5)]);
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await runProject(core, 'Quay', [
    round('cranes swing over the quay, "slowly"', 5),
    round('a trawler leaves at dusk', 8),
  ]);
  const books = path.join(world.dir, 'books');
  await connectApp(page, world.server, core, { chosenFolder: books });
  await page.goto(world.server.url);

  // The Video screen: what the chosen project cost, round by round.
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Quay' });
  await projectMenu(page, 'Spending…');
  const quay = page.getByRole('region', { name: 'What Quay cost' });
  await expect(quay.getByTestId('spending-line')).toHaveCount(2);
  await expect(quay.getByTestId('spending-totals')).toHaveText(
    'In all: 2.86 USD spent, 0.00 USD in rounds sent and not over.',
  );
  await expect(quay.getByTestId('spending-line').first()).toContainText('8 s × 0.22 USD');
  await expect(quay).toContainText('cranes swing over the quay, "slowly"');
  await saveScreenshots(page, 'video-spending-01-project');
  await expectAccessible(page);

  // Its CSV goes in the folder chosen, and a second one never replaces the first.
  await quay.getByRole('button', { name: 'Export CSV…' }).click();
  await expect(quay.getByRole('status')).toHaveText(
    `Saved 2 charges as ${path.join(books, 'spending-Quay.csv')}`,
  );
  await quay.getByRole('button', { name: 'Export CSV…' }).click();
  await expect(quay.getByRole('status')).toHaveText(
    `Saved 2 charges as ${path.join(books, 'spending-Quay-1.csv')}`,
  );
  expect((await readdir(books)).sort()).toEqual(['spending-Quay-1.csv', 'spending-Quay.csv']);
  const records = parse<Record<string, string>>(
    await readFile(path.join(books, 'spending-Quay.csv'), 'utf8'),
    { columns: true },
  );
  expect(records.reduce((sum, record) => sum + Math.round(Number(record['USD']) * 100), 0)).toBe(
    286,
  );
  await quay.getByRole('button', { name: 'Close' }).click();
  await expect(quay).toHaveCount(0);

  // The Account screen: this month against the monthly cap, every project, the demo apart.
  const month = monthOf(Date.now());
  const monthName = new Date(monthBounds(month).start).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
  });
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('account-spending')).toContainText(
    `In ${monthName}: 2.86 USD spent and 0.00 USD in rounds sent of your 10.00 USD monthly budget cap`,
  );
  const all = page.getByRole('region', { name: 'Spending history' });
  await expect(all.getByTestId('spending-line')).toHaveCount(3);
  await expect(all.getByTestId('spending-projects')).toContainText('Gulls: 0.00 USD spent');
  await expect(all.getByTestId('spending-line').last()).toContainText(
    'demo: would cost, not charged',
  );
  // Exported, the demo round is no charge: not counted as one, and nothing in the USD column.
  await all.getByRole('button', { name: 'Export CSV…' }).click();
  await expect(all.getByRole('status')).toHaveText(
    `Saved 2 charges and 1 demo round, which nobody charged, as ${path.join(books, 'spending.csv')}`,
  );
  const everything = parse<Record<string, string>>(
    await readFile(path.join(books, 'spending.csv'), 'utf8'),
    { columns: true },
  );
  expect(everything.map((record) => [record['status'], record['USD']]).sort()).toEqual([
    ['charged', '1.10'],
    ['charged', '1.76'],
    ['demo', '0.00'],
  ]);
  await all.getByRole('combobox', { name: 'Month' }).selectOption(month);
  await expect(all.getByTestId('spending-totals')).toHaveText(
    new RegExp(
      `^${monthName}: 2\\.86 USD spent, 0\\.00 USD in rounds sent and not over; demo rounds would have cost \\d+\\.\\d\\d USD\\.$`,
    ),
  );
  await saveScreenshots(page, 'video-spending-02-account');
  await expectAccessible(page);

  // Settings: the cap counts each calendar month.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('The cap counts')).toHaveValue('month');
  await saveScreenshots(page, 'video-spending-03-settings');
});
