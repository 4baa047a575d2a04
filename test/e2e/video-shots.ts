import type { Locator, Page } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';

/**
 * A project of three shots with two rounds each ("shot N take A", then B), queued through the
 * core; `seconds` gives each shot's asked length. Gives the project and its shots, in order.
 */
export async function threeShotsTwoTakes(
  core: AppCore,
  name: string,
  seconds: readonly number[] = [4, 4, 4],
): Promise<{ projectId: string; shots: string[] }> {
  const { projectId, shotId } = await core.handlers['video:createProject']({ name });
  const shots = [shotId];
  for (let i = 0; i < 2; i += 1) {
    shots.push((await core.handlers['video:addShot']({ projectId })).shotId);
  }
  await core.handlers['video:queueRounds']({
    rounds: shots.flatMap((id, i) =>
      ['A', 'B'].map((take) => ({
        shotId: id,
        request: {
          model: 'videomodel-2-5',
          content: [{ type: 'text' as const, text: `shot ${i + 1} take ${take}` }],
          duration: seconds[i] ?? 4,
        },
      })),
    ),
  });
  return { projectId, shots };
}

/** Chooses `action` in a take card's ⋯ menu: the two clicks a rare action of a round takes. */
export async function roundMenu(round: Locator, action: string): Promise<void> {
  await round.getByRole('button', { name: /^Actions for round/ }).click();
  const named = { name: action, exact: true };
  await round.getByRole('menuitem', named).or(round.getByRole('menuitemcheckbox', named)).click();
}

/** Chooses `action` in the project's ⋯ menu, beside its name. */
export async function projectMenu(page: Page, action: string): Promise<void> {
  await page.getByRole('button', { name: 'Project actions' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
