import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command line's entry point, run in a child process for each tool that does work. */
const CLI_MAIN = fileURLToPath(new URL('../cli/main.ts', import.meta.url));

export interface CliAnswer {
  /** The command's exit code (see src-main/cli/exit-codes.ts); null when a signal ended it. */
  code: number | null;
  /** Its `--json` records, one per line of standard output. */
  records: Array<Record<string, unknown>>;
  /** What it said on standard error: catalogue sentences (notices, refusals, failures). */
  said: string[];
}

/** Options every command run for an agent inherits from `clearframe mcp` itself. */
export interface RunnerOptions {
  dataDir: string | undefined;
  demo: boolean;
}

/**
 * Runs one `clearframe` command with `--json` in a child process and collects its records.
 * A child, not a call in this process: standard output here is the MCP channel, and the
 * command then takes the data folder's lock, or hands its jobs to the open app, exactly as
 * it does from a terminal.
 */
export function runCliCommand(
  options: RunnerOptions,
  args: readonly string[],
  extra: { json?: boolean } = {},
): Promise<CliAnswer> {
  const common = [
    ...(extra.json === false ? [] : ['--json']),
    ...(options.dataDir ? ['--data-dir', options.dataDir] : []),
    ...(options.demo ? ['--demo'] : []),
  ];
  const child = spawn(process.execPath, [...process.execArgv, CLI_MAIN, ...args, ...common], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({
        code,
        records: stdout
          .split('\n')
          .filter((line) => line.trim().startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>),
        said: stderr
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      }),
    );
  });
}
