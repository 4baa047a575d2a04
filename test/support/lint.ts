import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint | undefined;

/**
 * What the project's lint says about `code` were it the file at `filePath`, as
 * `rule: message` for the rules `keep` picks. Type information is left out: the rules
 * tested need none, and a virtual file has no tsconfig entry.
 */
export async function lintFindings(
  filePath: string,
  code: string,
  keep: (ruleId: string) => boolean,
): Promise<Array<{ rule: string; message: string }>> {
  eslint ??= new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && keep(m.ruleId))
    .map((m) => ({ rule: m.ruleId ?? '', message: m.message }));
}
