import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { connectApp, dropFolder, saveScreenshots, useAppWorld } from './harness.ts';

const KEY = 'cf-doubt-key-3a9c';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0.2 },
});

const submissions = () =>
  world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

test('a result the service gave back unchanged says so, and the user decides what to do', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const folder = path.join(world.dir, 'quay');
  await mkdir(folder);
  // Plain walls without a mark: the demo stand-in finds none to remove and changes nothing.
  for (let i = 0; i < 3; i += 1) {
    const wall = sharp({
      create: {
        width: 48,
        height: 32,
        channels: 3,
        background: { r: 90 + i * 40, g: 120, b: 150 },
      },
    });
    await writeFile(path.join(folder, `quay-${i}.png`), await wall.png().toBuffer());
  }
  const running = await world.startCore({ outputFolder: null });
  expect((await running.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
    true,
  );
  await connectApp(page, world.server, running, { droppedDir: world.dir });
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.goto(world.server.url);
  await dropFolder(page, 'quay');
  await expect(page.getByTestId('staged')).toHaveCount(3);
  await page.getByRole('button', { name: 'Start – uses 3 credits for 3 images' }).click();
  await expect(page.getByTestId('jobs-doubted')).toHaveText(' · 3 to check', { timeout: 60_000 });
  const row = (name: string) => page.getByTestId('job').filter({ hasText: name });
  for (let i = 0; i < 3; i += 1) {
    await expect(row(`quay-${i}.png`).locator('.job-state')).toHaveText('Unchanged');
  }
  await page.getByRole('button', { name: 'To check' }).click();
  await expect(page.getByTestId('job')).toHaveCount(3);
  await saveScreenshots(page, 'doubt-01-unchanged');
  // In a narrow window the choices take two lines of small buttons: the name and the state
  // word keep their room beside them, and the buttons stay inside the row.
  await page.setViewportSize({ width: 880, height: 560 });
  const boxOf = async (part: string) => {
    const box = await row('quay-0.png').locator(part).boundingBox();
    if (!box) throw new Error(`${part} is not on screen`);
    return box;
  };
  const [name, state, actions] = [
    await boxOf('.job-name'),
    await boxOf('.job-state'),
    await boxOf('.job-actions'),
  ];
  const line = await row('quay-0.png').boundingBox();
  if (!line) throw new Error('the row is not on screen');
  expect(name.width).toBeGreaterThanOrEqual(64);
  expect(name.x + name.width).toBeLessThanOrEqual(state.x);
  expect(state.x + state.width).toBeLessThanOrEqual(actions.x);
  expect(actions.x + actions.width).toBeLessThanOrEqual(line.x + line.width);
  expect(actions.y + actions.height).toBeLessThanOrEqual(line.y + line.height);
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.getByRole('button', { name: 'All', exact: true }).click();

  // Kept as it is: done from now on.
  await row('quay-0.png').getByRole('button', { name: 'Keep it: quay-0.png' }).click();
  await expect(row('quay-0.png').locator('.job-state')).toHaveText('Done');
  await expect(page.getByTestId('jobs-doubted')).toHaveText(' · 2 to check');

  // Sent again: the cost is shown and asked once, then one paid attempt.
  const sent = submissions();
  await row('quay-1.png').getByRole('button', { name: 'Send to the service – 1 credit' }).click();
  await expect(row('quay-1.png').getByTestId('confirm-paid')).toHaveText('Pay 1 credit again?');
  expect(submissions()).toBe(sent);
  await saveScreenshots(page, 'doubt-02-send-asks');
  await row('quay-1.png').getByRole('button', { name: 'Confirm and send' }).click();
  await expect.poll(submissions, { timeout: 30_000 }).toBe(sent + 1);
  await expect(row('quay-1.png').locator('.job-state')).toHaveText('Unchanged', {
    timeout: 60_000,
  });

  // Marked by hand: the image is staged again, "clean again" ticked, in the mask editor.
  await row('quay-2.png').getByRole('button', { name: 'Mark by hand: quay-2.png' }).click();
  await expect(page.getByRole('dialog', { name: 'Mask editor' })).toBeVisible();
  await saveScreenshots(page, 'doubt-03-by-hand');
  await page
    .getByRole('dialog', { name: 'Mask editor' })
    .getByRole('button', { name: 'Cancel', exact: true })
    .click();
  await expect(
    page
      .getByTestId('staged')
      .filter({ hasText: 'quay-2.png' })
      .getByRole('checkbox', { name: /clean again/ }),
  ).toBeChecked();
  expect(submissions()).toBe(sent + 1);
});
