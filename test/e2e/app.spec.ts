import { expect, test } from '@playwright/test';
import { connectPreload, saveScreenshot, serveRenderer, type RendererServer } from './harness.ts';

const INFO = {
  name: 'Clearframe',
  version: '1.0.0',
  platform: 'linux',
  demoMode: false,
  demoServices: [],
  previewBase: '/__preview/',
};
let server: RendererServer;

test.beforeAll(async () => {
  server = await serveRenderer();
});

test.afterAll(async () => {
  await server.close();
});

test('the renderer starts and reads app info through the preload bridge', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await connectPreload(page, server, {
    'app:info': () => ({ ...INFO, version: '9.8.7' }),
  });
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'Clearframe', level: 1 })).toBeVisible();
  await expect(page.getByTestId('app-version')).toHaveText('v9.8.7 · linux');
  await saveScreenshot(page, 'app-started');
  expect(errors).toEqual([]);
});

test('the bridge exposes exactly one frozen object and refuses undeclared channels', async ({
  page,
}) => {
  await connectPreload(page, server, {
    'app:info': () => INFO,
  });
  await page.goto(server.url);
  const probe = await page.evaluate(async () => {
    const api = window.clearframe as unknown as Record<string, unknown> & {
      invoke: (channel: string, payload?: unknown) => Promise<unknown>;
    };
    return {
      keys: Object.keys(api).sort(),
      frozen: Object.isFrozen(api),
      unknown: await api.invoke('fs:read', '/etc/passwd'),
      malformed: await api.invoke('app:info', { sneaky: true }),
      hasIpcRenderer: 'ipcRenderer' in window,
    };
  });
  expect(probe.keys).toEqual(['invoke', 'on', 'pathForFile']);
  expect(probe.frozen).toBe(true);
  expect(probe.unknown).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  expect(probe.malformed).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  expect(probe.hasIpcRenderer).toBe(false);
});
