import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PROVIDER_SITE_URL } from '../../src-shared/domain/settings.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { connectApp, saveScreenshot, useAppWorld } from './harness.ts';

const WATERMARK_KEY = 'cf-first-run-WM-3c9e1a77';
const VIDEO_KEY = 'cf-first-run-VID-58d2b4e0';
const world = useAppWorld({
  accounts: [
    { key: WATERMARK_KEY, credits: 800, creditsUsed: 120 },
    { key: VIDEO_KEY, balanceUsd: 37.5, tier: 'enterprise' },
  ],
});

async function open(page: Page, options: Parameters<typeof connectApp>[3] = {}): Promise<AppCore> {
  const core = await world.startCore();
  await connectApp(page, world.server, core, options);
  await page.goto(world.server.url);
  return core;
}

async function setKey(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page
    .getByRole('form', { name: `${label} settings` })
    .getByRole('button', { name: 'Save and test' })
    .click();
}

test('first run is demo mode, with a guide to the provider and the keychain', async ({ page }) => {
  const opened: string[] = [];
  await open(page, { onOpenExternal: (url) => opened.push(url) });
  await expect(page.getByTestId('demo-banner')).toContainText('Demo mode');
  await page.getByRole('button', { name: 'How do I use my own account?' }).click();
  await expect(page.getByText('never leave this computer except to the service')).toBeVisible();
  await page.getByRole('button', { name: "Open the provider's site" }).click();
  await expect.poll(() => opened).toEqual([PROVIDER_SITE_URL]);
  await saveScreenshot(page, 'first-run-01-demo-guide');

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  // The demo figures are the simulator's: said so, never taken for the account's credits.
  await expect(page.getByTestId('account-watermark')).toContainText(
    '1000 of 1,000 demo credits left (simulated) from the built-in simulator',
  );
});

test('keys are set and tested, the banner goes, and the account panel shows both services', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await setKey(page, 'Watermark API token', WATERMARK_KEY);
  await expect(page.getByTestId('watermark-key-message')).toContainText(
    'works: 680 of 800 credits left',
  );
  // Demo mode is per service: video still runs on the simulator, and the banner says so.
  await expect(page.getByTestId('demo-banner')).toHaveAttribute('data-services', 'video');
  await expect(page.getByTestId('watermark-key-status')).toHaveText(
    'Token set (in the system keychain)',
  );
  await setKey(page, 'Video API key', VIDEO_KEY);
  await expect(page.getByTestId('video-key-message')).toContainText('37.50 USD balance');
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  await saveScreenshot(page, 'first-run-02-keys-set');

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const host = new URL(world.sim.watermarkBaseUrl).host;
  await expect(page.getByTestId('account-watermark')).toContainText(
    `680 of 800 credits left from ${host}`,
  );
  await expect(page.getByTestId('account-video')).toContainText(`37.50 USD from ${host}`);
  await expect(page.getByTestId('account-price')).toContainText(
    '0.22 USD per second (Starter tier)',
  );
  await saveScreenshot(page, 'first-run-03-account');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page
    .getByRole('form', { name: 'Watermark API token settings' })
    .getByRole('button', { name: 'Clear' })
    .click();
  await expect(page.getByTestId('watermark-key-status')).toHaveText('No token set');
  await expect(page.getByTestId('demo-banner')).toHaveAttribute('data-services', 'watermark');
  await expect(page.getByTestId('demo-banner')).toContainText('Demo mode for images');
});

test('a wrong key shows what the service said, and nothing is kept', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await setKey(page, 'Video API key', 'cf-not-a-real-key-000');
  await expect(page.getByTestId('video-key-message')).toContainText(
    /refused this video API key \(the service said: "Authentication failed[^"]*"\)\. It was not saved\./,
  );
  await expect(page.getByTestId('video-key-status')).toHaveText('No key set');
  await saveScreenshot(page, 'first-run-04-wrong-key');
});

test('an invalid setting is refused next to its field and the file on disk is unchanged', async ({
  page,
}) => {
  const running = await open(page);
  const settingsFile = running.paths.settingsFile;
  const before = await readFile(settingsFile, 'utf8');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Images at once').fill('200');
  await page.getByLabel('Video budget cap in USD (empty: no cap)').fill('-5');
  await page.getByLabel('File name', { exact: true }).fill('clean');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'At most 32.' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The cap cannot be negative.' }),
  ).toBeVisible();
  await expect(page.getByTestId('settings-refused')).toBeVisible();
  await saveScreenshot(page, 'first-run-05-invalid-setting');
  expect(await readFile(settingsFile, 'utf8')).toBe(before);

  await page.getByLabel('Images at once').fill('6');
  await page.getByLabel('Video budget cap in USD (empty: no cap)').fill('25');
  await page.getByLabel('File name', { exact: true }).fill('{name}-clean.{ext}');
  await page.getByLabel('Theme').selectOption('dark');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const stored = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
  expect(stored).toMatchObject({ concurrency: { watermark: 6 }, budgetCapUsd: 25, theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await saveScreenshot(page, 'first-run-06-dark-theme');
});

test('diagnostics can be copied and hold no key', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await setKey(page, 'Watermark API token', WATERMARK_KEY);
  await expect(page.getByTestId('watermark-key-message')).toContainText('works');
  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  const report = page.getByRole('textbox', { name: 'Diagnostics' });
  await expect(report).toContainText('Clearframe 0.0.0-e2e');
  await expect(report).toContainText('watermark set (keychain)');
  expect(await report.inputValue()).not.toContain(WATERMARK_KEY);
  await page.getByRole('button', { name: 'Check for updates' }).click();
  await expect(page.getByText('Updates are off in development builds.')).toBeVisible();
});
