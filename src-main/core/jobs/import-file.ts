import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
import { RoundRequestError } from './round-planning.ts';

/** A batch import that cannot be read, or that breaks a rule; nothing was queued. */
export class RoundImportError extends RoundRequestError {}

/** The columns of a CSV file, or the fields of a JSON file's rounds, that an import reads. */
export const IMPORT_COLUMNS = [
  'prompt',
  'kind',
  'references',
  'duration',
  'ratio',
  'shot',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One round as the file gives it, before any rule is checked. */
export interface SourceRow {
  /** How messages name it: "Row 4" (a CSV line) or "Round 2 (line 9)" (in a JSON array). */
  label: string;
  values: Partial<Record<ImportColumn, unknown>>;
  /** Fields of a JSON round that an import does not read. */
  unknown: string[];
}

const COLUMN_LIST = `${IMPORT_COLUMNS.slice(0, -1).join(', ')} and ${IMPORT_COLUMNS.at(-1) ?? ''}`;

function isColumn(name: string): name is ImportColumn {
  return (IMPORT_COLUMNS as readonly string[]).includes(name);
}

async function readText(file: string, name: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES' || code === 'EPERM'
            ? 'you may not open it'
            : 'it cannot be read';
    throw new RoundImportError(
      `Clearframe cannot read ${name}: ${why}. Check the name and that you may open the file, then import it again.`,
      { cause: error },
    );
  }
  // A text file holds no NUL byte; an image or a spreadsheet saved in its own format does.
  if (bytes.includes(0)) {
    throw new RoundImportError(
      `${name} is not a text file. Save the rounds as CSV (from a spreadsheet: File, Save as, CSV) or as JSON, then import that file.`,
    );
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function emptyFile(name: string): RoundImportError {
  return new RoundImportError(
    `${name} holds no rounds. Give one round a row, with a header row naming the columns (${COLUMN_LIST}), or a JSON list of rounds.`,
  );
}

/** The line a CSV record starts on: csv-parse counts lines up to the record's end. */
function startLine(endLine: number, raw: string): number {
  const inner = raw.replace(/^\n+/, '').replace(/\n$/, '');
  return endLine - (inner.match(/\n/g)?.length ?? 0);
}

function csvRows(text: string, name: string): SourceRow[] {
  if (!text.trim()) throw emptyFile(name);
  let named: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number }; raw: string }[];
  try {
    records = parse(text.replace(/\r\n?/g, '\n'), {
      columns: (names: string[]) =>
        (named = names.map((column) => String(column).trim().toLowerCase())),
      skip_empty_lines: true,
      info: true,
      raw: true,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new RoundImportError(
        `${name} is not a CSV file Clearframe can read${line ? ` (line ${line})` : ''}: ${error.message.replace(/^[^:]*:\s*/, '')}. Every row needs as many fields as the header, and a field with a comma or a line break goes in double quotes.`,
        { cause: error },
      );
    }
    throw error;
  }
  const unknown = named.filter((column) => !isColumn(column));
  if (unknown.length > 0) {
    throw new RoundImportError(
      `${name} has a column Clearframe does not read: ${unknown.map((c) => `"${c}"`).join(', ')}. The columns are ${COLUMN_LIST}; rename or remove that column.`,
    );
  }
  if (!named.includes('prompt')) {
    throw new RoundImportError(
      `${name} has no "prompt" column. The first row names the columns (${COLUMN_LIST}); every round needs a prompt.`,
    );
  }
  if (records.length === 0) throw emptyFile(name);
  return records.map(({ record, info, raw }) => ({
    label: `Row ${startLine(info.lines, raw)}`,
    values: record,
    unknown: [],
  }));
}

/**
 * The line each element of a top-level JSON array starts on, so a message can name where a
 * round is in the file; JSON.parse has already said the text is valid.
 */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\n') line += 1;
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (depth === 1 && expecting && !/[\s,\]]/.test(char ?? '')) {
      lines.push(line);
      expecting = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth === 1) expecting = true;
    } else if (char === ']' || char === '}') depth -= 1;
    else if (char === ',' && depth === 1) expecting = true;
  }
  return lines;
}

function jsonRows(text: string, name: string): SourceRow[] {
  if (!text.trim()) throw emptyFile(name);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RoundImportError(
      `${name} is not valid JSON (${(error as Error).message}). Correct it, or save the rounds as CSV.`,
      { cause: error },
    );
  }
  if (!Array.isArray(data)) {
    throw new RoundImportError(
      `${name} must hold a JSON list of rounds, such as [{"prompt": "gulls over the harbour", "duration": 5}].`,
    );
  }
  if (data.length === 0) throw emptyFile(name);
  const lines = elementLines(text);
  return data.map((element: unknown, i) => {
    const label = `Round ${i + 1} (line ${lines[i] ?? '?'})`;
    if (typeof element !== 'object' || element === null || Array.isArray(element)) {
      return { label, values: {}, unknown: ['(not an object)'] };
    }
    const entries = Object.entries(element as Record<string, unknown>);
    return {
      label,
      values: Object.fromEntries(entries.filter(([key]) => isColumn(key))),
      unknown: entries.map(([key]) => key).filter((key) => !isColumn(key)),
    };
  });
}

/**
 * The rounds of a CSV or JSON file, each with how messages name it. A file that cannot be
 * read as either, has a column the import does not read, or holds no rounds is refused with
 * what to do; the rounds themselves are checked by the caller.
 */
export async function readImportRows(file: string): Promise<SourceRow[]> {
  const name = path.basename(file);
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new RoundImportError(
      `${name} is not a CSV or JSON file. Rounds are imported from a .csv file (a spreadsheet saved as CSV) or a .json file.`,
    );
  }
  const text = await readText(file, name);
  return extension === '.csv' ? csvRows(text, name) : jsonRows(text, name);
}
