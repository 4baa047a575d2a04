import path from 'node:path';
import { findClippedText } from './clipped-text.ts';
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
import { roundMenu, threeShotsTwoTakes } from './video-shots.ts';

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

/** Harbour, three shots of two finished takes (4, 5 and 6 s), open on the Video screen. */
async function harbourOpen(page: Page): Promise<AppCore> {
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await threeShotsTwoTakes(core, 'Harbour', [4, 5, 6]);
  await allRoundsDone(core, 6);
  await openVideo(page, core);
  return core;
}

/** Harbour with one empty shot, open on the Video screen. */
async function emptyHarbourOpen(page: Page): Promise<AppCore> {
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await core.handlers['video:createProject']({ name: 'Harbour' });
  await openVideo(page, core);
  return core;
}

test('picture first: the shot’s take plays large at the top, the shots a storyboard under it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await harbourOpen(page);

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
  await expect(
    page.getByRole('group', { name: 'Confirm a paid request' }).getByTestId('confirm-paid'),
  ).toHaveText('Send 1 round for about 1.10 USD?');
  expect(sent() - before, 'nothing is sent before the answer').toBe(1);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('round')).toHaveCount(2);
  await expect(page.getByLabel('Prompt')).toHaveValue('');

  // From a finished round to its continuation from the last frame sent: at most 3 clicks.
  // The menu, its item, and the answer to the question the form asks with the cost in it.
  clicks = 0;
  const first = page.getByTestId('round').first();
  await click(first.getByRole('button', { name: 'Actions for round 1' }));
  await click(first.getByRole('menuitem', { name: 'Extend from last frame…' }));
  await first.getByLabel('What happens after round 1').fill('the gulls land');
  await expect(first.getByTestId('confirm-paid')).toHaveText(
    "Send round 1's continuation from its last frame into a new shot after this one for about 1.10 USD?",
  );
  expect(sent() - before, 'nothing is sent before the answer').toBe(2);
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
  await emptyHarbourOpen(page);
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

test('the round editor’s draft survives leaving the screen and coming back: the words, the settings, the batch, each shot its own', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await emptyHarbourOpen(page);
  const bar = page.getByRole('form', { name: 'New round' });
  const prompt = bar.getByLabel('Prompt');
  const duration = bar.getByLabel('Duration', { exact: true });
  const ratio = bar.getByLabel('Ratio', { exact: true });
  const sound = bar.getByLabel('Sound', { exact: true });
  const batch = bar.getByTestId('batch-round');

  // One round set aside in the batch, and a second half-written with settings of its own.
  await prompt.fill('boats leave the harbour at dawn');
  await bar.getByRole('button', { name: 'Add another round to this batch' }).click();
  await expect(batch).toHaveText(['Round 1: boats leave the harbour at dawn · 1.10 USD']);
  await prompt.fill('gulls circle the mast');
  await duration.fill('8');
  await ratio.selectOption('9:16');
  await sound.check();
  // The second shot has a draft of its own, and the first's is not touched by it.
  await page.getByRole('button', { name: 'Add shot' }).click();
  await expect(prompt).toHaveValue('');
  await prompt.fill('the fog over shot 2');

  // Away to Images and Settings, then back: each shot's draft is where it was left.
  for (const away of ['Images', 'Settings']) {
    await page.getByRole('button', { name: away, exact: true }).click();
    await expect(bar).toHaveCount(0);
    await page.getByRole('button', { name: 'Video', exact: true }).click();
    await expect(prompt).toHaveValue('the fog over shot 2');
  }
  const cards = page.getByRole('navigation', { name: 'Shots' }).getByRole('button');
  await cards.nth(0).click();
  await expect(prompt).toHaveValue('gulls circle the mast');
  await expect(duration).toHaveValue('8');
  await expect(ratio).toHaveValue('9:16');
  await expect(sound).toBeChecked();
  await expect(batch).toHaveText(['Round 1: boats leave the harbour at dawn · 1.10 USD']);
  // The kept draft is what is sent: the batch and the form, at their settings, once.
  await bar.getByRole('button', { name: /^Review and send/ }).click();
  await bar.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByTestId('round')).toHaveCount(2);
  const { projects } = await core.handlers['video:projects'](undefined);
  const sent = projects[0]?.shots[0]?.rounds.map((round) => ({
    prompt: round.request.content.find((item) => item.type === 'text')?.text,
    duration: round.request.duration,
    ratio: round.request.ratio,
    sound: round.request.generate_audio ?? false,
  }));
  expect(sent).toEqual([
    { prompt: 'boats leave the harbour at dawn', duration: 5, ratio: '16:9', sound: false },
    { prompt: 'gulls circle the mast', duration: 8, ratio: '9:16', sound: true },
  ]);
});

test('the shot’s rounds are take cards: first frame, state, length, cost, the take starred, the rest in a ⋯ menu', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await harbourOpen(page);

  const cards = page.getByTestId('round');
  await expect(cards).toHaveCount(2);
  const [a, b] = [cards.nth(0), cards.nth(1)];
  await expect(a).toContainText('Round 1: shot 3 take A');
  await expect(a).toContainText('Done');
  await expect(a).toContainText('6-second clip');
  await expect(a).toContainText('charged 1.32 USD');
  // The newest is the take, starred; each card shows its clip's first frame, not a row of buttons.
  await expect(b.getByTestId('take-star')).toHaveText('★ The shot’s take');
  await expect(a.getByTestId('take-star')).toHaveCount(0);
  for (const card of [a, b]) {
    await expect(card.getByTestId('round-thumb')).toHaveJSProperty('readyState', 4, {
      timeout: 20_000,
    });
    await expect(card.getByRole('button')).toHaveCount(1);
  }
  const box = await a.boundingBox();
  const second = await b.boundingBox();
  expect(second?.y, 'the cards sit side by side').toBe(box?.y);

  // Hover plays the clip silently; leaving stops it at its first frame.
  const thumb = a.getByTestId('round-thumb');
  await thumb.hover();
  await expect
    .poll(() => thumb.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0);
  await page.mouse.move(0, 0);
  await expect(thumb).toHaveJSProperty('paused', true);
  await expect(thumb).toHaveJSProperty('currentTime', 0);
  await windowShots(page, 'video-studio-05-take-cards');

  // From the keyboard: ↓ opens the menu on its first item, the arrows walk it, Home and End
  // jump, Escape closes it and gives the focus back to its button.
  const menuButton = a.getByRole('button', { name: 'Actions for round 1' });
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const items = a.getByRole('menu').locator('[role^="menuitem"]');
  await expect(items).toHaveText([
    'Play',
    'Show in folder',
    'Extend from last frame…',
    'Extend video…',
    'Duplicate',
    'Use as take',
    'Remove a still logo (free)',
    'Move earlier',
    'Move later',
    'Remove…',
  ]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(a.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  // Enter on an item does it: round 1 becomes the take, its star moves with it.
  await page.keyboard.press('Enter');
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowDown');
  await expect(items.nth(5)).toBeFocused();
  await expect(items.nth(5)).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Enter');
  await expect(a.getByTestId('take-star')).toBeVisible();
  await expect(b.getByTestId('take-star')).toHaveCount(0);
  await expect(page.getByTestId('player')).toHaveAttribute('src', /round\/[^/]+\/video$/);

  // Play from the menu puts the clip in the large player; Move later swaps the two cards.
  await roundMenu(b, 'Play');
  const ids = (await core.handlers['video:projects'](undefined)).projects[0]?.shots[2]?.rounds;
  await expect(page.getByTestId('player')).toHaveAttribute(
    'src',
    new RegExp(`round/${ids?.[1]?.id ?? ''}/video$`),
  );
  await roundMenu(a, 'Move later');
  await expect(cards.nth(1)).toContainText('shot 3 take A');
  // A click elsewhere closes an open menu.
  await cards
    .nth(0)
    .getByRole('button', { name: /^Actions for round/ })
    .click();
  await expect(page.getByRole('menu')).toHaveCount(1);
  await page.getByTestId('film-total').click();
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('at 880×560 the picture comes first: the demo banner is one line and the player takes the height', async ({
  page,
}) => {
  await harbourOpen(page);
  const bar = page.getByRole('form', { name: 'New round' });
  await page.getByLabel('Prompt').fill('the boat leaves the harbour');
  await page.setViewportSize({ width: 880, height: 560 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const banner = await page.getByTestId('demo-banner').boundingBox();
  expect(banner?.height ?? Infinity, 'the banner is one line').toBeLessThanOrEqual(32);
  const player = await page.getByTestId('player').boundingBox();
  expect(player?.height ?? 0, 'the picture is large').toBeGreaterThanOrEqual(180);
  expect((player?.y ?? 0) + (player?.height ?? 0)).toBeLessThanOrEqual(
    (await bar.boundingBox())?.y ?? 0,
  );
  expect(await findClippedText(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'video-studio-07-short-880x560.png') });
});

test('at 880×560 and 1280×820 the picture, the storyboard and the bar with four chips all fit in the window', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await harbourOpen(page);
  const bar = page.getByRole('form', { name: 'New round' });
  for (const name of ['Attach an image', 'Attach an image', 'Attach a video', 'Attach a sound']) {
    await bar.getByRole('button', { name }).click();
  }
  await expect(bar.getByTestId('chip')).toHaveCount(4);
  await page.getByLabel('Prompt').fill('the boat leaves the harbour');
  for (const [width, height] of [
    [880, 560],
    [1280, 820],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `video-studio-06-fit-${width}x${height}.png`),
    });
    const barTop = (await bar.boundingBox())?.y ?? 0;
    const player = await page.getByTestId('player').boundingBox();
    const cards = await page.getByRole('navigation', { name: 'Shots' }).boundingBox();
    const prompt = await page.getByLabel('Prompt').boundingBox();
    const at = `at ${width}×${height}`;
    expect(player?.height ?? 0, `the picture is there ${at}`).toBeGreaterThanOrEqual(100);
    expect(
      (player?.y ?? 0) + (player?.height ?? 0),
      `the bar leaves the picture ${at}`,
    ).toBeLessThanOrEqual(barTop);
    expect(
      (cards?.y ?? 0) + (cards?.height ?? 0),
      `the storyboard above the bar ${at}`,
    ).toBeLessThanOrEqual(barTop);
    expect(prompt?.y ?? 0, `the prompt inside the bar ${at}`).toBeGreaterThanOrEqual(barTop);
    expect(
      (prompt?.y ?? 0) + (prompt?.height ?? 0),
      `the prompt in the window ${at}`,
    ).toBeLessThanOrEqual(height);
    await expect(bar.getByTestId('chip').last()).toBeInViewport();
    await expect(page.getByRole('button', { name: /^Review and send/ })).toBeInViewport();
  }
});
