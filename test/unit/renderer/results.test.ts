import { describe, expect, it } from 'vitest';
import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import {
  batchRunning,
  currentBatch,
  figures,
  batchJobs,
  jobNames,
  movedRow,
  shownError,
} from '../../../src-renderer/watermark/results.ts';
import {
  JOB_STATE_MESSAGES,
  ROUND_STATE_MESSAGES,
} from '../../../src-renderer/words/job-states.ts';
import { en } from '../../../src-shared/i18n/catalogues/en.ts';
import { JOB_STATES } from '../../../src-shared/domain/job-states.ts';
import { jobView } from '../../support/job-view.ts';
import type { Say } from '../../../src-shared/i18n/sentence.ts';
import type { ShownLanguage } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

const textSay =
  (language: ShownLanguage): Say =>
  (id, values) =>
    textIntl(language).formatMessage({ id }, values);

function job(id: string, batchId: string, patch: Partial<WatermarkJobView> = {}): WatermarkJobView {
  return { ...jobView(id, 1, 'queued'), batchId, updatedAt: 0, ...patch };
}

function world(list: WatermarkJobView[]) {
  return {
    jobs: Object.fromEntries(list.map((item) => [item.id, item])),
    order: list.map((item) => item.id),
  };
}

describe('the results list', () => {
  const { jobs, order } = world([
    job('a', 'one', { state: 'done', updatedAt: 1000 }),
    job('b', 'one', { state: 'failed', error: { code: 'x', message: 'Damaged.' } }),
    job('c', 'two', { state: 'done', updatedAt: 2000 }),
    job('d', 'two', { state: 'processing', updatedAt: 1500 }),
    job('e', 'two', { state: 'done', updatedAt: 3000 }),
  ]);

  it('shows the batch started last', () => {
    expect(currentBatch(jobs, order)).toBe('two');
    expect(batchJobs(jobs, order).map((item) => item.id)).toEqual(['c', 'd', 'e']);
    expect(currentBatch({}, [])).toBeNull();
  });

  it('counts N of M, what failed and the time left for the batch only', () => {
    const batch = figures(batchJobs(jobs, order));
    expect(batch).toMatchObject({ done: 2, total: 3, failed: [], running: true });
    expect(batch.eta).toBe(1);
  });

  it('knows when the current batch has settled, ignoring earlier ones', () => {
    expect(batchRunning(jobs, order)).toBe(true);
    const settled = world([job('a', 'one'), job('c', 'two', { state: 'done' })]);
    expect(batchRunning(settled.jobs, settled.order)).toBe(false);
  });

  it('shows an error only while the job stands failed, never on a row done since', () => {
    const error = { code: 'x', message: 'The link expired.' };
    const say = textSay('en');
    expect(shownError(job('a', 'one', { state: 'failed', error }), say)).toBe('The link expired.');
    expect(shownError(job('a', 'one', { state: 'needs-attention', error }), say)).toBe(
      'The link expired.',
    );
    expect(shownError(job('a', 'one', { state: 'done', error }), say)).toBeNull();
    expect(shownError(job('a', 'one', { state: 'processing', error }), say)).toBeNull();
  });

  it('says a stored failure in the language read now, and an old row as it was stored', () => {
    const error = {
      code: 'x',
      message: 'The result could not be downloaded: gone. Retry asks again for free.',
      sentence: { id: 'core.api.download', values: { reason: 'gone' } },
    };
    const failed = job('a', 'one', { state: 'failed', error });
    expect(shownError(failed, textSay('de'))).toBe(
      textSay('de')('core.api.download', { reason: 'gone' }),
    );
    expect(shownError(failed, textSay('de'))).not.toBe(error.message);
    const old = job('b', 'one', { state: 'failed', error: { code: 'x', message: 'Kept.' } });
    expect(shownError(old, textSay('de'))).toBe('Kept.');
    // A message this version no longer has: the stored text stands.
    const gone = { ...error, sentence: { id: 'core.api.noSuchMessage' } };
    expect(shownError(job('c', 'one', { state: 'failed', error: gone }), textSay('de'))).toBe(
      error.message,
    );
  });

  it('names same-named files of a batch by their folder, and the others by their name', () => {
    const named = [
      job('a', 'one', { name: 'IMG_1.jpg', inputPath: '/s/day-1/IMG_1.jpg', root: '/s' }),
      job('b', 'one', { name: 'IMG_1.jpg', inputPath: '/s/day-2/IMG_1.jpg', root: '/s' }),
      job('c', 'one', { name: 'IMG_2.jpg', inputPath: '/s/day-2/IMG_2.jpg', root: '/s' }),
    ];
    expect(named.map(jobNames(named))).toEqual(['day-1/IMG_1.jpg', 'day-2/IMG_1.jpg', 'IMG_2.jpg']);
  });

  it('moves the one focusable row with arrows, pages, Home and End, within the list', () => {
    expect(movedRow('ArrowDown', 0, 3, 5)).toBe(1);
    expect(movedRow('ArrowDown', 2, 3, 5)).toBe(2);
    expect(movedRow('ArrowUp', 0, 3, 5)).toBe(0);
    expect(movedRow('PageDown', 1, 30, 9)).toBe(10);
    expect(movedRow('PageUp', 4, 30, 9)).toBe(0);
    expect(movedRow('End', 0, 30, 9)).toBe(29);
    expect(movedRow('Home', 12, 30, 9)).toBe(0);
    expect(movedRow('Enter', 1, 30, 9)).toBeNull();
    expect(movedRow('ArrowDown', 0, 0, 9)).toBeNull();
  });

  it('names every state in plain words', () => {
    for (const state of JOB_STATES) {
      expect(en[JOB_STATE_MESSAGES[state]]).toMatch(/^[A-Z][a-z ]+$/);
      expect(en[ROUND_STATE_MESSAGES[state]]).toMatch(/^[A-Z][a-z ]+$/);
    }
    expect(en[JOB_STATE_MESSAGES.processing]).toBe('Being cleaned');
    expect(en[ROUND_STATE_MESSAGES.processing]).toBe('Being made');
  });
});
