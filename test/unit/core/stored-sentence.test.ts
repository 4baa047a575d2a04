import { describe, expect, it } from 'vitest';
import { said, speakCoreIn } from '../../../src-main/core/i18n/core-words.ts';
import { storedErrorJson } from '../../../src-main/core/jobs/lifecycle/outcome.ts';
import { saidNow, type Sentence } from '../../../src-shared/i18n/sentence.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

describe('a failure kept with its message id', () => {
  it('is stored with the sentence it was said as, inner sentences too, and said again in German', () => {
    speakCoreIn(() => 'en');
    const problem = said('core.jobs.storedNotJson', { source: 'options_json', detail: 'x' });
    const message = said('core.jobs.damagedRecord', {
      what: 'image',
      problem,
      advice: said('core.jobs.damagedImageAdvice'),
    });
    const stored = JSON.parse(storedErrorJson({ code: 'damaged-record', message })) as {
      message: string;
      sentence: Sentence;
    };
    expect(stored.message).toBe(message);
    expect(stored.sentence).toEqual({
      id: 'core.jobs.damagedRecord',
      values: {
        what: 'image',
        problem: {
          id: 'core.jobs.storedNotJson',
          values: { source: 'options_json', detail: 'x' },
        },
        advice: { id: 'core.jobs.damagedImageAdvice' },
      },
    });
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
    speakCoreIn(() => 'en');
  });

  it('keeps a sentence it does not know as text alone', () => {
    expect(JSON.parse(storedErrorJson({ code: 'Error', message: 'socket hang up' }))).toEqual({
      code: 'Error',
      message: 'socket hang up',
    });
  });
});
