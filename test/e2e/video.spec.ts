import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import { createTransport, type Transport } from '../../src-main/core/api/http.ts';
import { VideoClient } from '../../src-main/core/api/video-client.ts';
import { ROUND_WAIT, connectApp, saveScreenshot, useAppWorld } from './harness.ts';
import { projectMenu, roundMenu } from './video-shots.ts';

const KEY = 'cf-video-e2e-key-41';
let transport: Transport;
test.beforeAll(() => {
  transport = createTransport();
});
test.afterAll(async () => {
  await transport.close();
});

const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 200, processingMs: 800, jitter: 0.1 },
});

test('a project: rules checked as you type, cost first, send, watch, play, extend', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const running = await world.startCore();
  expect((await running.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const revealed: string[] = [];
  const exportTo = path.join(world.dir, 'export');
  await connectApp(page, world.server, running, {
    onReveal: (file) => revealed.push(file),
    chosenFolder: exportTo,
  });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByLabel('New project', { exact: true }).fill('Lighthouse');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Lighthouse · shot 1' })).toBeVisible();

  // Each broken rule is named next to its field before anything can be sent, in the form's
  // words, once the user has started writing: an empty form cannot be sent, and says nothing.
  const send = page.getByRole('button', { name: 'Review and send' });
  await expect(send).toBeDisabled();
  await expect(page.locator('.round-editor [role=alert]')).toHaveCount(0);
  await page.getByLabel('Prompt').fill('the beam sweeps over @image2');
  await expect(page.getByTestId('problem-prompt')).toContainText(
    'The prompt names @image2, but the round has no image references',
  );
  await page.getByLabel('Prompt').fill('');
  await expect(page.getByTestId('problem-prompt')).toContainText('Write a prompt');
  await expect(send).toBeDisabled();
  await page.getByLabel('Prompt').fill('the beam sweeps over the fog');
  await page.getByLabel('Duration').fill('45');
  await expect(page.getByTestId('problem-duration')).toContainText(
    'Make the duration 4 to 30 seconds',
  );
  await page.getByLabel('Duration').fill('5');
  // A half-written round waits while the user looks at another screen.
  await page.getByRole('button', { name: 'Images', exact: true }).click();
  await expect(page.getByTestId('drop-zone')).toBeVisible();
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await expect(page.getByLabel('Prompt')).toHaveValue('the beam sweeps over the fog');
  await expect(page.getByLabel('Duration')).toHaveValue('5');
  await page.getByLabel('Kind of round').selectOption('video');
  await page.getByLabel(/reference video/).fill('/home/me/clip.mp4');
  await expect(page.getByTestId('problem-slot-0')).toContainText(
    'Give reference 1 as an asset:// address',
  );
  await page.getByLabel('Kind of round').selectOption('auto');
  await page.getByRole('combobox', { name: 'Ratio', exact: true }).selectOption('16:9');
  await expect(page.getByTestId('problem-ratio')).toContainText('Choose the ratio adaptive');
  await page.getByRole('combobox', { name: 'Ratio', exact: true }).selectOption('adaptive');
  // 49 more reference images on top of the auto mode's two slots and the prompt: 52 items.
  for (let i = 0; i < 49; i += 1) {
    await page.getByRole('button', { name: 'Attach an image' }).click();
  }
  for (let i = 0; i < 51; i += 1) {
    await page
      .locator(`#slot-${i}`)
      .fill(i === 1 ? 'asset://demo-video-8s' : 'asset://demo-image-landscape');
  }
  await expect(page.getByTestId('problem-prompt')).toContainText(
    'Remove 2 references: a round takes at most 49 besides its prompt',
  );
  await saveScreenshot(page, 'video-01-rules');

  await page.getByLabel('Kind of round').selectOption('text');
  await page.getByLabel('Prompt').fill('the beam sweeps over the fog');
  await expect(page.getByTestId('round-cost')).toContainText('About 1.10 USD for a 5-second clip');
  await expect(page.getByTestId('round-cost')).toContainText('balance 80.00 USD');
  await send.click();
  await expect(
    page.getByRole('group', { name: 'Confirm a paid request' }).getByTestId('confirm-paid'),
  ).toHaveText('Send 1 round for about 1.10 USD?');
  await saveScreenshot(page, 'video-02-cost-first');
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  const first = page.getByTestId('round').first();
  await expect(first).toContainText('Round 1: the beam sweeps over the fog');
  await expect(first).toHaveAttribute(
    'data-state',
    /submitted|processing|preparing|submitting|queued/,
  );
  await saveScreenshot(page, 'video-03-running');
  await expect(first).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  await expect(first).toContainText('charged 1.10 USD');

  await roundMenu(first, 'Play');
  const player = page.getByTestId('player');
  await expect(player).toBeVisible();
  const status = await player.evaluate(
    async (video: HTMLVideoElement) => (await fetch(video.src)).status,
  );
  expect(status).toBe(200);
  await expect(page.getByRole('img', { name: 'Last frame' })).toBeVisible();
  await saveScreenshot(page, 'video-04-played');

  await roundMenu(first, 'Show in folder');
  await expect.poll(() => revealed).toEqual([expect.stringMatching(/shot-1-round-1\.mp4$/)]);
  // The continuation goes into a new shot after this one unless told otherwise.
  await roundMenu(first, 'Extend from last frame…');
  await expect(first.getByLabel('Continue in a new shot')).toBeChecked();
  await page.getByLabel('What happens after round 1').fill('the light goes out');
  await expect(first.getByTestId('confirm-paid')).toHaveText(
    "Send round 1's continuation from its last frame into a new shot after this one for about 1.10 USD?",
  );
  await first.getByRole('button', { name: 'Confirm and send' }).click();
  const shotTwo = page.getByRole('button', { name: 'Shot 2 (1)' });
  await expect(shotTwo).toBeVisible();
  await expect(page.getByTestId('round')).toHaveCount(1);
  await shotTwo.click();
  const second = page.getByTestId('round').first();
  await expect(second).toContainText('Round 1: the light goes out');
  await expect(second).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  await expect(second).toContainText(/took \d+ s/);
  await saveScreenshot(page, 'video-05-extended');
  // The film holds both: each shot's take is copied, the clip and its continuation, never
  // replacing a file.
  await projectMenu(page, 'Export takes…');
  await expect(
    page.getByText(`2 takes copied to ${exportTo}, one a shot, in order.`),
  ).toBeVisible();
  await projectMenu(page, 'Export takes…');
  await expect(
    page.getByText(`2 takes copied to ${exportTo}, one a shot, in order.`),
  ).toBeVisible();
  await expect
    .poll(async () => (await readdir(exportTo)).sort())
    .toEqual([
      '001-shot-1-round-1-1.mp4',
      '001-shot-1-round-1.mp4',
      '002-shot-2-round-1-1.mp4',
      '002-shot-2-round-1.mp4',
    ]);
  const generates = world.sim
    .requestLog()
    .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate) && entry.status === 200);
  expect(generates).toHaveLength(2);
});

test('a task started elsewhere is found on the service list and joins a shot without being sent again', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const running = await world.startCore();
  expect((await running.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const generates = () =>
    world.sim
      .requestLog()
      .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate) && entry.status === 200).length;
  const before = generates();
  // Started on another machine: straight to the service, with the same account.
  const elsewhere = new VideoClient({ baseUrl: world.sim.videoBaseUrl, key: () => KEY, transport });
  const task = await elsewhere.generate({
    model: 'videomodel-2-5',
    content: [{ type: 'text', text: 'a harbour at dawn, made on the laptop' }],
    duration: 4,
  });
  await connectApp(page, world.server, running);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await page.getByLabel('New project', { exact: true }).fill('Harbour');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Tasks on the service').click();
  const row = page.getByTestId('service-task').filter({ hasText: task.id });
  await expect(row).toBeVisible();
  await saveScreenshot(page, 'video-06-service-tasks');
  await row.getByRole('button', { name: 'Add to shot 1' }).click();
  // The row says which shot holds the task now, as the tree names it.
  await expect(row).toContainText('in Harbour, shot 1, round 1');
  const round = page.getByTestId('round').filter({ hasText: 'prompt not known' });
  await expect(round).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  await expect(round).toContainText('charged 0.88 USD');
  // Its prompt is not known here: nothing offers to pay for it again as it is.
  await expect(round.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
  await round.getByRole('button', { name: 'Write prompt…' }).click();
  await expect(page.getByLabel('Prompt')).toBeFocused();
  await expect(page.getByLabel('Prompt')).toHaveValue('');
  // Only the laptop's own submission: attaching sent nothing.
  expect(generates() - before).toBe(1);
});
