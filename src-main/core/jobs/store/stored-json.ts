import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { issueAtWords } from '../../../../src-shared/i18n/issue-words.ts';
import { errorCode } from '../../error-code.ts';
import { coreIntl, wordNow, type Wording } from '../../i18n/core-words.ts';

/**
 * What Clearframe wrote as JSON, in a database column such as `options_json` or in a small
 * file, is read back through the schema of what it wrote and never trusted as it is: a disk
 * fault, a hand edit or a file from another version can leave anything there. A value that
 * does not read is a problem to show the user, never an exception in the middle of a job.
 */

/** Why a stored value cannot be read back: where it was kept, and what is wrong with it. */
export interface StoredJsonProblem {
  /** The column or file it was read from, such as `options_json`. */
  source: string;
  /** Not JSON at all, or JSON of another shape than Clearframe writes there. */
  kind: 'not-json' | 'wrong-shape';
  /** What is wrong, as a clause: "its options_json is not valid JSON (…)". */
  message: string;
  /** The same clause as its message id and values, to be said again in another language. */
  sentence: Wording;
}

export type StoredRead<T> = { ok: true; value: T } | { ok: false; problem: StoredJsonProblem };

/** The code of the error a job keeps when its own stored record cannot be read. */
export const DAMAGED_RECORD = 'damaged-record';

/** Reads `text`, kept in `source`, through `schema`; a column that may be NULL reads as undefined. */
export function readStoredJson<S extends z.ZodType>(
  schema: S,
  text: string,
  source: string,
): StoredRead<z.output<S>>;
export function readStoredJson<S extends z.ZodType>(
  schema: S,
  text: string | null,
  source: string,
): StoredRead<z.output<S> | undefined>;
export function readStoredJson<S extends z.ZodType>(
  schema: S,
  text: string | null,
  source: string,
): StoredRead<z.output<S> | undefined> {
  if (text === null) return { ok: true, value: undefined };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return problem(source, 'not-json', {
      id: 'core.jobs.storedNotJson',
      values: { source, detail: (error as Error).message },
    });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  return problem(source, 'wrong-shape', {
    id: 'core.jobs.storedWrongShape',
    values: {
      source,
      detail: issue ? issueAtWords(coreIntl(), issue) : { id: 'core.jobs.storedUnexpected' },
    },
  });
}

function problem(
  source: string,
  kind: StoredJsonProblem['kind'],
  sentence: Wording,
): { ok: false; problem: StoredJsonProblem } {
  return {
    ok: false,
    problem: { source, kind, message: wordNow(sentence) ?? sentence.id, sentence },
  };
}

/**
 * A small JSON file Clearframe keeps in the data folder, read through `schema`: a file not
 * there yet reads as `missing`; any other failure to read it is thrown as it is.
 */
export async function readStoredFile<S extends z.ZodType>(
  schema: S,
  file: string,
  missing: z.output<S>,
): Promise<StoredRead<z.output<S>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { ok: true, value: missing };
    throw error;
  }
  return readStoredJson(schema, text, file);
}
