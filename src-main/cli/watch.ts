import { stat } from 'node:fs/promises';
import path from 'node:path';
import { dataPaths, defaultUserDataDir } from '../core/paths.ts';
import { ProfileStore } from '../core/profiles/profile-store.ts';
import { UserFacingError } from '../core/user-error.ts';
import { localDay } from '../../src-shared/domain/calendar-month.ts';
import { WatchList, type NewWatch } from '../core/watch/watch-list.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { SESSION_OPTIONS } from './session.ts';
import { runWatches } from './watch-run.ts';
import { words } from './words.ts';

export const watchUsage = () => words('cli.watch.usage');

/** A line that says what is wrong with this `watch` command line. */
const problem = (text: string) => words('cli.commandProblem', { command: 'watch', problem: text });

type Values = {
  profile?: string | undefined;
  recursive?: boolean | undefined;
  engine?: string | undefined;
  'credits-per-day'?: string | undefined;
  'data-dir'?: string | undefined;
};

/** The watch a command line adds, or the sentence that says what is wrong with it. */
async function newWatch(dir: string, values: Values): Promise<NewWatch | string> {
  const isDir = await stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isDir) return words('cli.watch.noFolder', { folder: path.resolve(dir) });
  if (values.profile === undefined) return words('cli.watch.noProfile');
  const engine = values.engine ?? 'local';
  if (engine !== 'local' && engine !== 'service') return words('cli.watch.badEngine');
  const credits = values['credits-per-day'];
  const creditsPerDay = credits === undefined ? undefined : Number(credits);
  if (creditsPerDay !== undefined && (!Number.isInteger(creditsPerDay) || creditsPerDay < 0)) {
    return words('cli.mcp.badCredits', { option: '--credits-per-day' });
  }
  // Paid watching never spends on a default: the person names the day's limit.
  if (engine === 'service' && !creditsPerDay) return words('cli.watch.needsLimit');
  const profiles = new ProfileStore(
    dataPaths(values['data-dir'] ?? defaultUserDataDir()).profilesDir,
  );
  try {
    await profiles.resolve(values.profile);
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return error.userMessage;
  }
  return {
    dir,
    recursive: values.recursive ?? false,
    // An exported profile's file is kept by its full path, so the watch finds it again.
    profile: (await stat(values.profile).catch(() => undefined))?.isFile()
      ? path.resolve(values.profile)
      : values.profile,
    engine,
    ...(creditsPerDay !== undefined ? { creditsPerDay } : {}),
  };
}

/** `clearframe watch --list`: each watched folder, its profile and what it spent today. */
async function printList(list: WatchList): Promise<number> {
  const watches = await list.all();
  if (watches.length === 0) console.log(words('cli.watch.none'));
  const day = localDay(new Date());
  for (const watch of watches) {
    console.log(
      words('cli.watch.line', {
        folder: watch.dir,
        profile: watch.profile,
        recursive: watch.recursive ? 'yes' : 'no',
        engine: watch.engine,
        spent: watch.spent[day] ?? 0,
        limit: watch.creditsPerDay,
        paused: watch.paused ? 'yes' : 'no',
      }),
    );
  }
  return EXIT.done;
}

/**
 * `clearframe watch`: adds a folder to the watched folders (kept in the data folder) and
 * watches every one on the list until Ctrl+C; with no folder, resumes the list as it is.
 */
export async function runWatch(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand('watch', args, {
    allowPositionals: true,
    options: {
      profile: { type: 'string' },
      recursive: { type: 'boolean' },
      engine: { type: 'string' },
      'credits-per-day': { type: 'string' },
      list: { type: 'boolean', default: false },
      forget: { type: 'boolean', default: false },
      pause: { type: 'boolean', default: false },
      ...SESSION_OPTIONS,
    },
  });
  if (positionals.length > 1) {
    console.error(`${problem(words('cli.watch.oneFolder'))}\n${watchUsage()}`);
    return EXIT.usage;
  }
  const list = new WatchList(dataPaths(values['data-dir'] ?? defaultUserDataDir()).root);
  const [dir] = positionals;
  if (values.forget || values.pause) {
    const watched =
      dir !== undefined && (await list.all()).some((w) => w.dir === path.resolve(dir));
    if (!watched) {
      console.error(problem(words('cli.watch.notWatched', { folder: path.resolve(dir ?? '.') })));
      return EXIT.usage;
    }
    if (values.forget) await list.remove(dir);
    else await list.setPaused(path.resolve(dir), true);
    console.log(
      words(values.forget ? 'cli.watch.forgotten' : 'cli.watch.paused', {
        folder: path.resolve(dir),
      }),
    );
    return EXIT.done;
  }
  if (dir !== undefined) {
    const watch = await newWatch(dir, values);
    if (typeof watch === 'string') {
      console.error(problem(watch));
      return EXIT.usage;
    }
    await list.put(watch);
  }
  if (values.list) return printList(list);
  return runWatches(list, values);
}
