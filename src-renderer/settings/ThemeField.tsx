import { useIntl } from 'react-intl';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { settingChoices } from '../words/settings.ts';
import { useSettings } from './settings-store.ts';

/**
 * The window's theme, saved as soon as it is picked, as the language is: a choice whose
 * effect is seen at once needs no Save, and the form's Save is for what main must check.
 */
export function ThemeField() {
  const intl = useIntl();
  const setting = useSettings((state) => state.settings?.theme ?? 'system');
  const error = useSettings((state) => state.errors['theme']);
  const save = useSettings((state) => state.save);
  return (
    <Field id="setting-theme" label={intl.formatMessage({ id: 'settings.theme' })} error={error}>
      {(control) => (
        <Select
          {...control}
          value={setting}
          options={settingChoices('theme', intl)}
          onChange={(event) => void save({ theme: event.target.value })}
        />
      )}
    </Field>
  );
}
