import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { words } from './words.ts';

/**
 * A command line that cannot be run as typed. `main` prints its one line and exits with
 * the usage code; nothing else about it reaches the user (no stack, no parser jargon).
 */
export class UsageError extends Error {
  constructor(command: string, problem: string) {
    super(words('cli.usageError', { command, problem }));
    this.name = 'UsageError';
  }
}

/** True when the arguments ask for help anywhere before a `--`. */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** Node's parser codes, turned into the sentence a person needs. */
function explain(error: Error & { code?: string }, options: ParseArgsOptionsConfig): string {
  const named = /'(-{1,2}[^'\s]+)/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return words('cli.args.unknownOption', { option: named ?? '' });
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return words('cli.args.unexpected', { argument: /'([^']*)'/.exec(error.message)?.[1] ?? '' });
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = named?.replace(/^-+/, '') ?? '';
      const option = named ?? words('cli.args.thatOption');
      return words(
        options[name]?.type === 'boolean' ? 'cli.args.takesNoValue' : 'cli.args.needsValue',
        { option },
      );
    }
    default:
      return error.message.split('\n')[0] ?? words('cli.args.unreadable');
  }
}

/** The UsageError for one of Node's parser errors; undefined for any other error. */
export function usageErrorFrom(
  command: string,
  error: unknown,
  options: ParseArgsOptionsConfig = {},
): UsageError | undefined {
  const code = String((error as { code?: unknown } | null)?.code);
  if (!(error instanceof TypeError) || !code.startsWith('ERR_PARSE_ARGS')) return undefined;
  return new UsageError(command, explain(error, options));
}

/**
 * `parseArgs` for a command: strict, with every parser failure thrown as a UsageError that
 * names the command. Commands call this rather than `parseArgs` itself, so a new command
 * gets the same behaviour without remembering to.
 */
export function parseCommand<
  const C extends { options: ParseArgsOptionsConfig; allowPositionals?: boolean },
>(command: string, args: string[], config: C) {
  try {
    return parseArgs<C & { args: string[]; strict: true }>({ ...config, args, strict: true });
  } catch (error) {
    throw usageErrorFrom(command, error, config.options) ?? error;
  }
}
