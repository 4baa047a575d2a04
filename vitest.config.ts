import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/keychain-session.ts', 'test/support/wallpaper-cache.ts'],
    setupFiles: ['test/support/all-languages.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
