import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK_ANCHORS } from '../../../src-shared/domain/mask-anchor.ts';
import { MODES } from '../../../src-shared/domain/round-draft.ts';
import { SETTINGS_VERSION } from '../../../src-shared/domain/settings.ts';
import { runCli, type CliRun } from '../../support/cli-process.ts';
import { makePhoto } from '../../support/images.ts';
import { plainWords } from '../../support/plain-words.ts';

/** Letters FormatJS's pseudo-locale (en-XA) writes in place of English ones. */
const PSEUDO_LETTER = /[\u00c0-\u02af\u1e00-\u1eff]/u;

let root: string;
let folder: string;

/** A data folder whose `language` setting is `language`. */
async function dataFolder(language: string): Promise<string> {
  const dir = await mkdtemp(path.join(root, `data-${language}-`));
  await writeFile(
    path.join(dir, 'settings.json'),
    JSON.stringify({ version: SETTINGS_VERSION, language }),
  );
  return dir;
}

/**
 * The lines of a run's human output that were not looked up in a catalogue: under the
 * pseudo-locale every message is accented and bracketed, so a line with neither came from
 * text written in the code. A line of the user's own data alone (a project's name and id)
 * is printed through a message too, so it is bracketed.
 */
function plainLines(run: CliRun): string[] {
  return `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .filter((line) => !PSEUDO_LETTER.test(line) && !/^\[.*\]$/u.test(line));
}

/**
 * Words printed as they are in every language: the product, the currency, file types, the
 * values options take (typed as they are), the files and projects the test makes, and the
 * default template's `-clean`. The command names join them from the help's own list.
 */
const NAMES = new Set([
  ...['clearframe', 'Clearframe', 'USD', 'png', 'jpg', 'txt', 'json', 'csv', 'clean'],
  ...Object.keys(MODES),
  ...MASK_ANCHORS.flatMap((anchor) => anchor.split('-')),
  ...['quay', 'pier', 'notes', 'Harbour', 'Pier'],
]);

/**
 * The command names the help lists, one per indented line before its (translated) summary:
 * read from the command line itself, so a new command needs no second list here.
 */
function commandNames(help: CliRun): string[] {
  return [...help.stdout.matchAll(/^ {2}([a-z]+) {2,}/gmu)].map((match) => match[1] ?? '');
}

/**
 * The plain ASCII words of a run's output that came from neither the catalogue nor the user:
 * under the pseudo-locale every letter of a message is accented, so a plain word inside a
 * translated line is English written in the code, unless the command was given it (a file,
 * a prompt, a month), it is a name printed as is, or it is part of an id or a size.
 */
function englishWords(run: CliRun, args: readonly string[]): string[] {
  const given = new Set(args.join(' ').match(/[A-Za-z]+/g) ?? []);
  return plainWords(`${run.stdout}\n${run.stderr}`, [root]).filter(
    (word) => !given.has(word) && !NAMES.has(word),
  );
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-cli-languages-'));
  folder = path.join(root, 'photos');
  await mkdir(folder);
  await writeFile(path.join(folder, 'quay.png'), await makePhoto(64, 48, 'png', 1));
  await writeFile(path.join(folder, 'pier.jpg'), await makePhoto(64, 48, 'jpeg', 2));
  await writeFile(path.join(folder, 'notes.txt'), 'not an image');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the command line in other languages', () => {
  it('under the pseudo-locale, prints no line that skipped the catalogue', async () => {
    const data = await dataFolder('en-XA');
    const env = { CLEARFRAME_DATA_DIR: data };
    const runs: Array<[string, CliRun]> = [];
    const run = async (args: string[]) => {
      const done = await runCli(args, { env });
      runs.push([args.join(' '), done]);
      return done;
    };
    const commands = commandNames(await run(['help']));
    expect(commands).toEqual(expect.arrayContaining(['remove', 'video', 'jobs', 'help']));
    for (const command of commands) {
      NAMES.add(command);
      await run(['help', command]);
    }
    await run(['remove', '--dry-run', folder]);
    await run(['remove', '--concurrency', '99', folder]);
    await run(['remove', '--dry-run', '--auto-mask', folder]);
    await run(['remove', '--mask-rect', '100,100,50,50', folder]);
    await run(['remove', '--mask-anchor', 'middle', '--mask-rect', '1,1,5,5', folder]);
    await run(['remove', '--bogus', folder]);
    await run(['nonsense']);
    await run(['key', 'set', 'watermark', '--demo']);
    const cleaned = await run(['remove', '--demo', '--out', path.join(root, 'out'), folder]);
    expect(cleaned.code).toBe(0);
    await run(['video', 'new', 'Harbour']);
    // --json is for scripts and stays as it is: the project's id is read from it.
    const made = await runCli(['video', 'new', 'Pier', '--json'], { env });
    const { projectId } = JSON.parse(made.stdout) as { projectId: string };
    await run(['video', 'add-round', projectId, '--prompt', 'gulls over the quay']);
    await run(['video', 'status']);
    await run(['video', 'spending']);
    await run(['video', 'spending', '--month', 'March']);
    await run(['video', 'status', 'no-such-project']);
    await run(['jobs']);

    for (const [args, done] of runs) {
      expect(`${done.stdout}${done.stderr}`.trim(), args).not.toBe('');
      expect(plainLines(done), args).toEqual([]);
    }
    // Every run's English words at once, so one failure names them all.
    const found = runs.flatMap(([args, done]) => {
      const words = englishWords(done, args.split(' '));
      return words.length > 0 ? [{ args, words }] : [];
    });
    expect(found).toEqual([]);
    // About thirty runs of the command, each a process of its own: minutes on a loaded machine.
  }, 300_000);

  it('speaks German when LANG asks for it and the setting follows the system', async () => {
    const data = await dataFolder('system');
    const dry = await runCli(['remove', '--dry-run', folder, '--data-dir', data], {
      env: { LANG: 'de_DE.UTF-8' },
    });
    expect(dry.stdout).toContain(
      'Probelauf: 2 Bilder angesehen, nichts wurde gesendet und nichts bezahlt.',
    );
    const wrong = await runCli(['remove', '--concurrency', '0', folder], {
      env: { LANG: 'de_DE.UTF-8', CLEARFRAME_DATA_DIR: data },
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--concurrency muss eine ganze Zahl von 1 bis 32 sein.');
  });

  it('lets LC_ALL win over LANG, and the setting win over both', async () => {
    const system = await dataFolder('system');
    const french = await runCli(['jobs', '--data-dir', system], {
      env: { LANG: 'de_DE.UTF-8', LC_ALL: 'fr_FR.UTF-8' },
    });
    expect(french.stdout).toContain('images\u00a0: aucune');
    const japanese = await dataFolder('ja');
    const set = await runCli(['jobs', '--data-dir', japanese], {
      env: { LANG: 'de_DE.UTF-8' },
    });
    expect(set.stdout).toContain('画像：なし');
  });

  it('speaks English under the C locale', async () => {
    const data = await dataFolder('system');
    const run = await runCli(['jobs', '--data-dir', data], { env: { LANG: 'C' } });
    expect(run.stdout).toContain('images: none');
  });
});
