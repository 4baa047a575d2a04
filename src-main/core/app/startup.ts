import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiKeyStatus } from '../../../src-shared/domain/api-keys.ts';
import type { Notice } from '../../../src-shared/ipc/contract.ts';
import {
  DataFolderLock,
  DataFolderReadOnlyError,
  describeHolder,
  type LockOwner,
} from '../fs/data-folder-lock.ts';
import { checkJobStoreOffThread } from '../jobs/store/integrity.ts';
import { DatabaseDamagedError, JobStore } from '../jobs/store/store.ts';
import { dataPaths, type DataPaths } from '../paths.ts';
import type { ApiKeys } from '../secrets/api-keys.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { errorCode } from '../error-code.ts';
import { said } from '../i18n/core-words.ts';

/**
 * The start-up decisions the app makes when something around it is wrong, each with the
 * way it carries on and the notice the window shows. Kept apart from the core so every
 * fault and its fallback can be read (and tested) in one place.
 */

/** What SQLite and the file system say when the database's folder cannot be written. */
const CANNOT_WRITE = new Set(['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'EACCES', 'EPERM', 'EROFS']);

export interface ClaimedFolder {
  paths: DataPaths;
  /** Held when this process may run jobs; otherwise `heldBy` names who does. */
  lock: DataFolderLock | undefined;
  heldBy: LockOwner | undefined;
  notices: Notice[];
}

/**
 * Takes the data folder's lock. A folder that cannot be written is replaced, for this run
 * only, by a temporary one (settings are still read from the real folder), and the notice
 * says which folder, what to do, and where this run's queue is kept meanwhile.
 */
export function claimDataFolder(dataDir: string): ClaimedFolder {
  const paths = dataPaths(dataDir);
  try {
    const attempt = DataFolderLock.acquire(paths.root, { kind: 'app' });
    if ('held' in attempt) return { paths, lock: attempt.held, heldBy: undefined, notices: [] };
    return {
      paths,
      lock: undefined,
      heldBy: attempt.heldBy,
      notices: [{ level: 'info', message: waitingForHolder(attempt.heldBy) }],
    };
  } catch (error) {
    if (!(error instanceof DataFolderReadOnlyError)) throw error;
    const fallback = mkdtempSync(path.join(os.tmpdir(), 'clearframe-this-run-'));
    const attempt = DataFolderLock.acquire(fallback, { kind: 'app' });
    return {
      paths: { ...dataPaths(fallback), settingsFile: paths.settingsFile },
      lock: 'held' in attempt ? attempt.held : undefined,
      heldBy: undefined,
      notices: [
        {
          level: 'error',
          message: said('core.app.folderReadOnly', {
            problem: error.userMessage,
            folder: fallback,
          }),
        },
      ],
    };
  }
}

export function waitingForHolder(owner: LockOwner): string {
  return said('core.app.waitingForHolder', { holder: describeHolder(owner) });
}

export interface OpenedStore {
  store: JobStore;
  notices: Notice[];
}

/**
 * The job database; a damaged one is set aside (never deleted) and a new, empty queue
 * begins. The app and the command line both open it this way.
 */
export function openJobStore(file: string, options: { checked?: boolean } = {}): OpenedStore {
  try {
    return { store: JobStore.open(file, options), notices: [] };
  } catch (error) {
    return startAfresh(file, error);
  }
}

/** As `openJobStore`, with the whole-file check on a thread of its own (the app's way). */
export async function openJobStoreOffThread(file: string): Promise<OpenedStore> {
  let checked: boolean;
  try {
    ({ checked } = await checkJobStoreOffThread(file));
  } catch (error) {
    return startAfresh(file, error);
  }
  return openJobStore(file, { checked });
}

/** After a failed open: a damaged file is set aside and a new queue starts; anything else is thrown. */
function startAfresh(file: string, error: unknown): OpenedStore {
  const code = errorCode(error);
  if (typeof code === 'string' && CANNOT_WRITE.has(code))
    throw new DataFolderReadOnlyError(path.dirname(file), error);
  if (!(error instanceof DatabaseDamagedError)) throw error;
  const aside = JobStore.setAside(file);
  return {
    store: JobStore.open(file),
    notices: [
      {
        level: 'warning',
        message: said('core.app.databaseSetAside', { aside }),
      },
    ],
  };
}

/**
 * Which keys are set. Without a keychain, keys from the environment still count and work;
 * the others are "not set", and the notice says why and what to do.
 */
export async function keyStatuses(
  keys: ApiKeys,
): Promise<{ statuses: ApiKeyStatus[]; notices: Notice[] }> {
  const problem = await keys.keychainProblem();
  return {
    statuses: await keys.statuses(),
    notices: problem
      ? [
          {
            level: 'warning',
            message: said('core.app.noKeychain', { problem: problem.userMessage }),
          },
        ]
      : [],
  };
}

/** Everything the app opens in its data folder before it builds anything on top. */
export interface OpenedFolder {
  folder: ClaimedFolder;
  settings: SettingsStore;
  store: JobStore;
  keys: ApiKeys;
  keyStatuses: ApiKeyStatus[];
  /** What the window says about how the start went, in the order it happened. */
  notices: Notice[];
}

/**
 * Claims the folder, reads the settings, opens the job database and asks the keychain, each
 * with its fallback above. The folder is let go again when something here cannot go on.
 */
export async function openDataFolder(dataDir: string, keys: ApiKeys): Promise<OpenedFolder> {
  const folder = claimDataFolder(dataDir);
  try {
    const settings = new SettingsStore(folder.paths.settingsFile);
    await settings.load();
    // The keychain is asked while the database is checked: both wait on other threads.
    const [opened, statuses] = await Promise.all([
      openJobStoreOffThread(folder.paths.database),
      keyStatuses(keys),
    ]);
    return {
      folder,
      settings,
      store: opened.store,
      keys,
      keyStatuses: statuses.statuses,
      notices: [
        ...folder.notices,
        ...(settings.notice ? [{ level: 'warning' as const, message: settings.notice }] : []),
        ...opened.notices,
        ...statuses.notices,
      ],
    };
  } catch (error) {
    folder.lock?.release();
    throw error;
  }
}
