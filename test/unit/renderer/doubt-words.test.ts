import { describe, expect, it } from 'vitest';
import { sendQuestionId } from '../../../src-renderer/watermark/doubt-words.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

const intl = textIntl('en');

describe('sending a result in doubt to the service', () => {
  it('asks a first payment of a result made on this computer, and a second of the service’s own', () => {
    const ask = (local: boolean) =>
      intl.formatMessage({ id: sendQuestionId({ local }) }, { cost: '1 credit' });
    expect(ask(true)).toBe('Send it to the service for 1 credit?');
    expect(ask(false)).toBe('Pay 1 credit again?');
  });
});
