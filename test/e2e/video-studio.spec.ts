import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import {
  ROUND_WAIT,
  SCREENSHOT_DIR,
  allRoundsDone,
  connectApp,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';
import { threeShotsTwoTakes } from './video-shots.ts';

const KEY = 'cf-video-studio-e2e-key-36';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 100, processingMs: 400, jitter: 0.1 },
});

/** The prompts of the shots' takes, in storyboard order, as the core holds them. */
async function takeOrder(core: AppCore): Promise<string[]> {
  const { projects } = await core.handlers['video:projects'](undefined);
  return (projects[0]?.shots ?? []).map((shot) => {
    const round = shot.rounds.at(-1);
    return round?.request.content.find((item) => item.type === 'text')?.text ?? '';
  });
}

/**
 * What the window shows, not the whole page (the prompt bar is docked to the window's foot),
 * at 1280×820 and 880×560, after the page's own check that nothing scrolls sideways.
 */
async function windowShots(page: Page, name: string): Promise<void> {
  await saveScreenshots(page, name);
  for (const [width, height] of [
    [1280, 820],
    [880, 560],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-window-${width}x${height}.png`),
    });
  }
  await page.setViewportSize({ width: 1280, height: 820 });
}

async function openVideo(page: Page, core: AppCore): Promise<void> {
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
}

test('picture first: the shot’s take plays large at the top, the shots a storyboard under it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await threeShotsTwoTakes(core, 'Harbour', [4, 5, 6]);
  await allRoundsDone(core, 6);
  await openVideo(page, core);

  // The last shot is shown: its take is in the player without asking, and it is outlined.
  const player = page.getByTestId('player');
  await expect(player).toBeVisible();
  const { projects } = await core.handlers['video:projects'](undefined);
  const third = projects[0]?.shots[2]?.rounds[1]?.id ?? '';
  await expect(player).toHaveAttribute('src', new RegExp(`round/${third}/video$`));
  const cards = page.getByRole('navigation', { name: 'Shots' }).getByRole('button');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.nth(0)).toContainText('Shot 1 (2)4 s');
  await expect(cards.nth(2)).toContainText('Shot 3 (2)6 s');
  // The film: the takes' lengths together, and what the six rounds cost.
  await expect(page.getByTestId('film-total')).toContainText('Film: 15 s');
  const box = await player.boundingBox();
  expect(box?.width ?? 0, 'the player is large').toBeGreaterThan(600);
  await windowShots(page, 'video-studio-01-three-shots');

  // From the keyboard: Alt+← on shot 3 makes it shot 2, and the focus stays on it.
  await cards.nth(2).focus();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect
    .poll(() => takeOrder(core))
    .toEqual(['shot 1 take B', 'shot 3 take B', 'shot 2 take B']);
  await expect(cards.nth(1)).toBeFocused();

  // By drag: shot 1 dropped on the last shot becomes the last.
  await cards.nth(0).dragTo(cards.nth(2));
  await expect
    .poll(() => takeOrder(core))
    .toEqual(['shot 3 take B', 'shot 2 take B', 'shot 1 take B']);

  // A new shot has no clip: it says so, and shows no other shot's player.
  await page.getByRole('button', { name: 'Add shot' }).click();
  await expect(cards.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(player).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(
    'Shot 4 has no clip yet.',
  );
  await windowShots(page, 'video-studio-02-empty-shot');
});

test('the prompt bar: from New project to a sent round in three clicks and one prompt, Enter sends after the one question', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  const sent = () =>
    world.sim
      .requestLog()
      .filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate) && entry.status === 200).length;
  const before = sent();
  await openVideo(page, core);
  await windowShots(page, 'video-studio-03-empty-screen');

  // Every click on the way is counted: Create (the project takes a numbered name), the send
  // button that carries the cost, and the one confirmation.
  let clicks = 0;
  const click = async (target: Locator) => {
    clicks += 1;
    await target.click();
  };
  await click(page.getByRole('button', { name: 'Create' }));
  await expect(page.getByRole('heading', { name: 'Project 1 · shot 1' })).toBeVisible();
  await page.getByLabel('Prompt').fill('gulls over the harbour at dawn');
  const send = page.getByRole('button', { name: 'Review and send · about 1.10 USD' });
  await expect(send).toBeInViewport();
  await click(send);
  await click(page.getByRole('button', { name: 'Confirm and send' }));
  await expect(page.getByTestId('round')).toHaveCount(1);
  expect(clicks, 'clicks from New project to a sent text round').toBeLessThanOrEqual(4);
  await expect(page.getByTestId('round').first()).toHaveAttribute('data-state', 'done', ROUND_WAIT);
  expect(sent() - before).toBe(1);

  // From the keyboard: Enter asks the one question with the answer focused; Enter sends.
  await page.getByLabel('Prompt').fill('the fog lifts');
  await page.getByLabel('Prompt').press('Enter');
  const confirm = page.getByRole('button', { name: 'Confirm and send' });
  await expect(confirm).toBeFocused();
  await expect(page.getByTestId('confirm-total')).toHaveText('Send 1 round for about 1.10 USD?');
  expect(sent() - before, 'nothing is sent before the answer').toBe(1);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('round')).toHaveCount(2);
  await expect(page.getByLabel('Prompt')).toHaveValue('');

  // From a finished round to its continuation from the last frame sent: at most 3 clicks.
  clicks = 0;
  const first = page.getByTestId('round').first();
  await first.getByLabel('What happens after round 1').fill('the gulls land');
  await click(first.getByRole('button', { name: 'Extend from last frame' }));
  await click(first.getByRole('button', { name: 'Confirm and send' }));
  await expect
    .poll(async () => (await core.handlers['video:projects'](undefined)).projects[0]?.shots.length)
    .toBe(2);
  expect(clicks, 'clicks from a finished round to an extend sent').toBeLessThanOrEqual(3);
});

test('the prompt bar infers the kind of round from its chips, and keeps them while the user is away', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await core.handlers['video:createProject']({ name: 'Harbour' });
  await openVideo(page, core);
  const bar = page.getByRole('form', { name: 'New round' });
  const kind = bar.getByLabel('Kind of round');
  const chips = bar.getByTestId('chip');
  await expect(kind).toHaveValue('text');

  // One image: its first frame, switched on its chip to a reference and back.
  await bar.getByRole('button', { name: 'Attach an image' }).click();
  await expect(chips).toHaveText(['@image1 · first frame']);
  await expect(kind).toHaveValue('image');
  await bar.getByRole('button', { name: 'Make @image1 a reference' }).click();
  await expect(chips).toHaveText(['@image1 · reference image']);
  await expect(kind).toHaveValue('text');
  await bar.getByRole('button', { name: 'Make @image1 the first frame' }).click();
  // Two images: first and last frame.
  await bar.getByRole('button', { name: 'Attach an image' }).click();
  await expect(chips).toHaveText(['@image1 · first frame', '@image2 · last frame']);
  await expect(kind).toHaveValue('frames');
  // A clip and a sound: a video reference, the images its references.
  await bar.getByRole('button', { name: 'Attach a video' }).click();
  await bar.getByRole('button', { name: 'Attach a sound' }).click();
  await expect(chips).toHaveCount(4);
  await expect(kind).toHaveValue('video');
  await expect(chips).toHaveText([
    '@video1 · reference video',
    '@image1 · reference image',
    '@image2 · reference image',
    '@audio1 · reference audio',
  ]);
  // A chip's name goes into the prompt.
  await page.getByLabel('Prompt').fill('the boat from');
  await chips.nth(0).getByRole('button', { name: '@video1 · reference video' }).click();
  await expect(page.getByLabel('Prompt')).toHaveValue('the boat from @video1 ');
  await windowShots(page, 'video-studio-04-four-chips');

  // Away and back: the chips and the words are where they were.
  await page.getByRole('button', { name: 'Images', exact: true }).click();
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await expect(chips).toHaveCount(4);
  await expect(page.getByLabel('Prompt')).toHaveValue('the boat from @video1 ');
  await bar.getByRole('button', { name: 'Remove @video1' }).click();
  await bar.getByRole('button', { name: 'Remove @audio1' }).click();
  await expect(chips).toHaveText(['@image1 · first frame', '@image2 · last frame']);
  await expect(kind).toHaveValue('frames');
});
