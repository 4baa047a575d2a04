import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { chooseLanguage, type ShownLanguage } from '../../src-shared/i18n/languages.ts';
import type { CompiledCatalogue } from '../../src-shared/i18n/messages.ts';
import { useAppInfo } from '../app-info-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { loadMessages } from './compiled-messages.ts';

/**
 * What the operating system prefers, best first, as main reports it; the browser's list
 * until main has answered, or where the host cannot tell.
 */
export function useSystemLanguages(): readonly string[] {
  const system = useAppInfo((state) => state.info?.languages);
  return system?.length ? system : navigator.languages;
}

/** The language the window shows: the one set in Settings, else the system's best match. */
function useShownLanguage(): ShownLanguage {
  const setting = useSettings((state) => state.settings?.language ?? 'system');
  return chooseLanguage(setting, useSystemLanguages());
}

/**
 * A message that cannot be formatted shows its English (or its id) rather than nothing; it
 * is reported on the console, where the end-to-end tests look for it.
 */
function reportIntlError(error: Error): void {
  console.error(`[intl] ${error.message}`);
}

/**
 * Every screen below speaks the chosen language; the page's `lang` says which to screen
 * readers. The screens wait for the first language's messages (a local chunk, read in a few
 * milliseconds); on a switch the old language stays until the new one has loaded.
 */
export function LanguageProvider(props: { children: ReactNode }) {
  const wanted = useShownLanguage();
  const [shown, setShown] = useState<{ language: ShownLanguage; messages: CompiledCatalogue }>();
  useEffect(() => {
    let current = true;
    void loadMessages(wanted).then(
      (messages) => {
        if (current) setShown({ language: wanted, messages });
      },
      (error: unknown) => reportIntlError(error as Error),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  useEffect(() => {
    if (shown) document.documentElement.lang = shown.language;
  }, [shown]);
  if (!shown) return null;
  return (
    <IntlProvider
      locale={shown.language}
      defaultLocale="en"
      messages={shown.messages}
      onError={reportIntlError}
    >
      {props.children}
    </IntlProvider>
  );
}
