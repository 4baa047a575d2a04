import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ClearframeApi } from '../../src-shared/ipc/contract.ts';
import { makePhoto } from '../support/images.ts';
import { connectApp, saveScreenshot, useAppWorld } from './harness.ts';

const RECOGNISABLE_KEY = 'cf-e2e-SECRET-7f3a9c1d5b';
const world = useAppWorld({
  accounts: [{ key: RECOGNISABLE_KEY, credits: 500 }],
  watermark: { processingMs: 300, jitter: 0.2 },
});

/** Drops files from `folder` on the drop zone, as a person dragging them from a file manager. */
async function drop(page: Page, names: string[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((files) => {
    const transfer = new DataTransfer();
    for (const name of files) transfer.items.add(new File([], name, { type: 'image/png' }));
    return transfer;
  }, names);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
}

test('first run is demo mode: dropped images are staged, run, and land on disk and on screen', async ({
  page,
}) => {
  const photos = path.join(world.dir, 'photos');
  await mkdir(photos);
  for (let i = 0; i < 4; i += 1) {
    await writeFile(path.join(photos, `photo-${i}.png`), await makePhoto(48, 32, 'png', i));
  }
  await writeFile(path.join(photos, 'notes.txt'), 'not an image');
  const running = await world.startCore();
  const states = new Set<string>();
  await connectApp(page, world.server, running, {
    droppedDir: photos,
    onMessage: (message) => {
      const jobs = (message as { payload?: { jobs?: Array<{ state: string }> } }).payload?.jobs;
      for (const job of jobs ?? []) states.add(job.state);
    },
  });
  await page.goto(world.server.url);
  await expect(page.getByTestId('demo-banner')).toContainText('Demo mode');
  await saveScreenshot(page, 'watermark-01-first-run-demo');

  await drop(page, ['photo-0.png', 'photo-1.png', 'photo-2.png', 'photo-3.png', 'notes.txt']);
  await expect(page.getByTestId('staged')).toHaveCount(4);
  await expect(page.getByText('notes.txt: It is not an image file.')).toBeVisible();
  await page.getByRole('button', { name: 'Start – uses 4 credits' }).click();
  await expect(page.getByTestId('job')).toHaveCount(4);
  await expect(page.getByTestId('jobs-summary')).toHaveText('4 of 4 done', { timeout: 30_000 });
  expect([...states]).toEqual(expect.arrayContaining(['processing', 'done']));

  const outputs = (await readdir(path.join(world.dir, 'out'))).filter((f) => f.endsWith('.png'));
  expect(outputs.sort()).toEqual([0, 1, 2, 3].map((i) => `photo-${i}-clean.png`));

  await page.getByRole('button', { name: 'photo-2.png', exact: true }).click();
  const after = page.getByRole('img', { name: 'photo-2.png, cleaned' });
  await expect(after).toBeVisible();
  await expect.poll(() => after.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await expect(page.getByTestId('saved-to')).toContainText('photo-2-clean.png');
  await page.getByRole('slider', { name: 'Split' }).fill('20');
  await saveScreenshot(page, 'watermark-03-compare');
});

test('a key is set and tested, and never appears in any IPC message, event, or the page', async ({
  page,
}) => {
  const running = await world.startCore();
  const messages: string[] = [];
  await connectApp(page, world.server, running, {
    onMessage: (message) => {
      const text = JSON.stringify(message);
      // The one message that must carry the key is the request that sets it.
      if (!text.includes('"channel":"keys:set","payload"')) messages.push(text);
    },
  });
  await page.goto(world.server.url);
  await expect(page.getByTestId('demo-banner')).toBeVisible();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Watermark API token', { exact: true }).fill('wrong-key-0000000');
  await page
    .getByRole('form', { name: 'Watermark API token settings' })
    .getByRole('button', { name: 'Save and test' })
    .click();
  await expect(page.getByTestId('watermark-key-message')).toContainText('was not saved');
  await expect(page.getByTestId('demo-banner')).toBeVisible();

  await page.getByLabel('Watermark API token', { exact: true }).fill(RECOGNISABLE_KEY);
  await page
    .getByRole('form', { name: 'Watermark API token settings' })
    .getByRole('button', { name: 'Save and test' })
    .click();
  await expect(page.getByTestId('watermark-key-message')).toContainText(
    'works: 500 of 500 credits left',
  );
  // Images now go to the service; video, with no key of its own, stays in demo and says so.
  await expect(page.getByTestId('demo-banner')).toHaveAttribute('data-services', 'video');
  await saveScreenshot(page, 'watermark-04-key-set');

  // Everything the page can see or hold: the DOM, its inputs, storage, and every reply and event.
  const visible = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    inputs: [...document.querySelectorAll('input')].map((input) => input.value),
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  }));
  expect(visible.html).not.toContain(RECOGNISABLE_KEY);
  expect(visible.inputs.join(' ')).not.toContain(RECOGNISABLE_KEY);
  expect(visible.storage).not.toContain(RECOGNISABLE_KEY);
  expect(messages.length).toBeGreaterThan(3);
  expect(messages.filter((text) => text.includes(RECOGNISABLE_KEY))).toEqual([]);
  const status = await page.evaluate(() =>
    (window.clearframe as ClearframeApi).invoke('keys:status'),
  );
  expect(JSON.stringify(status)).not.toContain(RECOGNISABLE_KEY);
  expect(status).toEqual({
    ok: true,
    value: {
      keys: [
        { kind: 'watermark', set: true, source: 'keychain' },
        { kind: 'video', set: false, source: null },
      ],
    },
  });
});

test('invalid payloads from the page are refused before the engine sees them', async ({ page }) => {
  const running = await world.startCore();
  await connectApp(page, world.server, running);
  await page.goto(world.server.url);
  const replies = await page.evaluate(async () => {
    const api = window.clearframe as unknown as {
      invoke: (channel: string, payload?: unknown) => Promise<unknown>;
    };
    return Promise.all([
      api.invoke('watermark:add', { paths: [] }),
      api.invoke('watermark:add', { paths: ['/etc/passwd'], shell: true }),
      api.invoke('watermark:cancel', { ids: 'all' }),
      api.invoke('shell:openExternal', { url: 'https://evil.example/' }),
    ]);
  });
  expect(replies.slice(0, 3)).toEqual([
    expect.objectContaining({
      ok: false,
      error: expect.objectContaining({ code: 'invalid-payload' }),
    }),
    expect.objectContaining({
      ok: false,
      error: expect.objectContaining({ code: 'invalid-payload' }),
    }),
    expect.objectContaining({
      ok: false,
      error: expect.objectContaining({ code: 'invalid-payload' }),
    }),
  ]);
  expect(replies[3]).toEqual({ ok: true, value: { opened: false } });
  const list = await page.evaluate(() =>
    (window.clearframe as ClearframeApi).invoke('watermark:list'),
  );
  expect(list).toMatchObject({ ok: true, value: { jobs: [] } });
});
