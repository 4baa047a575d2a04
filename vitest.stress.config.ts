import { defineConfig } from 'vitest/config';

/** `npm run test:stress`: the scenarios of test/stress, one file at a time (they load the machine). */
export default defineConfig({
  test: {
    include: ['test/stress/**/*.stress.ts'],
    environment: 'node',
    globalSetup: ['test/support/keychain-session.ts'],
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 120_000,
  },
});
