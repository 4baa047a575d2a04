import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src-shared/i18n/languages.ts';
import { CATALOGUES } from '../../../src-shared/i18n/sources.ts';

/**
 * The command line lays out columns and indents its usage text with spaces: there, and only
 * there, two spaces in a row (and a usage text's leading indent) are layout, not a slip.
 */
const terminalLayout = (id: string) => id.startsWith('cli.');
const indented = (id: string) => id.startsWith('cli.') && id.endsWith('.usage');

/** What a message's spaces look like in each form it is read in. */
function spacing(id: string, message: string): string[] {
  const problems: string[] = [];
  // Seen: the words a screen reader alone says (`<hidden>`) taken out; heard: kept.
  const seen = message.replace(/<hidden>.*?<\/hidden>/gs, '');
  const heard = message.replace(/<\/?hidden>/g, '');
  for (const [form, text] of [
    ['as written', message],
    ['as seen', seen],
    ['as heard', heard],
  ] as const) {
    if (!terminalLayout(id) && / {2}/.test(text)) problems.push(`${form}: two spaces in a row`);
    if (/[ \t]$/.test(text)) problems.push(`${form}: ends with a space`);
    if (/^[ \t]/.test(text) && !indented(id)) problems.push(`${form}: starts with a space`);
  }
  return problems;
}

describe('spaces in the catalogues', () => {
  it.each(LANGUAGES)(
    'no message in %s has two spaces in a row, or a space at its start or end',
    (language) => {
      const found = Object.entries(CATALOGUES[language]).flatMap(([id, message]) =>
        spacing(id, message).map((problem) => `${id}: ${problem}`),
      );
      expect(found).toEqual([]);
    },
  );

  it('finds what it looks for', () => {
    expect(spacing('jobs.x', 'Show  in folder')).toContain('as written: two spaces in a row');
    expect(spacing('jobs.x', 'Show <hidden>{name}</hidden> in folder')).toContain(
      'as seen: two spaces in a row',
    );
    expect(spacing('core.x', ' (the service said)')).toContain('as written: starts with a space');
    expect(spacing('cli.x', '{seconds} s = ')).toContain('as written: ends with a space');
    expect(spacing('cli.x.usage', '  --demo  use the simulator')).toEqual([]);
  });
});
