import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
import { said } from '../../i18n/core-words.ts';
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

/** The columns as messages list them, "prompt, kind, … and shot", in the language set. */
function columnList(): string {
  return said('core.import.columnList', {
    first: IMPORT_COLUMNS.slice(0, -1).join(', '),
    last: IMPORT_COLUMNS.at(-1) ?? '',
  });
}

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
        ? 'missing'
        : code === 'EISDIR'
          ? 'folder'
          : code === 'EACCES' || code === 'EPERM'
            ? 'denied'
            : 'unreadable';
    throw new RoundImportError(
      { id: 'core.import.cannotRead', values: { name, why } },
      { cause: error },
    );
  }
  // A text file holds no NUL byte; an image or a spreadsheet saved in its own format does.
  if (bytes.includes(0)) {
    throw new RoundImportError({ id: 'core.import.notText', values: { name } });
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

function emptyFile(name: string): RoundImportError {
  return new RoundImportError({ id: 'core.import.empty', values: { name, columns: columnList() } });
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
      // csv-parse says what it found in English; the sentence around it is the user's.
      const detail = error.message.replace(/^[^:]*:\s*/, '');
      throw new RoundImportError(
        { id: 'core.import.badCsv', values: { name, line: line ? String(line) : 'none', detail } },
        { cause: error },
      );
    }
    throw error;
  }
  const unknown = named.filter((column) => !isColumn(column));
  if (unknown.length > 0) {
    throw new RoundImportError({
      id: 'core.import.unknownColumn',
      values: {
        name,
        found: unknown.map((c) => `"${c}"`).join(', '),
        columns: columnList(),
      },
    });
  }
  if (!named.includes('prompt')) {
    throw new RoundImportError({
      id: 'core.import.noPrompt',
      values: { name, columns: columnList() },
    });
  }
  if (records.length === 0) throw emptyFile(name);
  return records.map(({ record, info, raw }) => ({
    label: said('core.import.rowLabel', { line: String(startLine(info.lines, raw)) }),
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
      { id: 'core.import.badJson', values: { name, detail: (error as Error).message } },
      { cause: error },
    );
  }
  if (!Array.isArray(data)) {
    throw new RoundImportError({ id: 'core.import.notList', values: { name } });
  }
  if (data.length === 0) throw emptyFile(name);
  const lines = elementLines(text);
  return data.map((element: unknown, i) => {
    const label = said('core.import.roundLabel', {
      index: String(i + 1),
      line: String(lines[i] ?? '?'),
    });
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
    throw new RoundImportError({ id: 'core.import.notCsvOrJson', values: { name } });
  }
  const text = await readText(file, name);
  return extension === '.csv' ? csvRows(text, name) : jsonRows(text, name);
}
