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
});
