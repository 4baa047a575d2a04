import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/electron',
  outputDir: 'test-results/electron',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
});
