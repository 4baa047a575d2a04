import { z } from 'zod';
import type { MessageId } from './catalogues/en.ts';
import { isMessageId } from './message-ids.ts';

/**
 * A sentence as a message id and its values, kept beside the text it was said as, so it can
 * be said again in another language: a job's failure stored in English reads in German once
 * the window is switched to German. A value that was itself a sentence is kept as one.
 */
export interface Sentence {
  id: string;
  values?: Record<string, string | number | Sentence>;
}

export const sentenceSchema: z.ZodType<Sentence> = z.lazy(() =>
  z.object({
    id: z.string(),
    values: z.record(z.string(), z.union([z.string(), z.number(), sentenceSchema])).optional(),
  }),
);

/** Says one catalogue message with its values, in whatever language the caller speaks. */
export type Say = (id: MessageId, values?: Record<string, string | number>) => string;

/**
 * `sentence` said again with `say`, its inner sentences first; null when a message it names
 * is not in this version's catalogue (a row written by another version), so the caller
 * shows the text that was stored instead.
 */
export function sayAgain(say: Say, sentence: Sentence): string | null {
  if (!isMessageId(sentence.id)) return null;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(sentence.values ?? {})) {
    const said = typeof value === 'object' ? sayAgain(say, value) : value;
    if (said === null) return null;
    values[name] = said;
  }
  return say(sentence.id, values);
}

/**
 * A stored failure as the reader's language says it now: said again from its sentence when
 * one was kept, else its text as stored (a row from before, or a message no longer known).
 */
export function saidNow(
  say: Say,
  error: { message: string; sentence?: Sentence | undefined },
): string {
  return (error.sentence && sayAgain(say, error.sentence)) ?? error.message;
}
