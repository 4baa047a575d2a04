import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { connectApp, saveScreenshots, useAppWorld } from './harness.ts';

const world = useAppWorld({ accounts: [] });

test('the agent allowance is set in Settings, 0 until the person sets it, and refused below 0', async ({
  page,
}) => {
  const core = await world.startCore();
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const credits = page.getByLabel('Agent allowance per day, watermark credits');
  const usd = page.getByLabel('Agent allowance per day, video USD');
  await expect(credits).toHaveValue('0');
  await expect(usd).toHaveValue('0');
  await expect(page.getByText('0 lets it spend nothing')).toBeVisible();

  await usd.fill('-1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('settings-refused')).toBeVisible();

  await credits.fill('40');
  await usd.fill('2.5');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const stored = JSON.parse(await readFile(core.paths.settingsFile, 'utf8')) as Record<
    string,
    unknown
  >;
  expect(stored).toMatchObject({ agentAllowance: { creditsPerDay: 40, usdPerDay: 2.5 } });
  await page.getByLabel('Agent allowance per day, video USD').scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'settings-agent-allowance');
});
