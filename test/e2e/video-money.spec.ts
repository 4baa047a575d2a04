import { expect, test, type Page } from '@playwright/test';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { ROUND_WAIT, connectApp, saveScreenshots, useAppWorld } from './harness.ts';
import { roundMenu } from './video-shots.ts';

const KEY = 'cf-video-money-e2e-key-3';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 40 }],
  video: { pendingMs: 200, processingMs: 800, jitter: 0 },
});

const paidSubmissions = () =>
  world.sim
    .requestLog()
    .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate) && entry.status === 200).length;

async function openVideo(page: Page, core: AppCore, prompt: string): Promise<void> {
  const { shotId } = await core.handlers['video:createProject']({ name: 'Quay' });
  await core.handlers['video:queueRounds']({
    rounds: [
      {
        shotId,
        request: {
          model: 'videomodel-2-5',
          content: [{ type: 'text', text: prompt }],
          return_last_frame: true,
        },
      },
    ],
  });
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
}

/** The page at both sizes the app is checked at: a laptop window and a small one. */
test('Duplicate, Retry and Extend show what they cost and send only after one confirmation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const core = await world.startCore({ budgetCapUsd: 3 });
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const before = paidSubmissions();
  await openVideo(page, core, 'cranes swing over the quay');
  const rounds = page.getByTestId('round');
  const first = rounds.first();
  await expect(first).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  expect(paidSubmissions() - before).toBe(1);

  // Duplicate asks with the cost; going back sends nothing.
  await roundMenu(first, 'Duplicate');
  await expect(first.getByTestId('confirm-paid')).toHaveText(
    'Send a copy of round 1 for about 2.20 USD?',
  );
  await saveScreenshots(page, 'video-money-01-duplicate-asks');
  await first.getByRole('button', { name: 'Back' }).click();
  await expect(first.getByTestId('confirm-paid')).toHaveCount(0);
  await expect(rounds).toHaveCount(1);

  // Extend from the last frame asks too, with the continuation's cost.
  await roundMenu(first, 'Extend from last frame…');
  await page.getByLabel('What happens after round 1').fill('the ship casts off');
  await expect(first.getByTestId('confirm-paid')).toHaveText(
    "Send round 1's continuation from its last frame into a new shot after this one for about 2.20 USD?",
  );
  await first.getByRole('button', { name: 'Back' }).click();

  // Confirmed, the copy is queued once; the cap (3 USD, 2.20 spent) stops it before paying.
  await roundMenu(first, 'Duplicate');
  await first.getByRole('button', { name: 'Confirm and send' }).click();
  const copy = rounds.nth(1);
  await expect(copy).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(copy).toContainText('over your budget cap of 3.00 USD');
  expect(paidSubmissions() - before).toBe(1);

  // Retry asks with the round's estimate before it is sent again.
  await core.handlers['settings:update']({ budgetCapUsd: 10 });
  await copy.getByRole('button', { name: 'Retry' }).click();
  await expect(copy.getByTestId('confirm-paid')).toHaveText(
    'Send round 2 again for about 2.20 USD?',
  );
  await saveScreenshots(page, 'video-money-02-retry-asks');
  await copy.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(copy).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  expect(paidSubmissions() - before).toBe(2);

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('account-spending')).toContainText(
    '4.40 USD spent and 0.00 USD in rounds sent of your 10.00 USD budget cap',
  );
  await saveScreenshots(page, 'video-money-03-account-spending');
});

test('with only the watermark key set, the banner and the rounds say that video is in demo', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
  const before = paidSubmissions();
  await openVideo(page, core, 'gulls over the harbour wall');
  const banner = page.getByTestId('demo-banner');
  await expect(banner).toHaveAttribute('data-services', 'video');
  await expect(banner).toContainText('Demo mode for video');
  await expect(banner).toContainText('Images go to the service');
  const round = page.getByTestId('round').first();
  await expect(round.getByTestId('demo-mark')).toBeVisible({ timeout: 20_000 });
  await expect(round).toContainText('would cost 2.20 USD (demo, not charged)');
  await expect(page.getByTestId('editor-demo')).toContainText('nothing is charged');
  // The simulator's clip is a short canned one, whatever the length asked: the row says so.
  await expect(round).toContainText('10-second clip asked; the demo plays a short stand-in clip');
  await saveScreenshots(page, 'video-money-04-video-demo');
  // The player belongs to its shot: an empty new shot shows none.
  await expect(round).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  await roundMenu(round, 'Play');
  await expect(page.getByTestId('player')).toBeVisible();
  await page.getByRole('button', { name: 'Add shot' }).click();
  await expect(page.getByRole('button', { name: 'Shot 2 (0)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('player')).toHaveCount(0);
  await page.getByRole('button', { name: 'Shot 1 (1)' }).click();
  await expect(page.getByTestId('player')).toBeVisible();
  expect(paidSubmissions() - before).toBe(0);
});
