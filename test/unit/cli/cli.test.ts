import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_CACHE_ENV, runCli } from '../../support/cli-process.ts';

const cli = fileURLToPath(new URL('../../../src-main/cli/main.ts', import.meta.url));
const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

function run(...args: string[]) {
  return spawnSync(process.execPath, ['--experimental-strip-types', cli, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      ...CLI_CACHE_ENV,
      CLEARFRAME_WATERMARK_KEY: '',
      CLEARFRAME_DATA_DIR: '/nonexistent/clearframe-cli-test',
    },
  });
}

describe('clearframe CLI', () => {
  it('runs straight from the TypeScript source and prints the version', () => {
    const result = run('--version');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('refuses an unknown command with exit code 2 and says what to do', () => {
    const result = run('frobnicate');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown command "frobnicate".*clearframe help/);
  });

  it.each([
    [['remove'], /name at least one image or folder/],
    [['remove', '.', '--mask-rect', '1,2,3'], /--mask-rect takes x,y,width,height/],
    [['remove', '.', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 32/],
    [
      ['remove', '.', '--mask-anchor', 'middle', '--mask-rect', '1,2,3,4'],
      /--mask-anchor takes one of/,
    ],
    [['remove', '/nonexistent/photos'], /nonexistent\/photos: It does not exist/],
    [['remove', '.', '--engine', 'cloud'], /--engine takes service or local\./],
    [['remove', '.', '--engine', 'local'], /--engine local undoes the blend .*: add --auto-mask/],
  ])('remove refuses %j with exit code 2 and a reason', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('remove without a key says how to set one and exits with 3', () => {
    const result = run('remove', fileURLToPath(new URL('.', import.meta.url)));
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(
      /No watermark API token is set.*CLEARFRAME_WATERMARK_KEY.*--demo/,
    );
  });
});

/** Every command `clearframe help` lists, with a word its own usage holds. */
const COMMANDS = [
  ['help', /clearframe help \[command\]/],
  ['remove', /clearframe remove <files\|folders…>/],
  ['video', /clearframe video add-round/],
  ['jobs', /clearframe jobs \[--watch\]/],
  ['balance', /clearframe balance/],
  ['key', /clearframe key set\|test\|clear/],
  ['simulator', /clearframe simulator \[--port N\]/],
  ['version', /clearframe version/],
] as const;

const quiet = { CLEARFRAME_DATA_DIR: '/nonexistent/clearframe-cli-test' };

describe('clearframe <command> --help and bad options', () => {
  it('lists every command that has a usage in the help', () => {
    const result = run('help');
    for (const [name] of COMMANDS) expect(result.stdout).toContain(`  ${name}`);
  });

  it.each(COMMANDS)(
    '%s: --help, -h and help <command> print its own usage, exit 0',
    async (name, usage) => {
      const runs = await Promise.all([
        runCli([name, '--help'], { env: quiet }),
        runCli([name, '-h'], { env: quiet }),
        runCli(['help', name], { env: quiet }),
      ]);
      for (const result of runs) {
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(usage);
        expect(result.stderr).toBe('');
      }
    },
  );

  it.each([
    [['remove', '.', '--frobnicate'], 'remove', '--frobnicate'],
    [['jobs', '--foo'], 'jobs', '--foo'],
    [['balance', '--foo'], 'balance', '--foo'],
    [['key', 'test', 'video', '--foo'], 'key', '--foo'],
    [['video', 'status', '--foo'], 'video status', '--foo'],
    [['video', 'add-round', '-x'], 'video add-round', '-x'],
    [['simulator', '--foo'], 'simulator', '--foo'],
  ])('%j exits 2 with one line that names the option', async (args, command, option) => {
    const result = await runCli(args, { env: quiet });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `clearframe ${command}: unknown option ${option}. Try clearframe ${command} --help.\n`,
    );
  });

  it('says an option needs a value, or takes none, in one line', async () => {
    const [missing, extra] = await Promise.all([
      runCli(['remove', '.', '--out'], { env: quiet }),
      runCli(['jobs', '--watch=yes'], { env: quiet }),
    ]);
    expect([missing.code, extra.code]).toEqual([2, 2]);
    expect(missing.stderr).toBe(
      'clearframe remove: --out needs a value. Try clearframe remove --help.\n',
    );
    expect(extra.stderr).toBe(
      'clearframe jobs: --watch takes no value. Try clearframe jobs --help.\n',
    );
  });

  it('prints an unexpected error as one sentence, without a stack trace', async () => {
    // A data folder that is a file: nothing in the command expects it, so it is unexpected.
    const result = await runCli(['jobs', '--data-dir', fileURLToPath(import.meta.url)], {
      env: quiet,
    });
    expect(result.code).toBe(1);
    // Before it, the settings file that cannot be read there is named, as at any start.
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^clearframe jobs: an unexpected error stopped the command: /,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
