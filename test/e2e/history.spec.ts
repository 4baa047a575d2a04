import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { HISTORY_PAGE } from '../../src-renderer/jobs-store.ts';
import { connectApp, useAppWorld } from './harness.ts';

const world = useAppWorld({ accounts: [{ key: 'cf-history-e2e-7a2f', credits: 10 }] });

/** A data folder whose store holds `earlier` finished jobs and then a batch of two. */
async function storeWithHistory(earlier: number): Promise<void> {
  const dataDir = path.join(world.dir, 'data');
  await mkdir(dataDir, { recursive: true });
  const store = JobStore.open(path.join(dataDir, 'clearframe.sqlite'));
  try {
    for (let first = 0; first < earlier; first += 500) {
      const count = Math.min(500, earlier - first);
      store.addWatermarkJobs(
        Array.from({ length: count }, (_, i) => ({ inputPath: `/old/photo-${first + i}.jpg` })),
      );
    }
    store.db.prepare(`UPDATE watermark_jobs SET state = 'done'`).run();
    store.addWatermarkJobs([{ inputPath: '/new/a.jpg' }, { inputPath: '/new/b.jpg' }]);
    store.db
      .prepare(`UPDATE watermark_jobs SET state = 'canceled' WHERE input_path LIKE '/new/%'`)
      .run();
  } finally {
    store.close();
  }
}

test('the results list shows the latest batch; every earlier one is a click away, read a page at a time', async ({
  page,
}) => {
  const earlier = 2 * HISTORY_PAGE + 37;
  await storeWithHistory(earlier);
  const core = await world.startCore();
  const asked: unknown[] = [];
  await connectApp(page, world.server, core, {
    onMessage: (message) => {
      const { channel, payload } = message as { channel?: string; payload?: unknown };
      if (channel === 'watermark:history' && payload !== undefined) asked.push(payload);
    },
  });
  await page.goto(world.server.url);

  // The figures are the batch's; the history is not read until asked for.
  await expect(page.getByTestId('jobs-summary')).toHaveText('0 of 2 done');
  await expect(page.getByTestId('job')).toHaveCount(2);
  expect(asked).toEqual([]);

  await page.getByRole('button', { name: 'Show all earlier results' }).click();
  const summary = page.getByTestId('history-summary');
  await expect(summary).toContainText(`${HISTORY_PAGE}+ images`);
  await expect(page.getByTestId('jobs-summary')).toHaveText('0 of 2 done');
  // Newest first: the batch of two heads the history.
  await expect(page.getByTestId('job').first()).toContainText('b.jpg');

  // Scrolling to the end reads the next page, until the oldest job is listed.
  const list = page.getByTestId('job-list');
  await expect(async () => {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    // Counts are written the reader's way: "1,039 images" in English.
    const all = new Intl.NumberFormat('en').format(earlier + 2);
    await expect(summary).toContainText(`${all} images`, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByRole('button', { name: 'photo-0.jpg', exact: true })).toBeVisible();
  expect(asked).toHaveLength(3);

  await page.getByRole('button', { name: 'Show only the latest batch' }).click();
  await expect(page.getByTestId('job')).toHaveCount(2);
  await expect(summary).toHaveCount(0);
});
