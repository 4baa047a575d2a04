import { useIntl } from 'react-intl';
import {
  bestLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  PSEUDO_LANGUAGE,
} from '../../src-shared/i18n/languages.ts';
import { useSystemLanguages } from '../i18n/LanguageProvider.tsx';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { useSettings } from './settings-store.ts';

/**
 * The interface language, saved as soon as it is picked so the window changes at once.
 * Each language is named in itself, so a reader finds theirs whatever the window shows;
 * "system" names the language the system's preference gives. The pseudo-locale is listed
 * only while it is set (from settings.json), so the list never shows a choice that is not.
 */
export function LanguageField() {
  const intl = useIntl();
  const setting = useSettings((state) => state.settings?.language ?? 'system');
  const error = useSettings((state) => state.errors['language']);
  const save = useSettings((state) => state.save);
  const systemLanguage = bestLanguage(useSystemLanguages());
  const options = [
    {
      value: 'system',
      label: intl.formatMessage(
        { id: 'language.system' },
        { language: LANGUAGE_NAMES[systemLanguage] },
      ),
    },
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
    ...(setting === PSEUDO_LANGUAGE ? [{ value: PSEUDO_LANGUAGE, label: PSEUDO_LANGUAGE }] : []),
  ];
  return (
    <Field
      id="setting-language"
      label={intl.formatMessage({ id: 'language.label' })}
      hint={intl.formatMessage({ id: 'language.hint' })}
      error={error}
    >
      {(control) => (
        <Select
          {...control}
          value={setting}
          options={options}
          onChange={(event) => void save({ language: event.target.value })}
        />
      )}
    </Field>
  );
}
