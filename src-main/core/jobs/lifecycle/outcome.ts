import {
  AuthenticationError,
  InsufficientFundsError,
  MethodError,
  NetworkError,
  ParameterError,
  RateLimitedError,
} from '../../api/errors.ts';
import { z } from 'zod';
import { sentenceSchema } from '../../../../src-shared/i18n/sentence.ts';
import { wordNow, type Wording } from '../../i18n/core-words.ts';
import { UserFacingError } from '../../user-error.ts';
import { readStoredJson, type StoredRead } from '../store/stored-json.ts';

/**
 * What a failed submission means for the user's money. `not-sent`: it provably never reached
 * the service. `refused`: the service answered no, so nothing was charged. `unknown`: it may
 * have been carried out (a dropped connection, a timeout, a 5xx, a garbled answer).
 */
export function submissionOutcome(error: unknown): 'not-sent' | 'refused' | 'unknown' {
  if ((error instanceof NetworkError && !error.requestSent) || error instanceof RateLimitedError)
    return 'not-sent';
  if (
    error instanceof ParameterError ||
    error instanceof AuthenticationError ||
    error instanceof InsufficientFundsError ||
    error instanceof MethodError
  ) {
    return 'refused';
  }
  return 'unknown';
}

/**
 * The error a job keeps in `error_json`: a code for programs and the sentence for people,
 * with, when the engine said it from the catalogue, its message id and values, so it reads
 * in the language the reader has now. Rows from before keep their text alone.
 */
export const storedErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  sentence: sentenceSchema.optional(),
});
export type StoredError = z.infer<typeof storedErrorSchema>;

/** `error` as `error_json` keeps it: with its message id and values, when it has them. */
export function storedErrorJson(error: StoredError): string {
  return JSON.stringify(error);
}

export function readStoredError(text: string | null): StoredRead<StoredError | undefined> {
  return readStoredJson(storedErrorSchema, text, 'error_json');
}

/** A failure the engine words itself, kept with its message id and values: said again when read. */
export function storedError(code: string, wording: Wording): StoredError & { sentence: Wording } {
  return { code, message: wordNow(wording) ?? wording.id, sentence: wording };
}

/** `error` as a job keeps it: what a person reads with its message id and values, when it has them. */
export function errorValue(error: unknown): StoredError {
  if (error instanceof UserFacingError) {
    const { sentence } = error;
    return { code: error.name, message: error.userMessage, ...(sentence ? { sentence } : {}) };
  }
  return { code: 'Error', message: error instanceof Error ? error.message : String(error) };
}
