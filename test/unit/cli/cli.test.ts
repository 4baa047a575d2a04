import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
    [['remove', '.', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['remove', '/nonexistent/photos'], /nonexistent\/photos: It does not exist/],
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
