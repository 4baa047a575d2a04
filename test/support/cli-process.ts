import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ENV } from './test-env.ts';

const cli = fileURLToPath(new URL('../../src-main/cli/main.ts', import.meta.url));

/**
 * Node's compile cache for the command lines the tests start: each start loads about 950
 * modules, and with their compiled code kept on disk a start takes about a fifth less CPU
 * (0.62 s against 0.50 s for `--version`), over the hundred-odd starts of a run. Node writes
 * the cache to a file of its own and renames it into place, so processes may share it.
 */
export const CLI_CACHE_ENV: Readonly<Record<string, string>> = {
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'clearframe-test-compile-cache'),
};

export interface CliRun {
  /** null when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `clearframe …` in a child process, as a user runs it; optionally killed with SIGKILL after a delay. */
export function runCli(
  args: readonly string[],
  options: {
    env?: Record<string, string>;
    input?: string;
    killAfterMs?: number;
    /** Called with all of stdout so far, each time more arrives. */
    onStdout?: (stdout: string) => void;
    /** Called with the child's process id once it runs, to read its CPU time (`/proc`). */
    onSpawn?: (pid: number) => void;
  } = {},
): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', cli, ...args],
    // English unless a test asks for a language: the words the tests look for are English.
    {
      env: {
        ...process.env,
        LC_ALL: '',
        LC_MESSAGES: '',
        LANG: 'C',
        ...TEST_ENV,
        ...CLI_CACHE_ENV,
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    options.onStdout?.(stdout);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  if (options.killAfterMs !== undefined) {
    setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
  }
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * `clearframe <args>` on a terminal of its own (`script` gives it one), answering `answer`
 * once the question ends in `[y/N]`.
 */
export function onTerminal(
  args: string[],
  answer: string,
): Promise<{ code: number | null; out: string }> {
  const command = [process.execPath, '--experimental-strip-types', '--no-warnings', cli, ...args]
    .map((part) => `'${part}'`)
    .join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C', ...TEST_ENV, ...CLI_CACHE_ENV },
  });
  let out = '';
  let answered = false;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (!answered && out.includes('[y/N]')) {
      answered = true;
      child.stdin.write(`${answer}\n`);
    }
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}
