import path from 'node:path';
import { expect, test } from '@playwright/test';
import { filmTakes } from '../../src-shared/domain/film-takes.ts';
import { allRoundsDone, connectApp, saveScreenshots, useAppWorld } from './harness.ts';
import { threeShotsTwoTakes, roundMenu, projectMenu } from './video-shots.ts';

const KEY = 'cf-video-arrange-e2e-key-8';
const world = useAppWorld({
  accounts: [{ key: KEY, balanceUsd: 80 }],
  video: { pendingMs: 100, processingMs: 400, jitter: 0.1 },
});
/** The simulator's clips last 2 s, whatever the round asks. */
const CLIP_SECONDS = 2;

test('a project of three shots with two takes each: choose takes, reorder, rename, remove, join and play', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const core = await world.startCore();
  expect((await core.handlers['keys:set']({ kind: 'video', value: KEY })).test.ok).toBe(true);
  await threeShotsTwoTakes(core, 'Harbour');
  await core.handlers['video:createProject']({ name: 'Old tests' });
  const films = path.join(world.dir, 'films');
  await connectApp(page, world.server, core, { chosenFolder: films });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await allRoundsDone(core, 6);

  // Removing an empty project says what goes and what stays, and asks first.
  const project = page.getByRole('combobox', { name: 'Project' });
  await project.selectOption({ label: 'Old tests' });
  await projectMenu(page, 'Remove project…');
  const asked = page.getByRole('dialog', { name: 'Remove Old tests?' });
  await expect(asked).toContainText(
    'Old tests, with its 1 shot and 0 rounds, leaves the list. What was spent on it stays in your spending.',
  );
  await asked.getByRole('button', { name: 'Remove' }).click();
  await expect(project.locator('option')).toHaveText(['Harbour']);

  // By default each shot's take is its newest round; the user picks the first take of shot 1.
  await page.getByRole('button', { name: /^Shot 1/ }).click();
  const rounds = page.getByTestId('round');
  await expect(rounds.nth(1).getByTestId('take-star')).toHaveText('★ The shot’s take');
  await expect(rounds.nth(0).getByTestId('take-star')).toHaveCount(0);
  await roundMenu(rounds.nth(0), 'Use as take');
  await expect(rounds.nth(0).getByTestId('take-star')).toBeVisible();
  await expect(rounds.nth(1).getByTestId('take-star')).toHaveCount(0);
  await saveScreenshots(page, 'video-arrange-01-takes');

  // Shot 3 moves before shot 2; the project gets a new name.
  await page.getByRole('button', { name: /^Shot 3/ }).click();
  await page.getByRole('button', { name: 'Move shot earlier: shot 3' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour · shot 2' })).toBeVisible();
  // Renamed in place: a click on the name, Escape puts it back, an empty name is refused
  // with a sentence and nothing is sent, Enter saves.
  const name = page.getByRole('button', { name: 'Harbour', exact: true });
  await expect(name).toHaveAttribute('title', 'Click the name to rename the project');
  await name.click();
  const field = page.getByLabel('Project name');
  await expect(field).toBeFocused();
  await field.fill('Harbour at noon');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(project.locator('option')).toHaveText(['Harbour']);
  await name.click();
  await field.fill('  ');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'A project needs a name: type one, or press Escape to keep “Harbour”.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect((await core.handlers['video:projects'](undefined)).projects[0]?.name).toBe('Harbour');
  await field.fill('Harbour at dusk');
  await field.press('Enter');
  await expect(project.locator('option')).toHaveText(['Harbour at dusk']);
  await expect(page.getByRole('button', { name: 'Harbour at dusk', exact: true })).toBeVisible();
  // Rename… in the project menu does the same.
  await projectMenu(page, 'Rename…');
  await expect(page.getByLabel('Project name')).toHaveValue('Harbour at dusk');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The shot buttons show each take's first frame, in shot order: a storyboard of the film.
  const { projects } = await core.handlers['video:projects'](undefined);
  const takeIds = filmTakes(projects[0]?.shots ?? []).map((take) => take.round?.id);
  const thumbs = page.getByTestId('shot-thumb');
  await expect(thumbs).toHaveCount(3);
  const shown = await thumbs.evaluateAll((videos) =>
    Promise.all(
      (videos as HTMLVideoElement[]).map(
        (video) =>
          new Promise<{ src: string; width: number }>((resolve, reject) => {
            const done = () => resolve({ src: video.currentSrc, width: video.videoWidth });
            if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) done();
            video.addEventListener('loadeddata', done, { once: true });
            video.addEventListener('error', () => reject(new Error(video.error?.message)), {
              once: true,
            });
          }),
      ),
    ),
  );
  expect(shown.map((thumb) => /round\/([^/]+)\/video/.exec(thumb.src)?.[1])).toEqual(takeIds);
  expect(shown.every((thumb) => thumb.width > 0)).toBe(true);

  await projectMenu(page, 'Join takes into one film…');
  await expect(page.getByTestId('film-takes').getByRole('listitem')).toHaveText([
    'Shot 1: round 1, shot 1 take A',
    'Shot 2: round 2, shot 3 take B',
    'Shot 3: round 2, shot 2 take B',
  ]);
  await page.getByRole('button', { name: 'Choose a folder and join' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as' })).toContainText(
    path.join(films, 'Harbour at dusk.mp4'),
  );
  const duration = await page.getByTestId('film-player').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) resolve(video.duration);
        video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
        video.addEventListener('error', () => reject(new Error(video.error?.message)), {
          once: true,
        });
      }),
  );
  expect(duration).toBeCloseTo(CLIP_SECONDS * 3, 1);
  await saveScreenshots(page, 'video-arrange-02-joined');
});
