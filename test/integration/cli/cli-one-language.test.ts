import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage } from '../../support/in-language.ts';
import { runCli } from '../../support/cli-process.ts';

let dir: string;
let hook: string;

/**
 * A module the child process imports first (NODE_OPTIONS=--import): it watches every module
 * Node loads and, as the process ends, names the compiled catalogues among them on stderr.
 */
const WATCH_CATALOGUES = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  load(url, context, next) {
    const found = /\\/i18n\\/compiled\\/([^/]+)\\.json$/.exec(url);
    if (found) seen.add(found[1]);
    return next(url, context);
  },
});
process.on('exit', () => process.stderr.write('catalogues: ' + [...seen].sort().join(',') + '\\n'));
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-one-language-'));
  hook = path.join(dir, 'watch-catalogues.mjs');
  await writeFile(hook, WATCH_CATALOGUES);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function helpIn(lang: string): Promise<{ stdout: string; catalogues: string[] }> {
  const run = await runCli(['help'], {
    env: {
      LANG: lang,
      CLEARFRAME_DATA_DIR: path.join(dir, 'data'),
      NODE_OPTIONS: `--import=${hook}`,
    },
  });
  expect(run.code).toBe(0);
  const line = /catalogues: (.*)/.exec(run.stderr)?.[1];
  if (line === undefined) throw new Error(`the hook did not report: ${run.stderr}`);
  return { stdout: run.stdout, catalogues: line.split(',').filter(Boolean) };
}

describe('the command line reads one language', () => {
  it('reads German and English, the fallback, for a German run, and no other', async () => {
    const german = await helpIn('de_DE.UTF-8');
    expect(german.catalogues).toEqual(['de', 'en']);
    expect(german.stdout).toContain(inLanguage('de', 'cli.help.head').split('\n')[0]);
  });

  it('reads English alone for an English run', async () => {
    expect((await helpIn('C')).catalogues).toEqual(['en']);
  });
});
