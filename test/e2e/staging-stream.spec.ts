import { expect, test, type Page } from '@playwright/test';
import type { StagedBatch, StagedFile } from '../../src-shared/ipc/contract.ts';
import {
  connectPreload,
  dropFolder,
  saveScreenshots,
  serveRenderer,
  type RendererServer,
} from './harness.ts';

let server: RendererServer;

test.beforeAll(async () => {
  server = await serveRenderer();
});

test.afterAll(async () => {
  await server.close();
});

const photo = (i: number): StagedFile => ({
  token: `t${i}`,
  path: `/dropped/shoot/photo-${i}.jpg`,
  name: `photo-${i}.jpg`,
  format: 'jpeg',
  width: 60,
  height: 40,
  bytes: 1200,
});

/** Sends the page what main sends while it looks at a drop. */
async function send(page: Page, batch: StagedBatch): Promise<void> {
  await page.evaluate((payload) => {
    (window as unknown as { __clearframeEmit: (c: string, p: unknown) => void }).__clearframeEmit(
      'media:staged',
      payload,
    );
  }, batch);
}

test('a dropped folder is listed as it is looked at, with a running count, and Stop looking keeps what was staged', async ({
  page,
}) => {
  // A main that stages what the test says, when it says it, and answers once stopped.
  let run = '';
  let stopped: () => void = () => undefined;
  const walkStopped = new Promise<void>((resolve) => (stopped = resolve));
  let started: () => void = () => undefined;
  const walkStarted = new Promise<void>((resolve) => (started = resolve));
  await connectPreload(page, server, {
    'app:info': () => ({
      name: 'Clearframe',
      version: 'e2e',
      platform: 'linux',
      demoMode: false,
      demoServices: [],
      previewBase: '/__preview/',
    }),
    'watermark:list': () => ({ jobs: [], paused: false }),
    'media:probe': async (request) => {
      run = request.run ?? '';
      started();
      await walkStopped;
      return { run, staged: 3, skipped: 1, canceled: true };
    },
    'media:cancelProbe': (request) => {
      stopped();
      return { canceled: request.run === run };
    },
  });
  await page.goto(server.url);

  await dropFolder(page, 'shoot');
  await walkStarted;
  await send(page, { run, items: [photo(1), photo(2)], skipped: [] });
  const count = page.getByTestId('staging-count');
  await expect(count).toHaveText('Looking at the files: 2 ready, 0 not taken so far');
  await expect(page.getByTestId('staged')).toHaveCount(2);

  // Another window's drop is not listed here.
  await send(page, { run: 'another-window', items: [photo(9)], skipped: [] });
  await send(page, {
    run,
    items: [photo(3)],
    skipped: [{ path: '/dropped/shoot/notes.txt', reason: 'It is not an image file.' }],
  });
  await expect(count).toHaveText('Looking at the files: 3 ready, 1 not taken so far');
  await expect(page.getByText('notes.txt: It is not an image file.')).toBeVisible();

  // Thousands not taken: the list draws the rows in view, and the last is a scroll away.
  const many = Array.from({ length: 5000 }, (_, i) => ({
    path: `/dropped/shoot/notes-${i}.txt`,
    reason: 'It is not an image file.',
  }));
  await send(page, { run, items: [], skipped: many });
  await expect(count).toHaveText(/3 ready, 5,?001 not taken so far/);
  const skipped = page.getByTestId('skipped');
  expect(await skipped.getByRole('listitem').count()).toBeLessThan(40);
  await skipped.evaluate((list) => (list.scrollTop = list.scrollHeight));
  await expect(skipped.getByText('notes-4999.txt: It is not an image file.')).toBeVisible();
  await saveScreenshots(page, 'staging-not-taken');

  await page.getByRole('button', { name: 'Stop looking' }).click();
  await expect(count).toHaveCount(0);
  await expect(page.getByTestId('staged')).toHaveCount(3);
  await expect(page.getByTestId('staged-summary')).toHaveText('3 images, 0 with a mask');
  await expect(page.getByRole('button', { name: 'Start – uses 3 credits' })).toBeEnabled();
});
