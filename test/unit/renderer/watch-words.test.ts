import { describe, expect, it } from 'vitest';
import type { WatchView } from '../../../src-shared/ipc/contract.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import { watchedFileStatus, watchLine } from '../../../src-renderer/watermark/watch-words.ts';

const english = textIntl('en');
const file = {
  name: 'IMG_1.jpg',
  inputPath: '/in/IMG_1.jpg',
  state: 'done' as const,
  doubt: null,
  outputPath: '/in/clearframe/IMG_1-clean.jpg',
  error: null,
};

describe('a watched folder’s words', () => {
  it('say a result the self-check cannot vouch for needs a look, never Done', () => {
    expect(watchedFileStatus(english, file)).toBe('Done');
    expect(watchedFileStatus(english, { ...file, doubt: 'mark-visible' })).toBe(
      'Needs a look: Mark still visible',
    );
    expect(
      watchedFileStatus(english, {
        ...file,
        state: 'failed',
        outputPath: null,
        error: { code: 'unreadable', message: 'The file is empty.' },
      }),
    ).toBe('Failed: The file is empty.');
  });

  it('say what a paid watch spent today against its limit', () => {
    const watch: WatchView = {
      dir: '/in',
      profile: 'Studio',
      recursive: true,
      engine: 'service',
      paused: false,
      running: true,
      creditsPerDay: 50,
      spentToday: 7,
      recent: [],
      notes: [],
    };
    expect(watchLine(english, watch)).toBe(
      'profile “Studio”, with its sub-folders · paid: 7 of 50 credits spent today',
    );
  });
});
