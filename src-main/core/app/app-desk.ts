import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { appContract } from '../../../src-shared/ipc/app.ts';
import { API_KEY_KINDS } from '../../../src-shared/domain/api-keys.ts';
import type { Notice, WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import { DataFolderLock, type LockOwner } from '../fs/data-folder-lock.ts';
import { watchForeignWrites } from '../jobs/store/foreign-writes.ts';
import type { DeskContext } from './desk-context.ts';
import { waitingForHolder, type ClaimedFolder } from './startup.ts';
import { said } from '../i18n/core-words.ts';

/** How often a window waiting for another process's folder asks again. */
const FOLDER_RETRY_MS = 1000;

/** What an engine does when the folder is taken or let go; both engines have these. */
export interface FolderEngine {
  recover(): void;
  wake(): void;
  pause(): void;
  resume(): void;
}

export interface AppDeskOptions {
  folder: ClaimedFolder;
  engines: readonly FolderEngine[];
  /** The queue as the window sees it, sent whole when another process changed it. */
  views: () => WatermarkJobView[];
  app: AppIdentity;
  previewBase: string;
}

/** What the host says about the app and the system it runs on. */
export interface AppIdentity {
  name: string;
  version: string;
  platform: string;
  /** The system's preferred languages, best first (the shell asks Electron; others may not know). */
  languages?: string[];
}

/**
 * How this run stands: what the window should say about the start (kept for a reloaded
 * window), which services run in demo mode, and who may run jobs in the data folder. One
 * process runs jobs there at a time; a window that starts while another holds it waits, and
 * takes over when it lets go.
 */
export class AppDesk {
  readonly handlers: Handlers<typeof appContract>;
  readonly notices: Notice[] = [];
  private lock: DataFolderLock | undefined;
  /** Who holds the folder while this process waits for it. */
  private heldBy: LockOwner | undefined;
  private folderTimer: ReturnType<typeof setInterval> | undefined;
  private stopWatching: (() => void) | undefined;
  private readonly options: AppDeskOptions & DeskContext;

  constructor(context: DeskContext, desk: AppDeskOptions) {
    const options = (this.options = { ...context, ...desk });
    this.lock = options.folder.lock;
    this.heldBy = options.folder.heldBy;
    const { endpoints } = options;
    this.handlers = {
      'app:notices': () => ({ notices: [...this.notices] }),
      'app:info': () => ({
        ...options.app,
        demoMode: endpoints.usesDemo('watermark'),
        demoServices: endpoints.demoServices,
        previewBase: options.previewBase,
      }),
    };
  }

  /** Why the queue cannot run here now, or undefined when this process holds the folder. */
  waitingFor(): string | undefined {
    return this.heldBy ? waitingForHolder(this.heldBy) : undefined;
  }

  /** Runs the engines when this process holds the folder, or waits for whoever does. */
  begin(startNotices: readonly Notice[]): void {
    this.notices.push(...startNotices);
    for (const notice of this.notices) this.options.log.warn('startup', notice.message);
    if (this.lock) this.runEngines();
    else this.waitForFolder();
  }

  /** Where each service's requests go, for a command line deciding whether to hand its jobs over. */
  publishEndpoints(): void {
    try {
      this.lock?.update({
        endpoints: Object.fromEntries(
          API_KEY_KINDS.map((kind) => [kind, this.options.endpoints.endpointName(kind)]),
        ),
      });
    } catch (error) {
      // A command line then finds no matching service and refuses, naming the app: nothing is lost.
      this.options.log.warn('startup', 'the lock file could not be updated:', error);
    }
  }

  stop(): void {
    clearInterval(this.folderTimer);
    this.stopWatching?.();
  }

  release(): void {
    this.lock?.release();
  }

  /** Recovers what a previous run left and runs the queue, taking jobs another process hands over. */
  private runEngines(): void {
    const { engines, store, events } = this.options;
    for (const engine of engines) engine.recover();
    // Jobs a command line hands over start here; the window is shown them while they wait too.
    this.stopWatching = watchForeignWrites(store.db, () => {
      for (const engine of engines) engine.wake();
      events.emit('jobs:changed', { jobs: this.options.views() });
    });
  }

  /**
   * Another process holds the folder: nothing runs here until it lets go, so no job is
   * worked on twice. Jobs added meanwhile wait in the queue.
   */
  private waitForFolder(): void {
    const { engines, log } = this.options;
    for (const engine of engines) engine.pause();
    this.folderTimer = setInterval(() => {
      let attempt;
      try {
        attempt = DataFolderLock.acquire(this.options.folder.paths.root, { kind: 'app' });
      } catch (error) {
        // Said in the log; the window already says the queue waits, and the next try may work.
        log.warn('startup', 'the data folder could not be taken yet:', error);
        return;
      }
      if (!('held' in attempt)) return;
      clearInterval(this.folderTimer);
      this.folderTimer = undefined;
      this.lock = attempt.held;
      this.heldBy = undefined;
      this.publishEndpoints();
      for (const engine of engines) engine.resume();
      this.runEngines();
      this.addNotice({
        level: 'info',
        message: said('core.app.otherProcessDone'),
      });
      this.options.events.emit('jobs:changed', { jobs: this.options.views() });
    }, FOLDER_RETRY_MS);
  }

  private addNotice(notice: Notice): void {
    this.notices.push(notice);
    this.options.log.info('startup', notice.message);
    this.options.events.emit('app:notice', notice);
  }
}
