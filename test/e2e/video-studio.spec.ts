import { expect, test, type Page } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { allRoundsDone, connectApp, saveScreenshots, useAppWorld } from './harness.ts';
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
  await saveScreenshots(page, 'video-studio-01-three-shots');

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
  await saveScreenshots(page, 'video-studio-02-empty-shot');
});
