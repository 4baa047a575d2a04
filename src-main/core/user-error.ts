import { wordNow, type Wording } from './i18n/core-words.ts';

/**
 * The one root of every error a person reads: the service's refusals (`api/errors.ts`), a
 * proxy Clearframe cannot follow, the keychain, and every refusal of the engine's own.
 * It carries its message id and values (`sentence`), not a finished sentence, so it is
 * worded when read, in the language the reader has then (`userMessage`), and a job that
 * keeps it (`jobs/outcome.ts`) is worded again after a language switch. Callers recognise
 * it with `instanceof`.
 */
export class UserFacingError extends Error {
  readonly #sentence: Wording | undefined;
  readonly #text: string;

  /**
   * `words` is the message id and values; text from elsewhere (a file reader's own
   * complaint, a summary for the log) has none, and reads as it was written.
   */
  constructor(words: string | Wording, options?: ErrorOptions) {
    const text = typeof words === 'string' ? words : (wordNow(words) ?? words.id);
    super(text, options);
    this.name = new.target.name;
    this.#text = text;
    this.#sentence = typeof words === 'string' ? undefined : words;
  }

  /** The message id and its values; undefined for words not from the catalogue. */
  get sentence(): Wording | undefined {
    return this.#sentence;
  }

  /** What the user should do, in one sentence, in the engine's language now. */
  get userMessage(): string {
    const sentence = this.sentence;
    return (sentence && wordNow(sentence)) ?? this.#text;
  }
}
