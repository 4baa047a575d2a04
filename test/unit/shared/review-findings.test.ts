import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { LANGUAGES } from '../../../src-shared/i18n/languages.ts';
import { CATALOGUES } from '../../../src-shared/i18n/sources.ts';

const ids = Object.keys(en) as MessageId[];

/** A button's words without its price: "Send again (paid) – {cost}" is named "Send again". */
const buttonWords = (label: string) => label.split(/ ?[(（–]/u)[0]!.trim();

/** What the 2026 localisation review found, each kept from coming back. */
describe('the localisation review’s findings', () => {
  it.each(LANGUAGES)('%s names the Check again and Send again buttons as they read', (language) => {
    const catalogue = CATALOGUES[language];
    const found: string[] = [];
    for (const [english, button] of [
      ['Check again', 'retry.checkAgain'],
      ['Send again', 'retry.sendAgain'],
    ] as const) {
      const words = buttonWords(catalogue[button]);
      for (const id of ids) {
        if (id !== button && en[id].includes(english) && !catalogue[id].includes(words))
          found.push(`${id} does not name "${words}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('German does not call a shot by the Settings screen’s name', () => {
    expect(CATALOGUES.de['project.shots']).not.toBe(CATALOGUES.de['app.screen.settings']);
  });

  it('Spanish extends a video with another verb than the mask grows with', () => {
    const verb = (id: MessageId) => CATALOGUES.es[id].split(' ')[0];
    expect(verb('round.extendVideo')).not.toBe(verb('mask.grow'));
  });

  it('Chinese addresses the user one way, as 你 (no 您)', () => {
    expect(ids.filter((id) => CATALOGUES['zh-CN'][id].includes('您'))).toEqual([]);
  });

  it('Brazilian Portuguese names the player in Portuguese', () => {
    expect(CATALOGUES['pt-BR']['project.player']).not.toBe(en['project.player']);
  });
});
