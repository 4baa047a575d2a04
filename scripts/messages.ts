/**
 * `npm run messages`: the catalogues (src-shared/i18n/catalogues/*.ts, where translators
 * write) compiled by FormatJS's own command line into the parsed form the window and the
 * command line load (src-shared/i18n/compiled/*.json), the pseudo-locale included, so no
 * message is parsed while the app runs. `npm run messages -- verify` runs FormatJS's
 * structural check of every language against English. A unit test compiles again and
 * fails when the committed files are not what the catalogues give.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, PSEUDO_LANGUAGE } from '../src-shared/i18n/languages.ts';
import { CATALOGUES } from '../src-shared/i18n/sources.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const formatjs = path.join(root, 'node_modules', '.bin', 'formatjs');
export const COMPILED_DIR = path.join(root, 'src-shared', 'i18n', 'compiled');

/** What one run of FormatJS's command line said, and whether it agreed. */
export interface ToolRun {
  ok: boolean;
  output: string;
}

function runFormatjs(args: string[]): ToolRun {
  const run = spawnSync(formatjs, args, { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Each language's catalogue as the flat id → message JSON FormatJS reads, in `dir`. */
export function writeSources(
  dir: string,
  catalogues: Readonly<Record<string, Readonly<Record<string, string>>>> = CATALOGUES,
): void {
  mkdirSync(dir, { recursive: true });
  for (const [language, catalogue] of Object.entries(catalogues)) {
    writeFileSync(path.join(dir, `${language}.json`), JSON.stringify(catalogue, null, 1));
  }
}

/** `formatjs verify`: every language has English's ids, no other, and the same structure. */
export function verifySources(dir: string, languages: readonly string[] = LANGUAGES): ToolRun {
  return runFormatjs([
    'verify',
    '--source-locale',
    'en',
    '--missing-keys',
    '--extra-keys',
    '--structural-equality',
    ...languages.map((language) => path.join(dir, `${language}.json`)),
  ]);
}

/** `formatjs compile --ast` for every language and the pseudo-locale, from `sources` to `out`. */
export function compileSources(sources: string, out: string): ToolRun {
  mkdirSync(out, { recursive: true });
  const runs = [
    ...LANGUAGES.map((language) => [language, []] as const),
    [PSEUDO_LANGUAGE, ['--pseudo-locale', PSEUDO_LANGUAGE]] as const,
  ].map(([language, extra]) => {
    const from = path.join(sources, `${language === PSEUDO_LANGUAGE ? 'en' : language}.json`);
    const to = path.join(out, `${language}.json`);
    const run = runFormatjs(['compile', from, '--format', 'simple', '--ast', ...extra]);
    // One message per line: a change to a catalogue shows as the lines of its messages.
    if (run.ok) writeFileSync(to, onePerLine(JSON.parse(run.output) as Record<string, unknown>));
    return run;
  });
  const failed = runs.filter((run) => !run.ok);
  return { ok: failed.length === 0, output: failed.map((run) => run.output).join('\n') };
}

function onePerLine(compiled: Record<string, unknown>): string {
  const lines = Object.keys(compiled)
    .sort()
    .map((id) => `${JSON.stringify(id)}:${JSON.stringify(compiled[id])}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** The committed compiled files and what compiling the catalogues now gives, file by file. */
export function compiledNow(): Array<{ file: string; committed: string; fresh: string }> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'clearframe-messages-'));
  try {
    writeSources(path.join(work, 'sources'));
    const run = compileSources(path.join(work, 'sources'), path.join(work, 'compiled'));
    if (!run.ok) throw new Error(run.output);
    return [...LANGUAGES, PSEUDO_LANGUAGE].map((language) => {
      const file = `${language}.json`;
      const read = (dir: string) => {
        try {
          return readFileSync(path.join(dir, file), 'utf8');
        } catch {
          return '';
        }
      };
      return { file, committed: read(COMPILED_DIR), fresh: read(path.join(work, 'compiled')) };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function main(command: string | undefined): number {
  const work = mkdtempSync(path.join(os.tmpdir(), 'clearframe-messages-'));
  try {
    writeSources(work);
    const run = command === 'verify' ? verifySources(work) : compileSources(work, COMPILED_DIR);
    if (run.output !== '') console.error(run.output);
    if (run.ok && command !== 'verify') console.log(`compiled into ${COMPILED_DIR}`);
    return run.ok ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv[2]);
