import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { ParameterError } from '../../../src-main/core/api/errors.ts';
import { said, speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { errorValue } from '../../../src-main/core/jobs/lifecycle/outcome.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { IntakeError } from '../../../src-main/core/media/intake.ts';
import { UserFacingError } from '../../../src-main/core/user-error.ts';
import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import type { ShownLanguage } from '../../../src-shared/i18n/languages.ts';
import { shownError } from '../../../src-renderer/watermark/results.ts';
import { damage } from '../../support/stored-rows.ts';
import { inLanguage, sayIn } from '../../support/in-language.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let dbFile: string;
let core: AppCore | undefined;

beforeEach(async () => {
  speakCoreIn(() => 'en');
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-error-language-'));
  dbFile = path.join(dir, 'data', 'clearframe.sqlite');
});

afterEach(async () => {
  speakCoreIn(() => 'en');
  await core?.stop();
  core = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Fails a queued job as the engine does: the error it met, kept by `errorValue`. */
function fail(store: JobStore, id: string, error: unknown): void {
  store.transition('watermark', id, 'preparing');
  store.transition('watermark', id, 'failed', { error: errorValue(error) });
}

async function listed(started: AppCore): Promise<Map<string, WatermarkJobView>> {
  const { jobs } = await started.handlers['watermark:list'](undefined);
  return new Map(jobs.map((job) => [job.inputPath, job]));
}

describe('errors a person reads', () => {
  it('share one root, recognised by instanceof, that carries its message id and values', () => {
    const refused = new ParameterError('400 from the service', {
      operation: 'watermark.submit',
      status: 400,
      serviceMessage: 'image could not be decoded',
    });
    expect(refused).toBeInstanceOf(UserFacingError);
    expect(refused.sentence).toEqual({
      id: 'core.api.parameter',
      values: { reason: 'image could not be decoded' },
    });
    speakCoreIn(() => 'de');
    expect(refused.userMessage).toBe(
      inLanguage('de', 'core.api.parameter', { reason: 'image could not be decoded' }),
    );
  });
});

describe('a failed job switched to another language', () => {
  it('is worded again in the new language, through the core and the window’s results, old rows as stored', async () => {
    const store = JobStore.open(dbFile);
    const [notImage = '', refused = '', old = ''] = store.addWatermarkJobs(
      ['notes.png', 'tiny.png', 'old.png'].map((name) => ({
        inputPath: path.join(dir, name),
        options: {},
      })),
    );
    const intake = new IntakeError({ id: 'core.intake.notAnImage' }, { problem: 'not-an-image' });
    // A big batch says thousands of sentences between an error and its row: the error
    // itself carries what it says, not the engine's memory of having said it.
    for (let i = 0; i < 2_500; i++) said('core.app.addressTimeout', { host: `host-${i}` });
    fail(store, notImage, intake);
    fail(
      store,
      refused,
      new ParameterError('400', {
        operation: 'watermark.submit',
        status: 400,
        serviceMessage: 'image could not be decoded',
      }),
    );
    fail(store, old, new Error('placeholder'));
    store.close();
    // A row an earlier version wrote: its sentence alone, in the language of that day.
    damage(dbFile, 'watermark_jobs', 'error_json', old, '{"code":"x","message":"It failed."}');

    core = await startBareCore({ dataDir: path.dirname(dbFile), name: 'error-language' });
    const english = await listed(core);
    const shown = (jobs: Map<string, WatermarkJobView>, name: string, language: ShownLanguage) => {
      const job = jobs.get(path.join(dir, name));
      if (!job) throw new Error(`${name} is not listed`);
      return shownError(job, sayIn(language));
    };
    expect(shown(english, 'notes.png', 'en')).toBe(inLanguage('en', 'core.intake.notAnImage'));

    const switched = await core.handlers['settings:update']({ language: 'de' });
    expect(switched.ok).toBe(true);
    const german = await listed(core);
    expect(shown(german, 'notes.png', 'de')).toBe(inLanguage('de', 'core.intake.notAnImage'));
    expect(shown(german, 'notes.png', 'de')).not.toBe(shown(english, 'notes.png', 'en'));
    expect(shown(german, 'tiny.png', 'de')).toBe(
      inLanguage('de', 'core.api.parameter', { reason: 'image could not be decoded' }),
    );
    expect(shown(german, 'old.png', 'de')).toBe('It failed.');
  });
});
