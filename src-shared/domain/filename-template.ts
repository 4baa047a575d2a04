import type { MessageId } from '../i18n/catalogues/en.ts';

/** The template a result's name follows until the user sets another: `photo-clean.jpg`. */
export const DEFAULT_FILENAME_TEMPLATE = '{name}-clean.{ext}';

/** Tokens a user may put in an output file name template. */
export const FILENAME_TOKENS = ['{name}', '{ext}', '{date}', '{n}'] as const;

export interface FilenameParts {
  /** The input's name without its extension. */
  name: string;
  /** The output's extension, without the dot. */
  ext: string;
  /** YYYY-MM-DD. */
  date: string;
  /** 1-based position in the batch. */
  n: number;
}

/** The characters a file name may not hold on some system (and NUL, which none takes). */
const FORBIDDEN = ['/', '\\', ':', '*', '?', '"', '<', '>', '|'];

/** What is wrong with a template: its message and the values it names. */
export interface TemplateProblem {
  id: MessageId;
  values?: Record<string, string>;
}

/** Why a template cannot be used, or undefined when it can. */
export function filenameTemplateProblem(template: string): TemplateProblem | undefined {
  if (template.trim() === '') {
    return { id: 'settings.problem.templateEmpty', values: { example: DEFAULT_FILENAME_TEMPLATE } };
  }
  const literal = template.replace(/\{[a-z]+\}/g, '');
  if (literal.includes('\0') || FORBIDDEN.some((character) => literal.includes(character))) {
    return {
      id: 'settings.problem.templateCharacters',
      values: { characters: FORBIDDEN.join(' ') },
    };
  }
  const unknown = (template.match(/\{[^}]*\}/g) ?? []).filter(
    (token) => !(FILENAME_TOKENS as readonly string[]).includes(token),
  );
  if (unknown.length > 0) {
    return {
      id: 'settings.problem.templateUnknown',
      values: { unknown: unknown.join(', '), tokens: FILENAME_TOKENS.join(', ') },
    };
  }
  if (!template.includes('{name}') && !template.includes('{n}')) {
    return { id: 'settings.problem.templateNoName', values: { name: '{name}', n: '{n}' } };
  }
  return undefined;
}

export function renderFilename(template: string, parts: FilenameParts): string {
  return template
    .replaceAll('{name}', parts.name)
    .replaceAll('{ext}', parts.ext)
    .replaceAll('{date}', parts.date)
    .replaceAll('{n}', String(parts.n));
}
