import { _electron as electron, expect, test } from '@playwright/test';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePhoto } from '../support/images.ts';
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

test('in demo mode, chosen images are cleaned into a folder beside them', async () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-electron-'));
  const photo = path.join(dir, 'harbour.png');
  await writeFile(photo, await makePhoto(48, 32, 'png', 1));
  const app = await electron.launch({
    args: [root],
    executablePath: 'path' in binary ? binary.path : undefined,
    env: { ...process.env, CLEARFRAME_DATA_DIR: path.join(dir, 'data') },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByTestId('demo-banner')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(photo);
    await expect(page.getByTestId('jobs-summary')).toHaveText('1 of 1 done', { timeout: 30_000 });
    expect(await readdir(path.join(dir, 'clearframe'))).toContain('harbour-clean.png');
    await page.screenshot({ path: 'test-results/screenshots/electron-demo-flow.png' });
  } finally {
    await app.close();
  }
});
