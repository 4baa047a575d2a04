/**
 * `clearframe` from a terminal: the same engine as the app, without a window. Commands are
 * added as the engine grows; each one is listed by `help`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runSimulator } from '../simulator/cli.ts';
import { UserFacingError } from '../core/user-error.ts';
import { runRemove } from './remove.ts';

interface Command {
  summary: string;
  run(args: string[]): Promise<number> | number;
}

const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const commands: Record<string, Command> = {
  help: {
    summary: 'list the commands',
    run: () => {
      console.log('Usage: clearframe <command> [options]\n\nCommands:');
      for (const [name, command] of Object.entries(commands)) {
        console.log(`  ${name.padEnd(12)}${command.summary}`);
      }
      return 0;
    },
  },
  remove: {
    summary: 'remove watermarks from images and folders (--demo to try it on the simulator)',
    run: runRemove,
  },
  simulator: {
    summary: 'run the local stand-in for the service (--port=N)',
    run: runSimulator,
  },
  version: {
    summary: 'print the version',
    run: () => {
      console.log(packageJson.version);
      return 0;
    },
  },
};

/** Exit codes: 0 done, 1 some jobs did not finish or an error, 2 the command line was wrong, 3 no key, 130 interrupted. */
export async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  const command =
    commands[name === '--help' || name === '-h' ? 'help' : name === '--version' ? 'version' : name];
  if (!command) {
    console.error(`clearframe: unknown command "${name}". Run "clearframe help" for the list.`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // Errors meant for people are printed as the sentence they carry; others with their stack.
    console.error(error instanceof UserFacingError ? `clearframe: ${error.userMessage}` : error);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
