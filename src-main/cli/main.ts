/**
 * `clearframe` from a terminal: the same engine as the app, without a window. Commands are
 * added as the engine grows; each one is listed by `help`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runSimulator, simulatorUsage } from './simulator.ts';
import { errorValue } from '../core/jobs/lifecycle/outcome.ts';
import { RoundRequestError, SpendingRefusedError } from '../core/jobs/video/video-engine.ts';
import { UserFacingError } from '../core/user-error.ts';
import { textLanguage } from '../core/i18n/posix-locale.ts';
import { dataPaths, defaultUserDataDir } from '../core/paths.ts';
import { SettingsStore } from '../core/settings/settings-store.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { UsageError, asksForHelp, usageErrorFrom } from './args.ts';
import { balanceUsage, runBalance } from './balance.ts';
import { EXIT } from './exit-codes.ts';
import { jobsUsage, runJobs } from './jobs.ts';
import { keyUsage, runKey } from './key.ts';
import { mcpUsage, runMcp } from './mcp.ts';
import { openUsage, runOpen } from './open.ts';
import { removeUsage, runRemove } from './remove.ts';
import { NoKeyError } from './session.ts';
import { runVideo } from './video.ts';
import { runWatch, watchUsage } from './watch.ts';
import { videoUsage } from './video-usage.ts';
import { speak, words } from './words.ts';

/** A command must bring its usage: `--help`, `-h` and `help <command>` print it. */
interface Command {
  summary: MessageId;
  usage: () => string;
  run(args: string[]): Promise<number> | number;
}

const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const commands: Record<string, Command> = {
  help: {
    summary: 'cli.summary.help',
    usage: () => words('cli.help.usage'),
    run: (args) => {
      const [topic] = args;
      if (topic !== undefined) {
        const command = commands[topic];
        if (!command) return unknownCommand(topic);
        console.log(command.usage());
        return EXIT.done;
      }
      console.log(words('cli.help.head'));
      for (const [name, command] of Object.entries(commands)) {
        console.log(`  ${name.padEnd(12)}${words(command.summary)}`);
      }
      console.log(`\n${words('cli.help.foot', EXIT)}`);
      return EXIT.done;
    },
  },
  remove: {
    summary: 'cli.summary.remove',
    usage: removeUsage,
    run: runRemove,
  },
  video: {
    summary: 'cli.summary.video',
    usage: videoUsage,
    run: runVideo,
  },
  open: {
    summary: 'cli.summary.open',
    usage: openUsage,
    run: runOpen,
  },
  watch: {
    summary: 'cli.summary.watch',
    usage: watchUsage,
    run: runWatch,
  },
  jobs: {
    summary: 'cli.summary.jobs',
    usage: jobsUsage,
    run: runJobs,
  },
  balance: {
    summary: 'cli.summary.balance',
    usage: balanceUsage,
    run: runBalance,
  },
  key: {
    summary: 'cli.summary.key',
    usage: keyUsage,
    run: runKey,
  },
  mcp: {
    summary: 'cli.summary.mcp',
    usage: mcpUsage,
    run: (args) => runMcp(args, packageJson.version),
  },
  simulator: {
    summary: 'cli.summary.simulator',
    usage: simulatorUsage,
    run: runSimulator,
  },
  version: {
    summary: 'cli.summary.version',
    usage: () => words('cli.version.usage'),
    run: () => {
      console.log(packageJson.version);
      return 0;
    },
  },
};

function unknownCommand(name: string): number {
  console.error(words('cli.unknownCommand', { name }));
  return EXIT.usage;
}

/**
 * The language of this run: the data folder's `language` setting (the one `--data-dir`
 * names, else the usual one), else the locale of the environment, as LANG says.
 */
async function languageOf(argv: readonly string[]) {
  const at = argv.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  const arg = at === -1 ? undefined : argv[at];
  const named = arg?.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg && argv[at + 1];
  const settings = new SettingsStore(dataPaths(named ?? defaultUserDataDir()).settingsFile);
  return textLanguage(await settings.storedLanguage(), process.env);
}

/** Runs one command and returns its exit code (see exit-codes.ts). */
export async function main(argv: string[]): Promise<number> {
  await speak(await languageOf(argv));
  const [name = 'help', ...rest] = argv;
  const command =
    commands[name === '--help' || name === '-h' ? 'help' : name === '--version' ? 'version' : name];
  if (!command) return unknownCommand(name);
  if (asksForHelp(rest)) {
    console.log(command.usage());
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
        ? words('cli.failed', { problem: error.userMessage })
        : words('cli.unexpected', { command: name, problem: errorValue(error).message }),
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
