import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { said } from '../i18n/core-words.ts';
import { IMAGE_EXTENSIONS, walkInputs } from '../media/collect-inputs.ts';
import { probeWhole } from '../media/probe-file.ts';
import { Arrivals, type Seen } from './arrivals.ts';

/** A file that has finished arriving, read whole, with its upright size. */
export interface ArrivedFile {
  path: string;
  /** The watched folder, whose sub-folders are mirrored under the output folder. */
  root: string;
  width: number;
  height: number;
  bytes: number;
}

export interface FolderWatcherOptions {
  dir: string;
  recursive: boolean;
  /** How often the folder is looked at whatever the system says (ms). */
  intervalMs: number;
  /** How long a file that stopped changing may stay unreadable before it is named (ms). */
  patienceMs: number;
  /** The clock the patience is measured on (ms); tests pass their own instead of waiting. */
  now?: () => number;
  /** While true, looks take nothing (a paid watch held at its day's limit). */
  holding?: () => boolean;
  /** Whether the job store has this file already: taken by this run or an earlier one. */
  known(file: string): boolean;
  /** Why a file is not taken when it is one of Clearframe's own results, else undefined. */
  ownResult(file: string): Promise<string | undefined>;
  /** Files that finished arriving since the last look, in the order they sort. */
  onArrived(files: ArrivedFile[]): Promise<void>;
  /** A file that is not taken, with the reason, said once. */
  onSkipped(file: string, reason: string): void;
  /** After each look at the whole folder. */
  onScanned?(): void;
}

/**
 * Watches one folder for new images. The system's change events (fs.watch) start a look
 * at once; a look every `intervalMs` runs whatever they say, because events are lost or
 * never come on some file systems (network shares, some containers), when the system's
 * watch limit is reached, and for folders moved in whole. Each look decides from the
 * files themselves, so a missed event only delays a file, and an event costs no more than
 * a look. A file is taken once its size and time of change held over two looks and all
 * its pixels read; partial copies are never taken.
 */
export class FolderWatcher {
  private readonly options: FolderWatcherOptions;
  private readonly arrivals = new Arrivals();
  /** Files handed on or left out for good: never looked at again. */
  private readonly done = new Set<string>();
  /** Files that stopped changing but did not read whole: since when, and whether said. */
  private readonly unreadable = new Map<string, Seen & { since: number; told: boolean }>();
  private events: FSWatcher | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: FolderWatcherOptions) {
    this.options = options;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    try {
      this.events = watch(this.options.dir, { recursive: this.options.recursive }, () =>
        this.look(),
      );
      // A watch the system ends (the folder gone, a limit reached) leaves the looks going.
      this.events.on('error', () => this.events?.close());
    } catch {
      this.events = undefined;
    }
    this.timer = setInterval(() => this.look(), this.options.intervalMs);
    this.look();
  }

  /** Starts a look now, or one more after the one under way. */
  look(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.scan().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.look();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.events?.close();
    clearInterval(this.timer);
    await this.running;
  }

  /** Lets files handed on but not queued (past the day's limit) be taken by a later look. */
  release(files: string[]): void {
    for (const file of files) {
      this.done.delete(file);
      this.arrivals.forget(file);
    }
  }

  private async scan(): Promise<void> {
    const { dir, recursive } = this.options;
    if (this.options.holding?.()) {
      this.options.onScanned?.();
      return;
    }
    const ready: string[] = [];
    for await (const found of walkInputs([dir], recursive)) {
      if ('skipped' in found || this.done.has(found.file)) continue;
      if (!IMAGE_EXTENSIONS.has(path.extname(found.file).toLowerCase())) continue;
      if (this.options.known(found.file)) {
        this.done.add(found.file);
        continue;
      }
      const info = await stat(found.file).catch(() => undefined);
      if (!info) {
        this.arrivals.forget(found.file);
        continue;
      }
      const seen = { size: info.size, mtimeMs: info.mtimeMs };
      const named = this.unreadable.get(found.file);
      if (named?.told && named.size === seen.size && named.mtimeMs === seen.mtimeMs) continue;
      if (this.arrivals.settled(found.file, seen)) ready.push(found.file);
    }
    const arrived: ArrivedFile[] = [];
    for (const file of ready) {
      const taken = await this.take(file);
      if (taken) arrived.push(taken);
    }
    if (arrived.length > 0 && !this.stopped) await this.options.onArrived(arrived);
    this.options.onScanned?.();
  }

  /** A settled file read whole, or undefined (not yet whole, or not to be taken). */
  private async take(file: string): Promise<ArrivedFile | undefined> {
    const own = await this.options.ownResult(file);
    if (own) {
      this.done.add(file);
      return undefined;
    }
    // An empty file has nothing to read yet: a copy just begun, or one that stays empty.
    const empty = (await stat(file).catch(() => undefined))?.size === 0;
    const probe = empty ? undefined : await probeWhole(file).catch(() => undefined);
    if (probe?.ok) {
      this.done.add(file);
      this.unreadable.delete(file);
      return {
        path: file,
        root: this.options.dir,
        width: probe.width,
        height: probe.height,
        bytes: probe.bytes,
      };
    }
    // Perhaps a copy that paused: looked at again when it changes, named if it never does.
    const info = await stat(file).catch(() => undefined);
    const last = this.unreadable.get(file);
    if (!info) return undefined;
    if (!last || last.size !== info.size || last.mtimeMs !== info.mtimeMs) {
      this.unreadable.set(file, {
        size: info.size,
        mtimeMs: info.mtimeMs,
        since: this.now(),
        told: false,
      });
    } else if (!last.told && this.now() - last.since >= this.options.patienceMs) {
      // Named once, so a file that never decodes, or stays empty, is said to be so instead
      // of waited on.
      last.told = true;
      const reason = info.size === 0 ? said('core.watch.stayedEmpty') : probe?.reason;
      this.options.onSkipped(file, reason ?? said('core.probe.unreadable'));
    }
    this.arrivals.forget(file);
    return undefined;
  }
}
