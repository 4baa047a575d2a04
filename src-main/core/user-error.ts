import type { Sentence } from '../../src-shared/i18n/sentence.ts';
import { sentenceOf, wordNow, type Wording } from './i18n/core-words.ts';

/**
 * The one root of every error a person reads: the service's refusals (`api/errors.ts`), a
 * proxy Clearframe cannot follow, the keychain, and every refusal of the engine's own.
 * It carries its message id and values (`sentence`), not a finished sentence, so it is
 * worded when read, in the language the reader has then (`userMessage`), and a job that
 * keeps it (`jobs/outcome.ts`) is worded again after a language switch. Callers recognise
 * it with `instanceof`.
 */
export class UserFacingError extends Error {
  readonly #sentence: Sentence | undefined;
  readonly #text: string;

  /**
   * `words` is the message id and values, or a sentence the engine said (`said()`), whose id
   * and values are taken from what it said lately; text from elsewhere (a file reader's own
   * complaint) has none, and reads as it was written.
   */
  constructor(words: string | Wording, options?: ErrorOptions) {
    const text = typeof words === 'string' ? words : (wordNow(words) ?? words.id);
    super(text, options);
    this.name = new.target.name;
    this.#text = text;
    this.#sentence = typeof words === 'string' ? sentenceOf(words) : words;
  }

  /** The message id and its values; undefined for words not from the catalogue. */
  get sentence(): Sentence | undefined {
    return this.#sentence;
  }

  /** What the user should do, in one sentence, in the engine's language now. */
  get userMessage(): string {
    const sentence = this.sentence;
    return (sentence && wordNow(sentence)) ?? this.#text;
  }
}
