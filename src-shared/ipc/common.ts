import { z } from 'zod';
import { API_KEY_KINDS } from '../domain/api-keys.ts';
import { sentenceSchema } from '../i18n/sentence.ts';

/**
 * Pieces more than one domain contract uses. A channel is declared in the contract of the
 * desk that answers it (`app.ts`, `staging.ts`, `watermark.ts`…); `contract.ts` merges them.
 */

/** What one domain contract declares: each channel with what the window sends and gets back. */
export interface InvokeSpec {
  request: z.ZodType;
  response: z.ZodType;
}
export type DomainContract = Record<string, InvokeSpec>;

/**
 * What a desk implements for its domain contract: one handler per channel, the request
 * already checked by the dispatch. A channel declared and not answered fails the type check.
 */
export type Handlers<T extends DomainContract> = {
  [C in keyof T]: (
    request: z.output<T[C]['request']>,
  ) => Promise<z.output<T[C]['response']>> | z.output<T[C]['response']>;
};

/** Largest number of paths or ids one request may carry: a big drop, not a flood. */
export const MAX_ITEMS_PER_REQUEST = 10_000;

/** Most history rows one page may ask for: a few screens' worth, cheap to send. */
export const HISTORY_PAGE_MAX = 1_000;

/** A failure: its sentence as said, and, when known, its message id to say it in the reader's language. */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  sentence: sentenceSchema.optional(),
});

export const boxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** A file that was not taken, with the reason in words. */
export const skippedSchema = z.object({ path: z.string(), reason: z.string() });

/** Names one look at dropped files: the window chooses it, to follow and to stop that look. */
export const stagingRunSchema = z.string().min(1).max(64);

// A request's own complaints below are catalogue message ids: the dispatch says them, and
// Zod's, in the reader's language (`issueWords`).

export const pathsSchema = z
  .array(z.string().min(1).max(4096))
  .min(1, 'ipc.problem.dropSomething')
  .max(MAX_ITEMS_PER_REQUEST);
export const idsSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).max(MAX_ITEMS_PER_REQUEST),
});
export const countSchema = z.object({ count: z.number().int() });
export const keyKindSchema = z.enum(API_KEY_KINDS);
export const roundIdSchema = z.string().min(1).max(64);
