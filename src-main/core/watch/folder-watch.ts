import { CREDITS_PER_IMAGE } from '../../../src-shared/domain/pricing.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { said } from '../i18n/core-words.ts';
import type { JobStore } from '../jobs/store/store.ts';
import { OwnResults } from '../jobs/watermark/own-results.ts';
import type { WatermarkEngine, WatermarkInput } from '../jobs/watermark/watermark-engine.ts';
import type { EstimateStore } from '../media/unblend/estimate-store.ts';
import { placeEstimate } from '../profiles/placement.ts';
import { profileEstimates } from '../profiles/profile-clean.ts';
import type { Profile } from '../profiles/profile-file.ts';
import { FolderWatcher, type ArrivedFile } from './folder-watcher.ts';
import { localDay } from '../../../src-shared/domain/calendar-month.ts';
import type { Watch, WatchList } from './watch-list.ts';

/**
 * What a watch tells the person: files taken, one left out, the day's limit reached, or
 * files held back for a later look because their credits could not be committed.
 */
export type WatchNotice =
  | { kind: 'queued'; dir: string; files: string[] }
  | { kind: 'skipped'; dir: string; file: string; reason: string }
  | { kind: 'limit'; dir: string; sentence: string; waiting: number }
  | { kind: 'held'; dir: string; sentence: string };

export interface FolderWatchOptions {
  watch: Watch;
  profile: Profile;
  store: JobStore;
  engine: WatermarkEngine;
  estimates: EstimateStore;
  list: WatchList;
  notify: (notice: WatchNotice) => void;
  intervalMs?: number;
  patienceMs?: number;
  now?: () => Date;
  /** After each whole look at the folder (the window's list, and tests, wait on it). */
  onLook?: () => void;
  /** Where the limit's sentence says to raise it: the command line's option, or the window. */
  limitWords?: 'core.watch.limitReached' | 'core.watch.limitReachedApp';
}

/** The profile's mark placed on an image of this size, as the rectangles the service is sent. */
function serviceMask(profile: Profile, file: ArrivedFile): Stroke[] | undefined {
  const placed = placeEstimate(profile.estimate, profile.summary.placement, file);
  return placed?.parts.map(({ box }) => ({ kind: 'rect' as const, ...box }));
}

/**
 * One watched folder: every image that finishes arriving is queued once on the watermark
 * engine with the watch's profile; free on this computer, or, paid, only within the
 * credits the person allowed per day, committed before anything is sent. A file the job
 * store has already is never queued again, so a watch resumed after a restart goes on
 * where it was (the engine's own recovery finishes the jobs under way).
 */
export class FolderWatch {
  private readonly options: FolderWatchOptions;
  private readonly watcher: FolderWatcher;
  private stopped = false;
  /** The local day a paid watch reached its limit on: it takes nothing more until the next. */
  private heldOn: string | undefined;

  constructor(options: FolderWatchOptions) {
    this.options = options;
    const { watch, store } = options;
    this.watcher = new FolderWatcher({
      dir: watch.dir,
      recursive: watch.recursive,
      intervalMs: options.intervalMs ?? 1000,
      patienceMs: options.patienceMs ?? 60_000,
      now: () => this.now().getTime(),
      holding: () => this.heldOn === localDay(this.now()),
      known: (file) => store.latestWatermarkJobFor(file) !== undefined,
      ownResult: (file) => new OwnResults(store).whyNotInput(file),
      onArrived: (files) => this.arrived(files),
      onSkipped: (file, reason) =>
        options.notify({ kind: 'skipped', dir: watch.dir, file, reason }),
      ...(options.onLook ? { onScanned: options.onLook } : {}),
    });
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  get dir(): string {
    return this.options.watch.dir;
  }

  start(): void {
    this.watcher.start();
  }

  /** Starts a look at the folder now (the system said something changed, or a test asks). */
  look(): void {
    this.watcher.look();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.watcher.stop();
  }

  /** Queues the files that finished arriving, each with its measurement or mask. */
  private async arrived(files: ArrivedFile[]): Promise<void> {
    if (this.stopped) return;
    const { profile, watch, estimates, notify } = this.options;
    const { measured, leftOut } = await profileEstimates(profile, files, estimates);
    for (const { path, reason } of leftOut)
      notify({ kind: 'skipped', dir: watch.dir, file: path, reason });
    const fitting = files.filter((file) => measured.has(file.path));
    const inputs: WatermarkInput[] = [];
    for (const file of fitting) {
      const base = {
        ...{ inputPath: file.path, root: file.root, bytes: file.bytes },
        // The profile's output choices apply to what it cleans, whatever the settings say.
        ...(profile.summary.outputFormat ? { outputFormat: profile.summary.outputFormat } : {}),
      };
      if (watch.engine === 'local') {
        inputs.push({ ...base, engine: 'local', estimate: measured.get(file.path) });
      } else {
        const strokes = serviceMask(profile, file);
        if (strokes) inputs.push({ ...base, strokes });
      }
    }
    const sent = watch.engine === 'service' ? await this.withinLimit(inputs) : inputs;
    if (sent.length > 0) {
      this.options.engine.add(sent);
      notify({ kind: 'queued', dir: watch.dir, files: sent.map((input) => input.inputPath) });
    }
  }

  /**
   * The inputs today's credits allow, committed in the watch list before they are queued;
   * past the limit the watch stops with the sentence that says so and how to go on.
   */
  private async withinLimit(inputs: WatermarkInput[]): Promise<WatermarkInput[]> {
    const { watch, list, notify } = this.options;
    const day = localDay(this.now());
    const current = (await list.all()).find((entry) => entry.dir === watch.dir);
    const left = (current?.creditsPerDay ?? 0) - (current?.spent[day] ?? 0);
    const fit = Math.max(0, Math.min(inputs.length, Math.floor(left / CREDITS_PER_IMAGE)));
    if (fit > 0 && !(await list.reserve(watch.dir, day, fit * CREDITS_PER_IMAGE))) {
      // The list changed between reading and committing (another process committed credits
      // of the same day, or the watch was changed): nothing is sent, and the files are left
      // to a later look, which counts again, rather than dropped until a restart.
      this.watcher.release(inputs.map((input) => input.inputPath));
      notify({
        kind: 'held',
        dir: watch.dir,
        sentence: said('core.watch.notReserved', { folder: watch.dir, count: inputs.length }),
      });
      return [];
    }
    if (fit < inputs.length) {
      // Held until the next local day, when the waiting files are looked at again.
      this.heldOn = day;
      this.watcher.release(inputs.slice(fit).map((input) => input.inputPath));
      notify({
        kind: 'limit',
        dir: watch.dir,
        waiting: inputs.length - fit,
        sentence: said(this.options.limitWords ?? 'core.watch.limitReached', {
          folder: watch.dir,
          limit: current?.creditsPerDay ?? 0,
          waiting: inputs.length - fit,
        }),
      });
    }
    return inputs.slice(0, fit);
  }
}
