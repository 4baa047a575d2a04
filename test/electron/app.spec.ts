import { _electron as electron, expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { electronBinary } from '../support/electron-binary.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const binary = electronBinary();

test('the app opens a sandboxed window on app:// and shows its version', async () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');
  const app = await electron.launch({
    args: [root],
    executablePath: 'path' in binary ? binary.path : undefined,
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { name: 'Clearframe', level: 1 })).toBeVisible();
    await expect(page.getByTestId('app-version')).toContainText('v');
    expect(page.url()).toMatch(/^app:\/\/clearframe\//);
    // With context isolation, sandbox and no node integration, page code sees no Node at all.
    const globals = await page.evaluate(() => ({
      require: typeof (globalThis as Record<string, unknown>)['require'],
      process: typeof (globalThis as Record<string, unknown>)['process'],
      bridge: typeof window.clearframe?.invoke,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', bridge: 'function' });
    await page.screenshot({ path: 'test-results/screenshots/electron-app.png' });
  } finally {
    await app.close();
  }
});
