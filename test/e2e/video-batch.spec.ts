import { expect, test } from '@playwright/test';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import { connectApp, expectAccessible, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-video-batch-key-7';

const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 200, processingMs: 800, jitter: 0.1 },
});

test('a batch lists its rounds as they are added, each can be reviewed, taken back or removed, and the confirmation lists them all', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  // The project name's example is shown whole, at both window sizes.
  const name = page.getByLabel('New project', { exact: true });
  const placeholderCut = () =>
    name.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return Infinity;
      context.font = style.font;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width - room;
    });
  expect(await placeholderCut()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 880, height: 560 });
  expect(await placeholderCut()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 820 });
  await name.fill('Harbour');
  await page.getByRole('button', { name: 'Create' }).click();

  // No rule speaks before the user has been at a field, not even after choosing a kind.
  const editor = page.getByRole('form', { name: 'New round' });
  await editor.getByLabel('Kind of round').selectOption('image');
  await editor.getByLabel('Kind of round').selectOption('text');
  await expect(editor.getByRole('alert')).toHaveCount(0);
  const review = editor.getByRole('button', { name: 'Review and send' });
  await expect(review).toBeDisabled();

  await editor.getByLabel('Prompt').fill('boats leave the harbour at dawn');
  await editor.getByRole('button', { name: 'Add another round to this batch' }).click();
  // The round set aside is listed, and it alone is enough to review and send.
  const batch = editor.getByTestId('batch-round');
  // Each set-aside round is a chip above the prompt: its number, the start of its prompt, cost.
  await expect(batch).toHaveText(['Round 1: boats leave the harbour at dawn · 1.10 USD']);
  await expect(editor.getByLabel('Prompt')).toHaveValue('');
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await expect(review).toBeEnabled();

  await editor.getByLabel('Prompt').fill('gulls circle the mast');
  await editor.getByLabel('Duration').fill('8');
  await editor.getByRole('button', { name: 'Add another round to this batch' }).click();
  await editor.getByLabel('Prompt').fill('a trawler comes home');
  await editor.getByRole('button', { name: 'Add another round to this batch' }).click();
  await expect(batch).toHaveCount(3);
  await expect(batch.nth(1)).toHaveText('Round 2: gulls circle the mast · 1.76 USD');
  // The chips sit on one row above the prompt.
  const tops = await batch.evaluateAll((chips) =>
    chips.map((chip) => Math.round(chip.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  const prompt = await editor.getByLabel('Prompt').boundingBox();
  expect(tops[0]).toBeLessThan(prompt?.y ?? 0);

  // Reviewed read-only, then taken back into the form and put in the batch again.
  await batch
    .nth(1)
    .getByRole('button', { name: /^Round 2:/ })
    .click();
  const reviewed = editor.getByTestId('batch-review');
  await expect(reviewed).toContainText('gulls circle the mast · Text to video · 8-second clip');
  await expect(reviewed).toContainText('720p · 16:9 · no sound · no references');
  await batch.nth(1).getByRole('button', { name: 'Back into the form' }).click();
  await expect(editor.getByLabel('Prompt')).toHaveValue('gulls circle the mast');
  await expect(editor.getByLabel('Duration')).toHaveValue('8');
  await expect(batch).toHaveCount(2);
  await editor.getByLabel('Prompt').fill('gulls circle the mast, slowly');
  await editor.getByRole('button', { name: 'Add another round to this batch' }).click();
  await batch.nth(1).getByRole('button', { name: 'Remove from the batch' }).click();
  await expect(batch).toHaveText([
    'Round 1: boats leave the harbour at dawn · 1.10 USD',
    'Round 2: gulls circle the mast, slowly · 1.76 USD',
  ]);
  await saveScreenshots(page, 'video-batch-01-listed');

  // A round begun in the form and not complete is not sent, and the confirmation says so.
  await editor.getByLabel('Kind of round').selectOption('image');
  await editor.getByLabel('Prompt').fill('the lighthouse from @image1');
  await review.click();
  const confirm = editor.getByTestId('batch-confirm');
  await expect(confirm.getByTestId('confirm-round')).toHaveText([
    'Round 1: boats leave the harbour at dawn · Text to video · 5-second clip · about 1.10 USD',
    'Round 2: gulls circle the mast, slowly · Text to video · 8-second clip · about 1.76 USD',
  ]);
  await expect(
    confirm.getByRole('group', { name: 'Confirm a paid request' }).getByTestId('confirm-paid'),
  ).toHaveText('Send 2 rounds for about 2.86 USD?');
  await expect(confirm.getByTestId('form-left-out')).toBeVisible();
  await expect(editor.getByTestId('problem-prompt')).toContainText('no image references');
  const send = confirm.getByRole('button', { name: 'Confirm and send' });
  await expect(send).toBeInViewport();
  await saveScreenshots(page, 'video-batch-02-confirm');
  await page.setViewportSize({ width: 880, height: 560 });
  await confirm.getByRole('button', { name: 'Back' }).click();
  await review.click();
  await expect(send).toBeInViewport();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 820 });

  await send.click();
  await expect(page.getByTestId('round')).toHaveCount(2);
  await expect(batch).toHaveCount(0);
  await expect(editor.getByLabel('Prompt')).toHaveValue('the lighthouse from @image1');
  const generates = () =>
    world.sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));
  await expect.poll(() => generates().length).toBe(2);
});
