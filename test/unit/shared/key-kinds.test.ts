import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import type { Language } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

/** The values every key message may ask for besides the kind. */
const VALUES = { host: 'api.example', quota: '5 USD', why: 'timeout', answer: '', answered: 'no' };

function say(language: Language, id: MessageId, kind: 'watermark' | 'video', saving = 'true') {
  const errors: string[] = [];
  const text = textIntl(language, (error) => errors.push(error.message)).formatMessage(
    { id },
    { ...VALUES, kind, saving },
  );
  expect(errors, `${language} ${id}`).toEqual([]);
  return String(text);
}

/**
 * The watermark service gives a token, masculine in French, Spanish and Portuguese; the video
 * service a key, feminine there. Each message names the thing by its kind, so the article,
 * the pronoun and the participle agree with the noun the language uses.
 */
describe('messages that name a key', () => {
  it.each([
    [
      'fr',
      'core.keys.works',
      'Le jeton d’API de filigrane fonctionne',
      'La clé d’API vidéo fonctionne',
    ],
    [
      'fr',
      'core.keys.unchecked',
      'n’a pas pu être vérifié\u00a0:',
      'n’a pas pu être vérifiée\u00a0:',
    ],
    ['fr', 'core.keys.acceptedLowBalance', 'Il a été enregistré', 'Elle a été enregistrée'],
    ['fr', 'cli.key.paste', 'Collez votre jeton', 'Collez votre clé'],
    ['fr', 'key.setInKeychain', 'Jeton défini', 'Clé définie'],
    ['fr', 'key.removed', 'Jeton retiré', 'Clé retirée'],
    ['es', 'core.keys.works', 'El token de API', 'La clave de API'],
    ['es', 'core.keys.refused', 'rechazó este token', 'rechazó esta clave'],
    [
      'es',
      'cli.key.notSet',
      'ningún token de API de marca de agua definido',
      'ninguna clave de API de vídeo definida',
    ],
    ['es', 'key.notSet', 'Ningún token definido', 'Ninguna clave definida'],
    ['pt-BR', 'core.keys.works', 'O token de API', 'A chave de API'],
    ['pt-BR', 'core.keys.refused', 'Ele não foi salvo.', 'Ela não foi salva.'],
    ['pt-BR', 'cli.key.paste', 'Cole seu token', 'Cole sua chave'],
    ['pt-BR', 'cli.key.removed', 'foi removido do chaveiro', 'foi removida do chaveiro'],
    [
      'de',
      'core.keys.works',
      'Das Wasserzeichen-API-Token funktioniert',
      'Der Video-API-Schlüssel funktioniert',
    ],
    ['de', 'cli.key.paste', '(es wird nicht angezeigt)', '(er wird nicht angezeigt)'],
  ] as const)('%s %s agrees with the token and with the key', (language, id, token, key) => {
    expect(say(language, id, 'watermark')).toContain(token);
    expect(say(language, id, 'video')).toContain(key);
  });

  it('names the key in English as before', () => {
    expect(say('en', 'core.keys.works', 'video', 'false')).toBe(
      'The video API key works: 5 USD (from api.example).',
    );
    expect(say('en', 'cli.key.removed', 'watermark')).toBe(
      'The watermark API token was removed from the system keychain.',
    );
  });
});
