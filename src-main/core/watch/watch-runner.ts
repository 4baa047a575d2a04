import path from 'node:path';
import { said } from '../i18n/core-words.ts';
import type { JobStore } from '../jobs/store/store.ts';
import type { WatermarkEngine } from '../jobs/watermark/watermark-engine.ts';
import type { EstimateStore } from '../media/unblend/estimate-store.ts';
import type { ProfileStore } from '../profiles/profile-store.ts';
import { UserFacingError } from '../user-error.ts';
import { FolderWatch, type WatchNotice } from './folder-watch.ts';
import type { Watch, WatchList } from './watch-list.ts';

/** How many of a watch's sentences the window keeps to show: the latest few, not a log. */
const NOTES_KEPT = 5;

export interface WatchRunnerOptions {
  list: WatchList;
  profiles: ProfileStore;
  store: JobStore;
  engine: WatermarkEngine;
  estimates: EstimateStore;
  /** A watch took files, left one out, or stopped at its limit. */
  onChange: (dir: string) => void;
  intervalMs?: number;
  now?: () => Date;
}

/** What a running watch was started with: a change to any of it starts it again. */
const settingsOf = (watch: Watch) =>
  JSON.stringify([watch.profile, watch.recursive, watch.engine, watch.creditsPerDay]);

/**
 * The app's side of `clearframe watch`: the same FolderWatch for every watch on the list
 * that is not paused, on the app's one watermark engine, from the moment the app holds the
 * data folder. Whatever changes the list (the window, or `clearframe watch --pause` and
 * `--forget` while the app is open) is followed at the next `sync`.
 */
export class WatchRunner {
  private readonly options: WatchRunnerOptions;
  private readonly running = new Map<string, { settings: string; watch: FolderWatch }>();
  private readonly notes = new Map<string, string[]>();
  private active = false;
  private syncing: Promise<unknown> = Promise.resolve();

  constructor(options: WatchRunnerOptions) {
    this.options = options;
  }

  /** This process holds the data folder: the list's watches run here from now on. */
  async begin(): Promise<void> {
    this.active = true;
    await this.sync();
  }

  /** Stops every watch (the app is closing); files not yet taken are taken on the next start. */
  async stop(): Promise<void> {
    this.active = false;
    await this.sync();
  }

  isRunning(dir: string): boolean {
    return this.running.has(dir);
  }

  /** What a watch said lately, newest first. */
  notesOf(dir: string): string[] {
    return this.notes.get(dir) ?? [];
  }

  /**
   * Runs the watches the list says should run and stops the others; one sync at a time.
   * Answers the list as it was read while the watches run here (undefined when they do not),
   * so a caller that shows it reads the file once.
   */
  sync(): Promise<Watch[] | undefined> {
    const next = this.syncing.then(() => this.syncNow());
    this.syncing = next.catch(() => undefined);
    return next;
  }

  private async syncNow(): Promise<Watch[] | undefined> {
    const listed = this.active ? await this.options.list.all() : undefined;
    const wanted = new Map((listed ?? []).filter((w) => !w.paused).map((w) => [w.dir, w]));
    for (const [dir, run] of this.running) {
      const watch = wanted.get(dir);
      if (watch && settingsOf(watch) === run.settings) continue;
      this.running.delete(dir);
      await run.watch.stop();
    }
    for (const [dir, watch] of wanted) {
      if (!this.running.has(dir)) await this.start(watch);
    }
    return listed;
  }

  private async start(watch: Watch): Promise<void> {
    const { profiles, store, engine, estimates, list } = this.options;
    let profile;
    try {
      profile = await profiles.resolve(watch.profile);
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      this.note(watch.dir, said('core.watch.notStarted', { problem: error.userMessage }));
      return;
    }
    const folderWatch = new FolderWatch({
      ...{ watch, profile, store, engine, estimates, list },
      notify: (notice) => this.heard(notice),
      limitWords: 'core.watch.limitReachedApp',
      ...(this.options.intervalMs ? { intervalMs: this.options.intervalMs } : {}),
      ...(this.options.now ? { now: this.options.now } : {}),
    });
    this.running.set(watch.dir, { settings: settingsOf(watch), watch: folderWatch });
    folderWatch.start();
  }

  private heard(notice: WatchNotice): void {
    if (notice.kind === 'skipped') {
      const name = path.relative(notice.dir, notice.file) || notice.file;
      this.note(notice.dir, said('core.watch.leftOut', { name, reason: notice.reason }));
    } else if (notice.kind === 'limit' || notice.kind === 'held') {
      this.note(notice.dir, notice.sentence);
    } else this.options.onChange(notice.dir);
  }

  /** Keeps a sentence for the window, once: a watch that cannot start says so at each sync. */
  private note(dir: string, sentence: string): void {
    const kept = this.notes.get(dir) ?? [];
    if (kept[0] === sentence) return;
    this.notes.set(dir, [sentence, ...kept].slice(0, NOTES_KEPT));
    this.options.onChange(dir);
  }
}
