import { describe, expect, it } from 'vitest';
import { said, speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { storedError, storedErrorJson } from '../../../src-main/core/jobs/lifecycle/outcome.ts';
import { saidNow, type Sentence } from '../../../src-shared/i18n/sentence.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

describe('a failure kept with its message id', () => {
  it('is stored with its message id and values, inner ones too, and said again in German', () => {
    speakCoreIn(() => 'en');
    const wording = {
      id: 'core.jobs.damagedRecord',
      values: {
        what: 'image',
        problem: { id: 'core.jobs.storedNotJson', values: { source: 'options_json', detail: 'x' } },
        advice: { id: 'core.jobs.damagedImageAdvice' },
      },
    } as const;
    const stored = JSON.parse(storedErrorJson(storedError('damaged-record', wording))) as {
      message: string;
      sentence: Sentence;
    };
    expect(stored.message).toBe(
      said('core.jobs.damagedRecord', {
        what: 'image',
        problem: said('core.jobs.storedNotJson', { source: 'options_json', detail: 'x' }),
        advice: said('core.jobs.damagedImageAdvice'),
      }),
    );
    expect(stored.sentence).toEqual(wording);
    const de = textIntl('de');
    const german = saidNow((id, values) => de.formatMessage({ id }, values), stored);
    speakCoreIn(() => 'de');
    expect(german).toBe(
      said('core.jobs.damagedRecord', {
        what: 'image',
        problem: said('core.jobs.storedNotJson', { source: 'options_json', detail: 'x' }),
        advice: said('core.jobs.damagedImageAdvice'),
      }),
    );
    expect(german).not.toBe(stored.message);
    speakCoreIn(() => 'en');
  });

  it('keeps text it was given alone as text alone, even when it reads like a sentence it said', () => {
    expect(
      JSON.parse(storedErrorJson({ code: 'Error', message: said('core.jobs.damagedImageAdvice') })),
    ).toEqual({ code: 'Error', message: said('core.jobs.damagedImageAdvice') });
    expect(JSON.parse(storedErrorJson({ code: 'Error', message: 'socket hang up' }))).toEqual({
      code: 'Error',
      message: 'socket hang up',
    });
  });
});
