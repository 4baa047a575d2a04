import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import {
  allRoundsDone,
  connectApp,
  expectAccessible,
  saveScreenshots,
  useAppWorld,
} from './harness.ts';
import { projectMenu } from './video-shots.ts';

// No key is set: the rounds run on demo mode's built-in simulator, whose clips last 2 s.
const world = useAppWorld({});
const CLIP_SECONDS = 2;
const PROMPTS = ['gulls over the harbour', 'a trawler leaves the quay', 'the light goes on'];

/**
 * A project of one shot a prompt, each with one round queued; a `9:16` round makes the
 * simulator's portrait clip, which cannot follow a landscape one without re-encoding.
 */
async function project(
  core: AppCore,
  name: string,
  shots: readonly { prompt: string; ratio?: '9:16' }[],
): Promise<void> {
  const { projectId, shotId } = await core.handlers['video:createProject']({ name });
  const ids = [shotId];
  for (let i = 1; i < shots.length; i += 1) {
    ids.push((await core.handlers['video:addShot']({ projectId })).shotId);
  }
  await core.handlers['video:queueRounds']({
    rounds: shots.map((shot, i) => ({
      shotId: ids[i] as string,
      request: {
        model: 'videomodel-2-5',
        content: [{ type: 'text', text: shot.prompt }],
        duration: 5,
        ...(shot.ratio ? { ratio: shot.ratio } : {}),
      },
    })),
  });
}

test('the takes of three shots are joined into one film, saved in the folder chosen, and played', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const core = await world.startCore();
  await project(
    core,
    'Harbour',
    PROMPTS.map((prompt) => ({ prompt })),
  );
  await project(core, 'Mixed', [{ prompt: 'wide' }, { prompt: 'tall', ratio: '9:16' }]);
  const films = path.join(world.dir, 'films');
  await connectApp(page, world.server, core, { chosenFolder: films });
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Video', exact: true }).click();
  await allRoundsDone(core, 5);
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Harbour' });

  await projectMenu(page, 'Join takes into one film…');
  await expect(page.getByTestId('film-takes').getByRole('listitem')).toHaveText(
    PROMPTS.map((prompt, i) => `Shot ${i + 1}: round 1, ${prompt}`),
  );
  await saveScreenshots(page, 'video-film-01-takes');

  await page.getByRole('button', { name: 'Choose a folder and join' }).click();
  const saved = path.join(films, 'Harbour.mp4');
  await expect(page.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
    `Saved as ${saved}`,
  );
  expect(await readdir(films)).toEqual(['Harbour.mp4']);

  // The film plays in the screen's large player, at the top, not in the panel that joined it.
  const player = page.getByRole('region', { name: 'Player' }).getByTestId('film-player');
  await expect(player).toBeInViewport();
  await expect(
    page.getByRole('region', { name: 'One film of Harbour' }).locator('video'),
  ).toHaveCount(0);
  const duration = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) resolve(video.duration);
        video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
        video.addEventListener('error', () => reject(new Error(video.error?.message)), {
          once: true,
        });
      }),
  );
  expect(duration).toBeCloseTo(CLIP_SECONDS * PROMPTS.length, 1);
  // Played into the last shot's take: every clip after the first decodes in the film too.
  const reached = await player.evaluate(
    (video: HTMLVideoElement, from: number) =>
      new Promise<number>((resolve, reject) => {
        video.muted = true;
        video.currentTime = from;
        video.addEventListener('timeupdate', function past() {
          if (video.currentTime <= from + 0.3) return;
          video.removeEventListener('timeupdate', past);
          video.pause();
          resolve(video.currentTime);
        });
        video.addEventListener('error', () => reject(new Error(video.error?.message)), {
          once: true,
        });
        void video.play();
      }),
    CLIP_SECONDS * (PROMPTS.length - 1) + 0.2,
  );
  expect(reached).toBeGreaterThan(CLIP_SECONDS * (PROMPTS.length - 1));
  await expectAccessible(page);
  await saveScreenshots(page, 'video-film-02-joined');
  // Back to the shot: its take is in the player again.
  await page.getByRole('button', { name: 'Back to shot 3' }).click();
  await expect(page.getByTestId('film-player')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Player' }).getByTestId('player')).toBeVisible();

  // Takes that differ: the window says which, how, and what to do; nothing is written.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Mixed' });
  await projectMenu(page, 'Join takes into one film…');
  await page.getByRole('button', { name: 'Choose a folder and join' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'These takes cannot be joined without re-encoding: shot 2’s clip is 180×320, shot 1’s 320×180; make the takes the same resolution (the same ratio and quality), or choose takes that are.',
  );
  expect(await readdir(films)).toEqual(['Harbour.mp4']);
  await saveScreenshots(page, 'video-film-03-refused');
});
