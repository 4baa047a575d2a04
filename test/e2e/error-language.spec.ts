import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { errorValue } from '../../src-main/core/jobs/lifecycle/outcome.ts';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { IntakeError } from '../../src-main/core/media/intake.ts';
import { inLanguage } from '../support/in-language.ts';
import { connectApp, saveScreenshot, useAppWorld } from './harness.ts';

const world = useAppWorld({ accounts: [{ key: 'cf-error-language-e2e-4b1d', credits: 10 }] });

test('a job that failed in English reads in German once the language is switched', async ({
  page,
}) => {
  const dataDir = path.join(world.dir, 'data');
  await mkdir(dataDir, { recursive: true });
  const store = JobStore.open(path.join(dataDir, 'clearframe.sqlite'));
  try {
    const [id = ''] = store.addWatermarkJobs([{ inputPath: path.join(world.dir, 'notes.png') }]);
    store.transition('watermark', id, 'preparing');
    const error = new IntakeError({ id: 'core.intake.notAnImage' }, { problem: 'not-an-image' });
    store.transition('watermark', id, 'failed', { error: errorValue(error) });
  } finally {
    store.close();
  }
  const core = await world.startCore();
  await connectApp(page, world.server, core);
  await page.goto(world.server.url);
  const job = page.getByTestId('job');
  await expect(job).toContainText(inLanguage('en', 'core.intake.notAnImage'));

  expect(await core.handlers['settings:update']({ language: 'de' })).toMatchObject({ ok: true });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(job).toContainText(inLanguage('de', 'core.intake.notAnImage'));
  await saveScreenshot(page, 'error-language-de');
});
