import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { SETTLED_STATES } from '../../../src-shared/domain/job-states.ts';
import path from 'node:path';
import {
  API_KEY_KINDS,
  apiKeyProblem,
  type ApiKeyKind,
} from '../../../src-shared/domain/api-keys.ts';
import { VIDEO_LIMITS } from '../../../src-shared/domain/limits.ts';
import { PRICE_PER_SECOND_USD } from '../../../src-shared/domain/pricing.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { strokesSchema, type Stroke } from '../../../src-shared/domain/strokes.ts';
import { EMPTY_MASK_MESSAGE } from '../../../src-shared/domain/mask-rule.ts';
import type { EventChannel } from '../../../src-shared/ipc/channels.ts';
import type {
  EventPayload,
  InvokeHandlers,
  InvokeResponse,
  Notice,
  QuotaFigure,
  StagedFile,
  WatermarkJobView,
} from '../../../src-shared/ipc/contract.ts';
import { download } from '../api/downloader.ts';
import { AuthenticationError } from '../api/errors.ts';
import { createTransport, type Transport } from '../api/http.ts';
import { Poller } from '../api/poller.ts';
import { VideoClient } from '../api/video-client.ts';
import { WatermarkClient } from '../api/watermark-client.ts';
import { errorValue } from '../jobs/outcome.ts';
import { createLogger, redactForLog, type AppLogger } from '../diagnostics/logger.ts';
import { waitOf, type JobEvent, type JobStore } from '../jobs/store.ts';
import { VideoRounds } from '../jobs/video-rounds.ts';
import {
  OwnResults,
  alreadyCleanedReason,
  cleanedBeforeNote,
  maskKeyOf,
  sortOutInputs,
  type CleanedBefore,
} from '../jobs/own-results.ts';
import { WatermarkEngine, type WatermarkInput } from '../jobs/watermark-engine.ts';
import { collectInputs } from '../media/collect-inputs.ts';
import { probeFile } from '../media/probe-file.ts';
import { MaskStore } from '../media/mask-store.ts';
import { ThumbnailCache } from '../media/thumbnails.ts';
import { mapLimit } from './map-limit.ts';
import { DataFolderLock, type LockOwner } from '../fs/data-folder-lock.ts';
import { watchForeignWrites } from '../jobs/foreign-writes.ts';
import { defaultVideoOutputDir, type DataPaths } from '../paths.ts';
import { ApiKeys, InvalidKeyError } from '../secrets/api-keys.ts';
import { KeychainStore, type SecretStore } from '../secrets/keychain.ts';
import { askQuota, checkKey } from '../secrets/test-key.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { UserFacingError } from '../user-error.ts';
import { DEMO_KEY } from '../../simulator/accounts.ts';
import { startSimulator, type Simulator } from '../../simulator/server.ts';
import { watermarkJobView } from './job-views.ts';
import { parsePreviewPath } from './preview.ts';
import {
  claimDataFolder,
  keyStatuses,
  openJobStore,
  waitingForHolder,
  type ClaimedFolder,
} from './startup.ts';
import { VideoDesk, type VideoHandlers } from './video-desk.ts';

export interface AppCoreOptions {
  dataDir: string;
  app: { name: string; version: string; platform: string };
  /** Where the window fetches previews: `<previewBase><job id>/input|output`. */
  previewBase: string;
  secrets?: SecretStore;
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the simulator's clips are, for a packaged build that moved them. */
  simulatorFixturesDir?: string;
  /** Versions for the diagnostics report, such as Electron's and Chromium's. */
  runtime?: Record<string, string>;
}

/** Channels only the shell can answer: the system browser, file manager, dialogs, updater. */
export type ShellChannel =
  | 'video:exportProject'
  | 'mask:import'
  | 'mask:export'
  | 'shell:openExternal'
  | 'shell:reveal'
  | 'shell:openLogsFolder'
  | 'dialog:chooseFolder'
  | 'updates:check';

/** Handlers the core answers; the shell adds its own for the rest. */
export type CoreHandlers = Omit<InvokeHandlers, ShellChannel>;

/** A staged file as the core keeps it; the page sees a `StagedFile`. */
interface StagedEntry {
  path: string;
  sourceUrl?: string;
  bytes?: number;
  /** The dropped folder it was found in, mirrored under the output folder. */
  root?: string;
  /** Results made earlier from the same bytes. */
  cleaned?: CleanedBefore;
}

/** How often a window waiting for another process's folder asks again. */
const FOLDER_RETRY_MS = 1000;

type Listener = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void;

/**
 * Everything the window talks to, without Electron: settings, keys, the job database, the
 * engine and, in demo mode, the simulator. The Electron shell and the end-to-end tests
 * drive the same object through the same handlers, so what the tests prove is what ships.
 */
export class AppCore {
  readonly handlers: CoreHandlers;
  readonly paths: DataPaths;
  private readonly options: AppCoreOptions;
  private readonly settingsStore: SettingsStore;
  private readonly keys: ApiKeys;
  private readonly store: JobStore;
  private readonly transport: Transport;
  private readonly poller = new Poller();
  private readonly engine: WatermarkEngine;
  private readonly listeners = new Set<Listener>();
  readonly log: AppLogger;
  /** Files the page has been shown, by token: the only local files besides jobs it may preview. */
  private readonly staged = new Map<string, StagedEntry>();
  private readonly thumbnails: ThumbnailCache;
  readonly masks: MaskStore;
  readonly video: VideoDesk;
  private readonly rounds: VideoRounds;
  private simulator: Simulator | undefined;
  /** What the window should say about how this start went; kept for a reloaded window. */
  readonly notices: Notice[] = [];
  /** Held while this process may run jobs in the data folder. */
  private lock: DataFolderLock | undefined;
  /** Who holds the folder while this process waits for it. */
  private heldBy: LockOwner | undefined;
  private folderTimer: ReturnType<typeof setInterval> | undefined;
  private stopWatching: (() => void) | undefined;
  /** Which services have a key, kept current so the per-request endpoint choice is cheap. */
  private readonly keySet: Record<ApiKeyKind, boolean> = { watermark: false, video: false };

  private constructor(
    options: AppCoreOptions,
    folder: ClaimedFolder,
    settingsStore: SettingsStore,
    store: JobStore,
  ) {
    this.options = options;
    this.paths = folder.paths;
    this.lock = folder.lock;
    this.heldBy = folder.heldBy;
    this.settingsStore = settingsStore;
    this.keys = new ApiKeys(options.secrets ?? new KeychainStore(), options.env);
    this.log = createLogger({ dir: this.paths.logsDir });
    this.store = store;
    this.rounds = new VideoRounds(this.store);
    this.thumbnails = new ThumbnailCache(this.paths.thumbnailsDir);
    this.masks = new MaskStore(path.join(this.paths.root, 'masks'));
    this.transport = createTransport({ maxConnections: 32 });
    this.engine = new WatermarkEngine({
      store: this.store,
      client: new WatermarkClient({
        baseUrl: () => this.baseUrl('watermark'),
        key: () => this.keyFor('watermark'),
        transport: this.transport,
      }),
      transport: this.transport,
      poller: this.poller,
      settings: () => this.settings,
      onEvent: (event) => {
        const row = this.store.getWatermarkJob(event.jobId);
        if (!row) return;
        this.logWait(event, row.input_path);
        if (event.state === 'failed' || event.state === 'needs-attention') {
          this.log.warn('jobs', `${row.input_path} ${event.state}:`, row.error_json ?? '');
        }
        this.emit('jobs:changed', { jobs: [watermarkJobView(row, event.seq)] });
      },
    });
    this.video = new VideoDesk({
      store: this.store,
      client: new VideoClient({
        baseUrl: () => this.baseUrl('video'),
        key: () => this.keyFor('video'),
        transport: this.transport,
      }),
      transport: this.transport,
      poller: this.poller,
      settings: () => this.settings,
      outputDir: defaultVideoOutputDir(),
      demo: () => this.usesSimulator('video'),
      onEvent: (event) => this.logWait(event, `round ${event.jobId}`),
      onChange: (rounds) => {
        for (const round of rounds) {
          if (round.state === 'failed' || round.state === 'needs-attention') {
            this.log.warn('video', `round ${round.id} ${round.state}:`, round.error?.message ?? '');
          }
        }
        this.emit('video:changed', { rounds });
      },
    });
    this.handlers = { ...this.createHandlers(), ...this.video.handlers };
  }

  /**
   * Opens the data folder and everything in it. What is wrong around the app (a folder
   * that cannot be written, unreadable settings, a damaged job database, no keychain,
   * another process holding the folder) does not stop it: each has a way to carry on and
   * a notice for the window (`app:notices`). Anything else is thrown, for the shell to show.
   */
  static async start(options: AppCoreOptions): Promise<AppCore> {
    const folder = claimDataFolder(options.dataDir);
    try {
      const settingsStore = new SettingsStore(folder.paths.settingsFile);
      await settingsStore.load();
      const opened = openJobStore(folder.paths.database);
      const core = new AppCore(options, folder, settingsStore, opened.store);
      const keys = await keyStatuses(core.keys);
      for (const status of keys.statuses) core.keySet[status.kind] = status.set;
      core.notices.push(
        ...folder.notices,
        ...(settingsStore.notice
          ? [{ level: 'warning' as const, message: settingsStore.notice }]
          : []),
        ...opened.notices,
        ...keys.notices,
      );
      for (const notice of core.notices) core.log.warn('startup', notice.message);
      await core.applyMode();
      if (core.lock) core.runEngines();
      else core.waitForFolder();
      return core;
    } catch (error) {
      folder.lock?.release();
      throw error;
    }
  }

  /** Recovers what a previous run left and runs the queue, taking jobs another process hands over. */
  private runEngines(): void {
    this.engine.recover();
    this.video.engine.recover();
    // Jobs a command line hands over start here; the window is shown them while they wait too.
    this.stopWatching = watchForeignWrites(this.store.db, () => {
      this.engine.wake();
      this.video.engine.wake();
      this.emit('jobs:changed', { jobs: this.views() });
    });
  }

  /**
   * Another process holds the folder: nothing runs here until it lets go, so no job is
   * worked on twice. Jobs added meanwhile wait in the queue.
   */
  private waitForFolder(): void {
    this.engine.pause();
    this.video.engine.pause();
    this.folderTimer = setInterval(() => {
      let attempt;
      try {
        attempt = DataFolderLock.acquire(this.paths.root, { kind: 'app' });
      } catch (error) {
        // Said in the log; the window already says the queue waits, and the next try may work.
        this.log.warn('startup', 'the data folder could not be taken yet:', error);
        return;
      }
      if (!('held' in attempt)) return;
      clearInterval(this.folderTimer);
      this.folderTimer = undefined;
      this.lock = attempt.held;
      this.heldBy = undefined;
      this.publishEndpoints();
      this.engine.resume();
      this.video.engine.resume();
      this.runEngines();
      this.addNotice({
        level: 'info',
        message: 'The other process has finished; the queue runs here now.',
      });
      this.emit('jobs:changed', { jobs: this.views() });
    }, FOLDER_RETRY_MS);
  }

  private addNotice(notice: Notice): void {
    this.notices.push(notice);
    this.log.info('startup', notice.message);
    this.emit('app:notice', notice);
  }

  /** Where each service's requests go, for a command line deciding whether to hand its jobs over. */
  private publishEndpoints(): void {
    try {
      this.lock?.update({
        endpoints: Object.fromEntries(
          API_KEY_KINDS.map((kind) => [
            kind,
            this.usesSimulator(kind) ? 'demo' : this.baseUrl(kind),
          ]),
        ),
      });
    } catch (error) {
      // A command line then finds no matching service and refuses, naming the app: nothing is lost.
      this.log.warn('startup', 'the lock file could not be updated:', error);
    }
  }

  get settings(): Settings {
    return this.settingsStore.get();
  }

  /** A service runs on the simulator while demo mode is on and it has no key of its own. */
  usesSimulator(kind: ApiKeyKind): boolean {
    return this.settings.demoMode && !this.keySet[kind];
  }

  get demoMode(): boolean {
    return this.usesSimulator('watermark');
  }

  /** The services the simulator stands in for now; the banner names each. */
  get demoServices(): ApiKeyKind[] {
    return API_KEY_KINDS.filter((kind) => this.usesSimulator(kind));
  }

  /** Receives every event, unbatched; the shell batches per window. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The file behind a preview URL: only jobs the engine knows and files looked at for the page. */
  async previewFile(pathname: string): Promise<string | undefined> {
    const asked = parsePreviewPath(pathname);
    if (!asked) return undefined;
    if (asked.kind === 'mask') return this.masks.overlay(asked.token);
    if (asked.kind === 'round') return this.video.previewFile(asked.roundId, asked.side);
    let file: string | undefined;
    if (asked.kind === 'staged') file = this.staged.get(asked.token)?.path;
    else {
      const job = this.store.getWatermarkJob(asked.jobId);
      file = (asked.side === 'output' ? job?.output_path : job?.input_path) ?? undefined;
    }
    if (!file || asked.side !== 'thumb') return file;
    return this.thumbnails.thumbnailFor(file).catch(() => undefined);
  }

  /** Checks a mask file the user chose against a staged image and keeps it for its strokes. */
  async importMaskFor(
    stagedToken: string,
    maskFile: string,
  ): Promise<InvokeResponse<'mask:import'>> {
    const image = await this.stagedImage(stagedToken);
    const imported = await this.masks.import(maskFile, image.width, image.height);
    this.log.info('masks', `imported ${path.basename(maskFile)} for ${path.basename(image.path)}`);
    return {
      maskToken: imported.token,
      fraction: imported.coverage.fraction,
      convention: imported.convention,
      resized: imported.resized,
      warnings: imported.warnings,
    };
  }

  /** Writes the mask the strokes make for a staged image, at the image's size, to `target`. */
  async exportMaskFor(
    stagedToken: string,
    strokes: readonly Stroke[],
    target: string,
  ): Promise<void> {
    const image = await this.stagedImage(stagedToken);
    await writeFile(target, await this.masks.build(strokes, image.width, image.height));
  }

  /**
   * Refuses the whole batch when any drawn mask marks nothing, before a job exists: each
   * would be a credit spent for an unchanged image. Images of one size with one mask are
   * painted once.
   */
  private async refuseEmptyMasks(
    items: ReadonlyArray<{ token: string; strokes?: unknown }>,
  ): Promise<void> {
    const painted = new Map<string, boolean>();
    for (const item of items) {
      const strokes = strokesSchema.safeParse(item.strokes);
      if (item.strokes === undefined || !strokes.success || !this.staged.has(item.token)) continue;
      const image = await this.stagedImage(item.token);
      const key = `${image.width}x${image.height} ${JSON.stringify(strokes.data)}`;
      let empty = painted.get(key);
      if (empty === undefined) {
        const plane = await this.masks.plane(strokes.data, image.width, image.height);
        empty = !plane.includes(1);
        painted.set(key, empty);
      }
      if (empty) throw new UserFacingError(`${path.basename(image.path)}: ${EMPTY_MASK_MESSAGE}`);
    }
  }

  private async stagedImage(
    token: string,
  ): Promise<{ path: string; width: number; height: number }> {
    const staged = this.staged.get(token);
    const probe = staged ? await probeFile(staged.path) : undefined;
    if (!staged || !probe?.ok)
      throw new UserFacingError('That image is no longer available; add it again.');
    return { path: staged.path, width: probe.width, height: probe.height };
  }

  /** The result of a watermark job or the clip of a video round, for "show in folder". */
  outputOf(id: string): string | undefined {
    return this.store.getWatermarkJob(id)?.output_path ?? this.video.previewFile(id, 'video');
  }

  /** Share of the current jobs that are settled, while any are unsettled; for the dock/taskbar. */
  batchProgress(): { settled: number; total: number } | undefined {
    const counts = this.store.stateCounts('watermark');
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const settled = [...SETTLED_STATES].reduce((sum, state) => sum + (counts[state] ?? 0), 0);
    return settled < total ? { settled, total } : undefined;
  }

  /** Stops the engine where it is (every job resumes on the next start) and closes everything. */
  async stop(): Promise<void> {
    clearInterval(this.folderTimer);
    this.stopWatching?.();
    this.engine.stop();
    this.video.engine.stop();
    await Promise.all([this.engine.whenIdle(), this.video.engine.whenIdle()]);
    this.poller.stopAll();
    this.store.close();
    await this.transport.close();
    await this.simulator?.stop();
    this.lock?.release();
    this.listeners.clear();
  }

  /** A wait for disk space moves no job to another state, so only its event can tell the log. */
  private logWait(event: JobEvent, what: string): void {
    const wait = waitOf(event);
    if (!wait) return;
    if ('waiting' in wait)
      this.log.warn('jobs', `${what} waits for disk space:`, wait.waiting.message);
    else this.log.info('jobs', `${what} goes on: there is room on the disk again`);
  }

  private emit<C extends EventChannel>(channel: C, payload: EventPayload<C>): void {
    for (const listener of this.listeners) listener(channel, payload);
  }

  private baseUrl(kind: ApiKeyKind): string {
    if (this.usesSimulator(kind) && this.simulator) {
      return kind === 'watermark' ? this.simulator.watermarkBaseUrl : this.simulator.videoBaseUrl;
    }
    return kind === 'watermark' ? this.settings.watermarkBaseUrl : this.settings.videoBaseUrl;
  }

  private async keyFor(kind: ApiKeyKind): Promise<string> {
    if (this.usesSimulator(kind)) return DEMO_KEY;
    const key = await this.keys.read(kind);
    if (!key) {
      throw new AuthenticationError(`no ${kind} key is set`, {
        operation: kind === 'watermark' ? 'watermark.submit' : 'video.generate',
      });
    }
    return key;
  }

  /** Starts the simulator when a service needs it, and says which mode the app is in. */
  private async applyMode(): Promise<void> {
    if ((this.usesSimulator('watermark') || this.usesSimulator('video')) && !this.simulator) {
      this.simulator = await startSimulator(
        this.options.simulatorFixturesDir
          ? { video: { fixturesDir: this.options.simulatorFixturesDir } }
          : {},
      );
    }
    this.publishEndpoints();
    this.emit('app:mode', { demoMode: this.demoMode, demoServices: this.demoServices });
  }

  private views(): WatermarkJobView[] {
    return this.store.watermarkJobsWithSeq().map((row) => watermarkJobView(row, row.seq));
  }

  private createHandlers(): Omit<CoreHandlers, keyof VideoHandlers> {
    return {
      'app:notices': () => ({ notices: [...this.notices] }),
      'app:info': () => ({
        ...this.options.app,
        demoMode: this.demoMode,
        demoServices: this.demoServices,
        previewBase: this.options.previewBase,
      }),
      'media:probe': async ({ paths, recursive }) => {
        const { files, roots, skipped } = await collectInputs(paths, recursive ?? true);
        const inputs = await sortOutInputs(this.store, files, undefined, skipped);
        const own = new OwnResults(this.store);
        const items: StagedFile[] = [];
        const found = (file: string) => ({
          own,
          ...(roots.has(file) ? { root: roots.get(file) } : {}),
        });
        for (const staged of await mapLimit(inputs, 8, (file) =>
          this.stageLocal(file, undefined, found(file)),
        )) {
          if ('reason' in staged) skipped.push(staged);
          else items.push(staged);
        }
        return { items, skipped };
      },
      'media:probeUrl': ({ url }) => this.stageUrl(url),
      'media:stagePasted': async ({ name, base64 }) => {
        const dir = path.join(this.paths.root, 'pasted', randomUUID());
        await mkdir(dir, { recursive: true });
        const file = path.join(dir, path.basename(name).replace(/[^\w.-]+/g, '_') || 'pasted.png');
        await writeFile(file, Buffer.from(base64, 'base64'));
        const staged = await this.stageLocal(file);
        if ('reason' in staged) {
          await rm(dir, { recursive: true, force: true });
          throw new UserFacingError(`The pasted image cannot be used: ${staged.reason}`);
        }
        return staged;
      },
      'watermark:add': async (request) => {
        if ('items' in request) {
          const skipped: Array<{ path: string; reason: string }> = [];
          const known = request.items.flatMap((item) => {
            const staged = this.staged.get(item.token);
            if (!staged) {
              skipped.push({
                path: item.token,
                reason:
                  'This image is no longer in the list of files looked at (the app may have restarted); add it again.',
              });
            }
            return staged ? [{ ...staged, strokes: item.strokes, again: item.again === true }] : [];
          });
          await this.refuseEmptyMasks(request.items);
          const added = this.addFresh(await this.leaveOutCleaned(known, skipped));
          return { added: added.added, skipped: [...skipped, ...added.skipped] };
        }
        const { paths, recursive, strokes } = request;
        const { files, roots, skipped } = await collectInputs(paths, recursive ?? true);
        const inputs = await sortOutInputs(
          this.store,
          files,
          await maskKeyOf({ strokes }),
          skipped,
        );
        const added = this.addFresh(
          inputs.map((file) => ({
            path: file,
            strokes,
            ...(roots.has(file) ? { root: roots.get(file) } : {}),
          })),
        );
        return { added: added.added, skipped: [...skipped, ...added.skipped] };
      },
      'watermark:list': () => ({ jobs: this.views(), paused: this.engine.isPaused }),
      'watermark:cancel': ({ ids }) => {
        this.engine.cancel(ids);
        return { count: ids.length };
      },
      'watermark:retry': ({ ids }) => ({ count: this.engine.retry(ids) }),
      'watermark:sendAgain': ({ ids }) => ({ count: this.engine.sendAgain(ids) }),
      'watermark:pause': () => {
        this.engine.pause();
        return { paused: true };
      },
      'watermark:resume': () => {
        if (this.heldBy) throw new UserFacingError(waitingForHolder(this.heldBy));
        this.engine.resume();
        return { paused: false };
      },
      'watermark:clearFinished': () => ({ count: this.engine.clearFinished() }),
      'settings:get': () => this.settings,
      'settings:update': async (patch) => {
        const result = await this.settingsStore.update(patch);
        if (result.ok) {
          this.log.info('settings', 'changed:', Object.keys(patch).join(', '));
          await this.applyMode();
        } else this.log.info('settings', 'refused:', result.errors);
        return result;
      },
      'keys:status': async () => ({ keys: await this.keys.statuses() }),
      'keys:set': async ({ kind, value }) => {
        const problem = apiKeyProblem(value);
        if (problem) throw new InvalidKeyError(problem);
        // Said before the key is tested: a key that passes could not be kept anyway.
        const keychain = await this.keys.keychainProblem();
        if (keychain) throw new UserFacingError(`The key cannot be saved: ${keychain.userMessage}`);
        const check = await checkKey(
          kind,
          value,
          {
            baseUrl:
              kind === 'watermark' ? this.settings.watermarkBaseUrl : this.settings.videoBaseUrl,
            transport: this.transport,
          },
          true,
        );
        const test = { ok: check.outcome === 'accepted', message: redactForLog(check.message) };
        this.log.info(
          'keys',
          `the ${kind} key ${test.ok ? 'passed its test and was saved' : 'was not saved'}: ${test.message}`,
        );
        if (test.ok) {
          await this.keys.set(kind, value);
          this.keySet[kind] = true;
          await this.applyMode();
        }
        return { status: await this.keys.status(kind), test };
      },
      'keys:clear': async ({ kind }) => {
        await this.keys.clear(kind);
        this.log.info('keys', `the ${kind} key was removed`);
        const status = await this.keys.status(kind);
        this.keySet[kind] = status.set;
        await this.applyMode();
        return status;
      },
      'account:quota': async () => {
        const tier = this.settings.pricingTier;
        const counts = this.store.stateCounts('watermark');
        return {
          services: await Promise.all(API_KEY_KINDS.map((kind) => this.quotaFigure(kind))),
          tier,
          pricePerSecondUsd: PRICE_PER_SECOND_USD[tier],
          queuedUsd: this.rounds.queuedEstimateCents() / 100,
          spending: this.spendingFigures(),
          queuedCredits: counts.queued ?? 0,
        };
      },
      'diagnostics:report': async () => ({ text: await this.diagnostics() }),
    };
  }

  /**
   * Looks at a local file and, when it is a usable image, gives it a token for the page. A
   * file found in a dropped folder keeps that folder, and is looked up among earlier results.
   */
  private async stageLocal(
    file: string,
    sourceUrl?: string,
    found?: { own: OwnResults; root?: string },
  ): Promise<StagedFile | { path: string; reason: string }> {
    const probe = await probeFile(file);
    if (!probe.ok) return { path: file, reason: probe.reason };
    const token = randomUUID();
    const cleaned = await found?.own.cleanedBefore(file, probe.bytes);
    this.staged.set(token, {
      path: file,
      bytes: probe.bytes,
      ...(sourceUrl ? { sourceUrl } : {}),
      ...(found?.root !== undefined ? { root: found.root } : {}),
      ...(cleaned ? { cleaned } : {}),
    });
    return {
      ...(cleaned ? { cleaned: cleanedBeforeNote(cleaned) } : {}),
      token,
      path: file,
      name: path.basename(file),
      format: probe.format,
      width: probe.width,
      height: probe.height,
      bytes: probe.bytes,
      ...(sourceUrl ? { sourceUrl } : {}),
    };
  }

  /**
   * Fetches an image given by address, once, for the mask editor and the preview; the job
   * will send the address itself. The copy lives in the data folder.
   */
  private async stageUrl(url: string): Promise<StagedFile> {
    const dir = path.join(this.paths.root, 'url-images', randomUUID());
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(
      /[^\w.-]+/g,
      '_',
    );
    try {
      await mkdir(dir, { recursive: true });
      const saved = await download(this.transport, {
        url,
        targetDir: dir,
        fileName: name && name !== '.' && name !== '..' ? name : 'image',
        maxBytes: VIDEO_LIMITS.referenceImage.maxBytes,
      });
      const staged = await this.stageLocal(saved.path, url);
      if ('reason' in staged) {
        throw new UserFacingError(`The address does not give a usable image: ${staged.reason}`);
      }
      return staged;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (error instanceof UserFacingError) throw error;
      throw new UserFacingError(
        `The image at that address could not be fetched (${errorValue(error).message}). Check the address, then try again.`,
      );
    }
  }

  /**
   * Staged files cleaned before with the mask they would be sent with now stay out, with
   * the reason, unless the user chose to clean them again.
   */
  private async leaveOutCleaned<T extends StagedEntry & { strokes?: unknown; again: boolean }>(
    items: readonly T[],
    skipped: Array<{ path: string; reason: string }>,
  ): Promise<T[]> {
    const kept: T[] = [];
    for (const item of items) {
      const key = item.cleaned && !item.again ? await maskKeyOf({ strokes: item.strokes }) : '';
      const same = item.cleaned?.results.find((row) => row.mask_key === key);
      if (same) skipped.push({ path: item.path, reason: alreadyCleanedReason(same) });
      else kept.push(item);
    }
    return kept;
  }

  /** Adds the files not already waiting or running; a file dropped twice is noticed, not doubled. */
  private addFresh(
    items: ReadonlyArray<{
      path: string;
      strokes?: unknown;
      sourceUrl?: string;
      bytes?: number;
      root?: string;
    }>,
  ): {
    added: number;
    skipped: Array<{ path: string; reason: string }>;
  } {
    const skipped: Array<{ path: string; reason: string }> = [];
    const fresh: WatermarkInput[] = [];
    for (const item of items) {
      const latest = this.store.latestWatermarkJobFor(item.path);
      if (latest && latest.state !== 'done' && latest.state !== 'canceled') {
        skipped.push({ path: item.path, reason: 'It is already in the list.' });
      } else {
        fresh.push({
          inputPath: item.path,
          ...(item.strokes ? { strokes: item.strokes } : {}),
          ...(item.sourceUrl ? { sourceUrl: item.sourceUrl } : {}),
          ...(item.bytes !== undefined ? { bytes: item.bytes } : {}),
          ...(item.root !== undefined ? { root: item.root } : {}),
        });
      }
    }
    // The queue's first state is written with the jobs, not as a move: announce them here.
    const jobs = this.engine
      .add(fresh)
      .map((id) => this.store.getWatermarkJob(id))
      .filter((row) => row !== undefined)
      .map((row) => watermarkJobView(row, 1));
    if (jobs.length > 0) this.emit('jobs:changed', { jobs });
    return { added: fresh.length, skipped };
  }

  /** Video spending as the budget cap counts it, with the cap, for the account panel. */
  private spendingFigures(): InvokeResponse<'account:quota'>['spending'] {
    const { spentCents, inFlightCents } = this.rounds.spending();
    return {
      spentUsd: spentCents / 100,
      inFlightUsd: inFlightCents / 100,
      capUsd: this.settings.budgetCapUsd,
    };
  }

  /** What one service says is left; a service that cannot answer says why instead. */
  private async quotaFigure(kind: ApiKeyKind): Promise<QuotaFigure> {
    const host = this.usesSimulator(kind)
      ? 'the built-in simulator'
      : new URL(this.baseUrl(kind)).host;
    try {
      const quota = await askQuota(kind, {
        baseUrl: this.baseUrl(kind),
        key: () => this.keyFor(kind),
        transport: this.transport,
      });
      return {
        ok: true,
        kind,
        host,
        credits: { remaining: quota.remaining, limit: quota.limit },
        balanceUsd: quota.balance_usd ?? null,
      };
    } catch (error) {
      this.log.warn('account', `${kind} quota from ${host}:`, errorValue(error).message);
      return { ok: false, kind, host, message: errorValue(error).message };
    }
  }

  /** For "Copy diagnostics": versions, system, settings (which hold no secrets), keys set or not, jobs, last problems. */
  private async diagnostics(): Promise<string> {
    const keys = await this.keys.statuses();
    const lines = [
      `${this.options.app.name} ${this.options.app.version}`,
      `System: ${os.type()} ${os.release()} ${os.arch()} (${this.options.app.platform})`,
      `Runtime: ${Object.entries({ node: process.versions.node, ...this.options.runtime })
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}`,
      `Mode: ${this.demoMode ? 'demo (built-in simulator)' : 'service'}`,
      `Keys: ${keys.map((key) => `${key.kind} ${key.set ? `set (${key.source})` : 'not set'}`).join(', ')}`,
      `Settings: ${JSON.stringify(this.settings)}`,
      `Images: ${JSON.stringify(this.store.stateCounts('watermark'))}`,
      `Video rounds: ${JSON.stringify(this.store.stateCounts('video'))}`,
      `Logs: ${this.log.dir}`,
      'Last problems:',
      ...this.log
        .recentProblems()
        .map((entry) => `  ${entry.at} ${entry.level} (${entry.scope}) ${entry.text}`),
    ];
    return redactForLog(lines.join('\n'));
  }
}
