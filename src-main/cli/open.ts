import { existsSync } from 'node:fs';
import path from 'node:path';
import { knockOnOpenDoor } from '../core/app/open-door.ts';
import { DataFolderLock, describeHolder } from '../core/fs/data-folder-lock.ts';
import { defaultUserDataDir } from '../core/paths.ts';
import { parseCommand, UsageError } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { words } from './words.ts';

export const openUsage = () => words('cli.open.usage');

/**
 * `clearframe open PATHS`: stages files and folders in the running app's window, as if they
 * were dropped there. The data folder's lock says whether the app runs on that folder; its
 * local socket (open-door.ts) takes the paths and answers how many it took.
 */
export async function runOpen(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand('open', args, {
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new UsageError('open', words('cli.open.nothing'));
  const dataDir = values['data-dir'] ?? defaultUserDataDir();
  const paths = positionals.map((given) => path.resolve(given));
  const missing = paths.filter((file) => !existsSync(file));
  for (const file of missing) console.error(words('cli.open.missing', { path: file }));
  const present = paths.filter((file) => existsSync(file));
  if (present.length === 0) return EXIT.someFailed;
  const holder = DataFolderLock.holder(dataDir);
  if (holder?.kind !== 'app') {
    console.error(
      words(holder ? 'cli.open.commandHolds' : 'cli.open.notRunning', {
        folder: dataDir,
        holder: holder ? describeHolder(holder) : '',
      }),
    );
    return EXIT.someFailed;
  }
  const answer = await knockOnOpenDoor(dataDir, present);
  if ('failed' in answer) {
    console.error(words('cli.open.noAnswer', { holder: describeHolder(holder) }));
    return EXIT.someFailed;
  }
  console.log(words('cli.open.sent', { count: present.length }));
  return missing.length > 0 ? EXIT.someFailed : EXIT.done;
}
