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

/** Why a template cannot be used, or undefined when it can. */
export function filenameTemplateProblem(template: string): string | undefined {
  if (template.trim() === '')
    return 'The file name template is empty; for example, {name}-clean.{ext} keeps the name and adds -clean.';
  if (/[/\\:*?"<>|\0]/.test(template.replace(/\{[a-z]+\}/g, ''))) {
    return 'The file name template may not contain / \\ : * ? " < > |.';
  }
  const unknown = (template.match(/\{[^}]*\}/g) ?? []).filter(
    (token) => !(FILENAME_TOKENS as readonly string[]).includes(token),
  );
  if (unknown.length > 0)
    return `Unknown ${unknown.join(', ')} in the file name template; use ${FILENAME_TOKENS.join(', ')}.`;
  if (!template.includes('{name}') && !template.includes('{n}')) {
    return 'The file name template needs {name} or {n}, or every result would get the same name.';
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
