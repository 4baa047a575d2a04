/**
 * `clearframe` from a terminal: the same engine as the app, without a window. Commands are
 * added as the engine grows; each one is listed by `help`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SIMULATOR_USAGE, runSimulator } from '../simulator/cli.ts';
import { errorValue } from '../core/jobs/outcome.ts';
import { RoundRequestError, SpendingRefusedError } from '../core/jobs/video-engine.ts';
import { UserFacingError } from '../core/user-error.ts';
import { UsageError, asksForHelp, usageErrorFrom } from './args.ts';
import { BALANCE_USAGE, runBalance } from './balance.ts';
import { EXIT } from './exit-codes.ts';
import { JOBS_USAGE, runJobs } from './jobs.ts';
import { KEY_USAGE, runKey } from './key.ts';
import { REMOVE_USAGE, runRemove } from './remove.ts';
import { NoKeyError } from './session.ts';
import { VIDEO_USAGE, runVideo } from './video.ts';

/** A command must bring its usage: `--help`, `-h` and `help <command>` print it. */
interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<number> | number;
}

const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const commands: Record<string, Command> = {
  help: {
    summary: 'list the commands, or how to use one (help <command>)',
    usage: 'Usage: clearframe help [command]',
    run: (args) => {
      const [topic] = args;
      if (topic !== undefined) {
        const command = commands[topic];
        if (!command) return unknownCommand(topic);
        console.log(command.usage);
        return EXIT.done;
      }
      console.log('Usage: clearframe <command> [options]\n\nCommands:');
      for (const [name, command] of Object.entries(commands)) {
        console.log(`  ${name.padEnd(12)}${command.summary}`);
      }
      console.log(`
Options most commands take: --json (one JSON object per line), --demo (the built-in
simulator instead of the service), --data-dir dir (another data folder).

Exit codes: ${EXIT.done} done; ${EXIT.someFailed} some jobs failed or wait for your decision, or an error;
${EXIT.usage} the command line was wrong; ${EXIT.noKey} no API key; ${EXIT.spending} the budget cap or the balance
stopped a paid round; ${EXIT.interrupted} interrupted.`);
      return EXIT.done;
    },
  },
  remove: {
    summary: 'remove watermarks from images and folders (--demo to try it on the simulator)',
    usage: REMOVE_USAGE,
    run: runRemove,
  },
  video: {
    summary: 'video projects: new, add-round, import, run, status, spending',
    usage: VIDEO_USAGE,
    run: runVideo,
  },
  jobs: {
    summary: 'how many jobs are in each state (--watch to follow)',
    usage: JOBS_USAGE,
    run: runJobs,
  },
  balance: {
    summary: 'watermark credits and the video balance',
    usage: BALANCE_USAGE,
    run: runBalance,
  },
  key: {
    summary: 'set, test or clear an API key in the system keychain',
    usage: KEY_USAGE,
    run: runKey,
  },
  simulator: {
    summary: 'run the local stand-in for the service (--port=N)',
    usage: SIMULATOR_USAGE,
    run: runSimulator,
  },
  version: {
    summary: 'print the version',
    usage: 'Usage: clearframe version',
    run: () => {
      console.log(packageJson.version);
      return 0;
    },
  },
};

function unknownCommand(name: string): number {
  console.error(`clearframe: unknown command "${name}". Run "clearframe help" for the list.`);
  return EXIT.usage;
}

/** Runs one command and returns its exit code (see exit-codes.ts). */
export async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  const command =
    commands[name === '--help' || name === '-h' ? 'help' : name === '--version' ? 'version' : name];
  if (!command) return unknownCommand(name);
  if (asksForHelp(rest)) {
    console.log(command.usage);
    return EXIT.done;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    const usage = error instanceof UsageError ? error : usageErrorFrom(name, error);
    if (usage) {
      console.error(usage.message);
      return EXIT.usage;
    }
    // Errors meant for people are printed as the sentence they carry; any other as one
    // line too: a stack trace tells a user nothing they can act on.
    console.error(
      error instanceof UserFacingError
        ? `clearframe: ${error.userMessage}`
        : `clearframe ${name}: an unexpected error stopped the command: ${errorValue(error).message}`,
    );
    if (error instanceof NoKeyError) return EXIT.noKey;
    if (error instanceof RoundRequestError) return EXIT.usage;
    if (error instanceof SpendingRefusedError) return EXIT.spending;
    return EXIT.someFailed;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
