import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/support/chromium.ts';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    // The window follows the system's language: pinned, so the specs read English everywhere.
    locale: 'en-US',
  },
});
