import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../src-shared/domain/settings.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import {
  SETTING_MESSAGES,
  filenameExample,
  settingChoices,
  type WordedSetting,
} from '../../../src-renderer/words/settings.ts';

const english = textIntl('en');

/** The values the settings file allows for a setting, read from its schema. */
function schemaValues(name: WordedSetting): string[] {
  const shape = settingsSchema.shape[name].unwrap();
  return [...shape.options];
}

describe('setting words', () => {
  it('word every value the schema allows, and nothing else', () => {
    for (const name of Object.keys(SETTING_MESSAGES) as WordedSetting[]) {
      expect(Object.keys(SETTING_MESSAGES[name]).sort()).toEqual(schemaValues(name).sort());
    }
  });

  it('never say a stored value back as its label', () => {
    for (const name of Object.keys(SETTING_MESSAGES) as WordedSetting[]) {
      for (const { value, label } of settingChoices(name, english)) {
        expect(label).not.toBe(value);
        expect(label).toMatch(/^[A-Z]/);
      }
    }
  });

  it('offer each choice with its stored value, in the order written', () => {
    expect(settingChoices('conflictPolicy', english)).toEqual([
      { value: 'suffix', label: 'Add a number' },
      { value: 'skip', label: 'Skip the image' },
      { value: 'overwrite', label: 'Overwrite the old result' },
    ]);
  });

  it('speak the window’s language when given it, prices in its money format', () => {
    const german = textIntl('de');
    expect(settingChoices('conflictPolicy', german).map((choice) => choice.label)).toEqual([
      'Eine Nummer anhängen',
      'Das Bild überspringen',
      'Das alte Ergebnis überschreiben',
    ]);
    expect(settingChoices('pricingTier', german)[0]?.label).toMatch(
      /^Starter \(0,22\sUSD pro Sekunde\)$/,
    );
    expect(settingChoices('pricingTier', english)[0]?.label).toMatch(
      /^Starter \(0\.22 USD a second\)$/,
    );
  });

  it('say a file name template as the name a photo would get', () => {
    expect(filenameExample('{name}-clean.{ext}')).toBe('IMG_0412-clean.jpg');
    expect(filenameExample('{n}-{name}.{ext}')).toBe('1-IMG_0412.jpg');
    expect(filenameExample('{date}_{name}.{ext}')).toMatch(/^\d{4}-\d\d-\d\d_IMG_0412\.jpg$/);
  });
});
