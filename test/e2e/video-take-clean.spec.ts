import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { allRoundsDone, connectApp, saveScreenshots, useAppWorld } from './harness.ts';
import { roundMenu, threeShotsTwoTakes } from './video-shots.ts';

const KEY = 'cf-video-take-clean-e2e-key-38';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 100, processingMs: 400, jitter: 0.1 },
});

/** Harbour, three shots of two finished takes, open on the Video screen. */
async function harbourOpen(page: Page): Promise<AppCore> {
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await threeShotsTwoTakes(core, 'Harbour', [4, 5, 6]);
  await allRoundsDone(core, 6);
  await page.setViewportSize({ width: 1280, height: 820 });
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  return core;
}

/** The file of the shown shot's round `index`, as the core keeps it. */
async function roundFile(core: AppCore, index: number): Promise<{ id: string; file: string }> {
  const { projects } = await core.handlers['video:projects'](undefined);
  const round = projects[0]?.shots[2]?.rounds[index];
  const file = round ? await core.handlers['video:takeFile']({ roundId: round.id }) : undefined;
  return { id: round?.id ?? '', file: file?.path ?? '' };
}

test('a take is sent from its ⋯ menu to the Images screen’s Videos area, to be cleaned free', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await harbourOpen(page);
  const { file } = await roundFile(core, 0);
  expect(file).not.toBe('');

  const take = page.getByTestId('round').nth(0);
  await roundMenu(take, 'Remove a still logo (free)');

  // The Images screen is shown, the take's clip waiting in the Videos area for its clean-up.
  await expect(page.getByRole('button', { name: 'Images', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const area = page.getByTestId('videos-area');
  await expect(area.getByRole('heading', { name: 'Videos' })).toBeVisible();
  await expect(area).toContainText(path.basename(file));
  await expect(area.getByRole('button', { name: 'Clean 1 clip' })).toBeVisible();
  await saveScreenshots(page, 'video-take-clean-01-staged');
});

test('a take whose clip is no longer on this computer says where it was and what to do', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const core = await harbourOpen(page);
  const { file } = await roundFile(core, 0);
  await rm(file);

  await roundMenu(page.getByTestId('round').nth(0), 'Remove a still logo (free)');
  await expect(page.getByText(`This take’s clip is no longer at ${file}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Video', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(
    await core.handlers['video:takeFile']({ roundId: (await roundFile(core, 1)).id }),
  ).toMatchObject({ path: expect.stringMatching(/\.mp4$/) });
  // A round with no clip here (not downloaded yet, or not a round at all) says to wait.
  await expect(core.handlers['video:takeFile']({ roundId: 'not-downloaded' })).rejects.toThrow(
    'This take has no clip on this computer yet: wait until it has finished downloading.',
  );
});
