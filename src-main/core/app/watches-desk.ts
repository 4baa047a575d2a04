import { stat } from 'node:fs/promises';
import path from 'node:path';
import { localDay } from '../../../src-shared/domain/calendar-month.ts';
import { CREDITS_PER_IMAGE } from '../../../src-shared/domain/pricing.ts';
import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { WatchView, watchesContract } from '../../../src-shared/ipc/watches.ts';
import type { ProfileStore } from '../profiles/profile-store.ts';
import { UserFacingError } from '../user-error.ts';
import type { Watch, WatchList } from '../watch/watch-list.ts';
import type { WatchRunner } from '../watch/watch-runner.ts';
import { recentJobsIn } from '../watch/watched-files.ts';
import type { FolderEngine } from './app-desk.ts';
import type { DeskContext } from './desk-context.ts';
import { watermarkJobView } from './job-views.ts';

/** How many of a watch's files its line in the window shows. */
const RECENT_SHOWN = 5;

export interface WatchesDeskOptions {
  list: WatchList;
  profiles: ProfileStore;
  runner: WatchRunner;
  /** Why nothing runs here now (another process holds the data folder), if so. */
  waitingFor: () => string | undefined;
  now?: () => Date;
}

/**
 * Watched folders in the window: the list with what each took and spent today, and adding,
 * pausing and forgetting one. They run where the data folder's lock is held: in the app
 * while it holds it (`clearframe watch` then refuses), and, in an app that opened while
 * `clearframe watch` held it, from the moment the command line lets go (`engine.recover`).
 */
export class WatchesDesk {
  readonly handlers: Handlers<typeof watchesContract>;
  /** Started with the other engines when this process takes the data folder. */
  readonly engine: FolderEngine;
  private readonly options: WatchesDeskOptions & DeskContext;

  constructor(context: DeskContext, desk: WatchesDeskOptions) {
    const options = (this.options = { ...context, ...desk });
    const { list, runner } = options;
    const changed = async (dir: string) => {
      await runner.sync();
      options.events.emit('watches:changed', { dir });
    };
    this.engine = {
      recover: () => {
        runner.begin().catch((error: unknown) => options.log.warn('watch', 'not started:', error));
      },
      wake: () => undefined,
      pause: () => undefined,
      resume: () => undefined,
    };
    this.handlers = {
      'watches:list': async () => {
        return {
          watches: ((await runner.sync()) ?? (await list.all())).map((watch) => this.view(watch)),
          waitingFor: options.waitingFor() ?? null,
          creditsPerImage: CREDITS_PER_IMAGE,
        };
      },
      'watches:add': async (request) => {
        const dir = path.resolve(request.dir);
        const isDir = await stat(dir).then(
          (info) => info.isDirectory(),
          () => false,
        );
        if (!isDir)
          throw new UserFacingError({ id: 'core.watch.noFolder', values: { folder: dir } });
        // Paid watching never spends on a default: the person names the day's limit.
        if (request.engine === 'service' && !request.creditsPerDay) {
          throw new UserFacingError({ id: 'core.watch.needsLimit' });
        }
        await options.profiles.resolve(request.profile);
        await list.put({ ...request, dir });
        await changed(dir);
        return { dir };
      },
      'watches:pause': async ({ dir, paused }) => {
        await this.listed(dir);
        await list.setPaused(path.resolve(dir), paused);
        await changed(path.resolve(dir));
        return { paused };
      },
      'watches:forget': async ({ dir }) => {
        await this.listed(dir);
        await list.remove(dir);
        await changed(path.resolve(dir));
        return { forgotten: true as const };
      },
    };
  }

  /** A folder on the list, or the sentence that says it is not (forgotten meanwhile). */
  private async listed(dir: string): Promise<void> {
    const watches = await this.options.list.all();
    if (!watches.some((watch) => watch.dir === path.resolve(dir))) {
      throw new UserFacingError({
        id: 'core.watch.notWatched',
        values: { folder: path.resolve(dir) },
      });
    }
  }

  private view(watch: Watch): WatchView {
    const { store, runner } = this.options;
    const today = localDay((this.options.now ?? (() => new Date()))());
    return {
      dir: watch.dir,
      profile: watch.profile,
      recursive: watch.recursive,
      engine: watch.engine,
      paused: watch.paused,
      running: runner.isRunning(watch.dir),
      creditsPerDay: watch.creditsPerDay,
      spentToday: watch.spent[today] ?? 0,
      recent: recentJobsIn(store, watch.dir, RECENT_SHOWN).map((row) => {
        const { inputPath, state, doubt, outputPath, error } = watermarkJobView(row, 0);
        // Named from the watched folder, so a file in a sub-folder says which.
        return {
          name: path.relative(watch.dir, inputPath),
          inputPath,
          state,
          doubt,
          outputPath,
          error,
        };
      }),
      notes: runner.notesOf(watch.dir),
    };
  }
}
