import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWatches } from '../../../src-main/cli/watch-run.ts';
import { FolderBusyError } from '../../../src-main/cli/session.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { DataFolderLock } from '../../../src-main/core/fs/data-folder-lock.ts';
import { dataPaths } from '../../../src-main/core/paths.ts';
import { ProfileStore } from '../../../src-main/core/profiles/profile-store.ts';
import { WatchList } from '../../../src-main/core/watch/watch-list.ts';
import { sceneProfile } from '../../support/scene-profile.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let photos: string[];
/** The scene mark's measurement, saved again as a profile that keeps PNG as its format. */
let estimate: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-app-watches-'));
  ({ photos, estimate } = await sceneProfile(
    path.join(dir, 'made'),
    dataPaths(path.join(dir, 'data')).profilesDir,
    'Scene mark',
  ));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const firstWatch = async (core: AppCore) =>
  (await core.handlers['watches:list'](undefined)).watches[0];

/** An app on `dataDir`, looking often, with `watched` added as a free watch with `profile`. */
async function appWatching(dataDir: string, watched: string, profile: string): Promise<AppCore> {
  const core = await startBareCore({
    dataDir,
    name: `app-watches-${path.basename(dataDir)}`,
    env: { CLEARFRAME_WATCH_INTERVAL_MS: '50' },
  });
  await core.handlers['watches:add']({ dir: watched, profile, recursive: false, engine: 'local' });
  return core;
}

describe('watched folders in the app', () => {
  it('run in whichever of the app and `clearframe watch` holds the data folder, never both', async () => {
    const dataDir = path.join(dir, 'data');
    const watched = path.join(dir, 'incoming');
    await mkdir(watched, { recursive: true });
    // `clearframe watch` holds the folder when the app opens: the app lists the watch and
    // says who runs it, and takes nothing itself.
    const cli = DataFolderLock.acquire(dataDir, { kind: 'cli', command: 'clearframe watch' });
    if (!('held' in cli)) throw new Error('the test could not take the data folder');
    const core = await appWatching(dataDir, watched, 'Scene mark');
    try {
      await copyFile(photos[0] as string, path.join(watched, 'arrived.jpg'));
      const listed = await core.handlers['watches:list'](undefined);
      expect(listed.waitingFor).toMatch(/clearframe watch/);
      expect(listed.watches[0]).toMatchObject({ dir: watched, running: false, recent: [] });

      // The command line lets go: the app takes the folder and runs the watch.
      cli.held.release();
      await until(async () => (await firstWatch(core))?.recent[0]?.state === 'done');
      const running = await core.handlers['watches:list'](undefined);
      expect(running.waitingFor).toBeNull();
      expect(running.watches[0]).toMatchObject({ running: true });
      expect(running.watches[0]?.recent.map((file) => file.name)).toEqual(['arrived.jpg']);

      // While the app holds it, `clearframe watch` refuses, naming the app.
      await expect(
        runWatches(new WatchList(dataDir), { json: false, demo: false, 'data-dir': dataDir }),
      ).rejects.toThrow(FolderBusyError);
    } finally {
      await core.stop();
    }
  }, 120_000);

  it('refuses a paid watch without a limit per day, and a folder that is not one, with a sentence', async () => {
    const core = await startBareCore({
      dataDir: path.join(dir, 'data-refusals'),
      name: 'refusals',
    });
    try {
      await expect(
        core.handlers['watches:add']({
          dir,
          profile: 'Scene mark',
          recursive: false,
          engine: 'service',
        }),
      ).rejects.toThrow('Paid watching needs a limit per day');
      await expect(
        core.handlers['watches:add']({
          dir: path.join(dir, 'no-such-folder'),
          profile: 'Scene mark',
          recursive: false,
          engine: 'local',
        }),
      ).rejects.toThrow('is not a folder: choose the folder to watch again.');
      expect((await core.handlers['watches:list'](undefined)).watches).toEqual([]);
    } finally {
      await core.stop();
    }
  });

  it('writes a watched image in its profile’s output format, whatever the settings say', async () => {
    const dataDir = path.join(dir, 'data-format');
    const watched = path.join(dir, 'incoming-png');
    await mkdir(watched, { recursive: true });
    await new ProfileStore(dataPaths(dataDir).profilesDir).save('PNG mark', estimate, {
      outputFormat: 'png',
    });
    const core = await appWatching(dataDir, watched, 'PNG mark');
    try {
      expect(core.settings.outputFormat).toBe('same');
      await copyFile(photos[1] as string, path.join(watched, 'arrived.jpg'));
      await until(async () => (await firstWatch(core))?.recent[0]?.state === 'done');
      const output = (await firstWatch(core))?.recent[0]?.outputPath as string;
      expect(path.extname(output)).toBe('.png');
      expect((await sharp(output).metadata()).format).toBe('png');
    } finally {
      await core.stop();
    }
  }, 120_000);
});
