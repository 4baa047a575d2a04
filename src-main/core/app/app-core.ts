import type { ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import type { Notice } from '../../../src-shared/ipc/contract.ts';
import { createTransport, type Transport } from '../api/http.ts';
import type { SystemProxyResolver } from '../api/network-routes.ts';
import { videoPollInterval } from '../api/poll-interval.ts';
import { Poller } from '../api/poller.ts';
import { VideoClient } from '../api/video-client.ts';
import { WatermarkClient } from '../api/watermark-client.ts';
import { createLogger, type AppLogger } from '../diagnostics/logger.ts';
import type { JobStore } from '../jobs/store/store.ts';
import { VideoRounds } from '../jobs/video/video-rounds.ts';
import { defaultVideoOutputDir, type DataPaths } from '../paths.ts';
import { ApiKeys } from '../secrets/api-keys.ts';
import { KeychainStore, type SecretStore } from '../secrets/keychain.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { AccountDesk } from './account-desk.ts';
import { AppDesk, type AppIdentity } from './app-desk.ts';
import { ClipDesk } from './clip-desk.ts';
import type { CoreHandlers } from './core-handlers.ts';
import { CoreEvents, type CoreListener } from './core-events.ts';
import type { DeskContext } from './desk-context.ts';
import { DiagnosticsDesk } from './diagnostics-desk.ts';
import { ProfilesDesk } from './profiles-desk.ts';
import { ProfileStore } from '../profiles/profile-store.ts';
import { Endpoints, type DemoBackend } from './endpoints.ts';
import { parsePreviewPath } from './preview.ts';
import { SettingsDesk } from './settings-desk.ts';
import { StagingDesk } from './staging-desk.ts';
import { openDataFolder, type OpenedFolder } from './startup.ts';
import { ImportDesk } from './import-desk.ts';
import { VideoDesk } from './video-desk.ts';
import { WatermarkDesk } from './watermark-desk.ts';
import { WatchesDesk } from './watches-desk.ts';
import { WatchList } from '../watch/watch-list.ts';
import { WatchRunner } from '../watch/watch-runner.ts';

export interface AppCoreOptions {
  dataDir: string;
  app: AppIdentity;
  /** Where the window fetches previews: `<previewBase><job id>/input|output`. */
  previewBase: string;
  /** Starts demo mode's stand-in services; the host owns it, core never imports it. */
  demo: DemoBackend | undefined;
  secrets?: SecretStore;
  /** Keys and service addresses set in the environment; the process's own by default. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Versions for the diagnostics report, such as Electron's and Chromium's. */
  runtime?: Record<string, string>;
  /** The operating system's proxy for an address; the shell asks Electron. */
  systemProxy?: SystemProxyResolver;
}

/**
 * The composition root: builds the settings, keys, job database, clients and engines once
 * and hands each domain desk what it needs; each desk owns its channels of the contract.
 * The Electron shell and the end-to-end tests drive this same object.
 */
export class AppCore {
  readonly handlers: CoreHandlers;
  readonly paths: DataPaths;
  readonly log: AppLogger;
  readonly video: VideoDesk;
  readonly account: AccountDesk;
  private readonly settingsStore: SettingsStore;
  private readonly store: JobStore;
  private readonly transport: Transport;
  private readonly poller: Poller;
  private readonly events = new CoreEvents();
  private readonly endpoints: Endpoints;
  readonly staging: StagingDesk;
  readonly watermark: WatermarkDesk;
  /** Clips cleaned in the window (issue #38). */
  readonly clips: ClipDesk;
  /** Watermark profiles, for the window, the shell's export and import, and the MCP server. */
  readonly profiles: ProfileStore;
  private readonly app: AppDesk;
  /** The watched folders this app runs while it holds the data folder. */
  private readonly watchRunner: WatchRunner;

  private constructor(options: AppCoreOptions, opened: OpenedFolder) {
    const { folder, settings, keys, store } = opened;
    this.paths = folder.paths;
    this.settingsStore = settings;
    this.store = store;
    this.log = createLogger({ dir: this.paths.logsDir });
    const env = options.env ?? process.env;
    this.poller = new Poller({ videoInterval: videoPollInterval(env) });
    this.transport = createTransport({
      maxConnections: 32,
      env,
      ...(options.systemProxy ? { systemProxy: options.systemProxy } : {}),
      direct: (url) => this.endpoints.isBuiltIn(url),
    });
    const endpoints = (this.endpoints = new Endpoints({
      settings: () => this.settings,
      env,
      keys,
      demo: options.demo,
      policy: 'settings',
    }));
    const context: DeskContext = {
      ...{ store, keys, endpoints, events: this.events, log: this.log, poller: this.poller },
      transport: this.transport,
      settings: () => this.settings,
    };
    const client = (kind: ApiKeyKind) => ({
      baseUrl: () => endpoints.baseUrl(kind),
      key: () => endpoints.key(kind),
      transport: this.transport,
    });
    const { paths } = this;
    const staging = new StagingDesk(context, {
      dataRoot: paths.root,
      thumbnailsDir: paths.thumbnailsDir,
    });
    this.staging = staging;
    this.watermark = new WatermarkDesk(context, {
      client: new WatermarkClient(client('watermark')),
      staging,
      waitingFor: () => this.app.waitingFor(),
    });
    this.video = new VideoDesk(context, {
      client: new VideoClient(client('video')),
      outputDir: defaultVideoOutputDir(),
      demo: () => endpoints.usesDemo('video'),
      onChange: (rounds) => this.events.emit('video:changed', { rounds }),
    });
    this.clips = new ClipDesk(context, {
      previewBase: options.previewBase,
      segmentsDir: paths.clipSegmentsDir,
    });
    this.profiles = new ProfileStore(paths.profilesDir);
    const watchList = new WatchList(paths.root);
    this.watchRunner = new WatchRunner({
      ...{ list: watchList, profiles: this.profiles, store, engine: this.watermark.engine },
      estimates: staging.estimates,
      intervalMs: Number(env.CLEARFRAME_WATCH_INTERVAL_MS) || undefined,
      onChange: (dir) => this.events.emit('watches:changed', { dir }),
    });
    const watches = new WatchesDesk(context, {
      ...{ list: watchList, profiles: this.profiles, runner: this.watchRunner },
      waitingFor: () => this.app.waitingFor(),
    });
    this.app = new AppDesk(context, {
      folder,
      engines: [this.watermark.engine, this.video.engine, this.clips.engine, watches.engine],
      views: () => this.watermark.views(),
      app: options.app,
      previewBase: options.previewBase,
    });
    this.account = new AccountDesk(context, new VideoRounds(store));
    const onModeChange = () => this.applyMode();
    this.handlers = {
      ...this.app.handlers,
      ...staging.handlers,
      ...this.watermark.handlers,
      ...this.video.handlers,
      ...new ImportDesk(context, {
        engine: this.video.engine,
        demo: () => endpoints.usesDemo('video'),
        onChange: (rounds) => this.events.emit('video:changed', { rounds }),
      }).handlers,
      ...new SettingsDesk(context, { settingsStore: settings, onModeChange }).handlers,
      ...this.account.handlers,
      ...new DiagnosticsDesk(context, { app: options.app, runtime: options.runtime }).handlers,
      ...new ProfilesDesk(this.profiles, staging).handlers,
      ...watches.handlers,
      ...this.clips.handlers,
    };
  }

  /**
   * Opens the data folder and everything in it. What is wrong around the app (a folder
   * that cannot be written, unreadable settings, a damaged job database, no keychain,
   * another process holding the folder) does not stop it: each has a way to carry on and
   * a notice for the window (`app:notices`). Anything else is thrown, for the shell to show.
   */
  static async start(options: AppCoreOptions): Promise<AppCore> {
    const keys = new ApiKeys(options.secrets ?? new KeychainStore(), options.env);
    const opened = await openDataFolder(options.dataDir, keys);
    try {
      const core = new AppCore(options, opened);
      for (const status of opened.keyStatuses) core.endpoints.noteKey(status.kind, status.set);
      await core.applyMode();
      core.app.begin(opened.notices);
      return core;
    } catch (error) {
      opened.folder.lock?.release();
      throw error;
    }
  }

  get settings(): Settings {
    return this.settingsStore.get();
  }

  get notices(): readonly Notice[] {
    return this.app.notices;
  }

  /** Whether the images service runs on demo mode's stand-in; what the banner and updater ask. */
  get demoMode(): boolean {
    return this.endpoints.usesDemo('watermark');
  }

  subscribe(listener: CoreListener): () => void {
    return this.events.subscribe(listener);
  }

  /** The file behind a preview URL: only jobs, rounds, staged files, imported masks, local previews, films. */
  async previewFile(pathname: string): Promise<string | undefined> {
    const asked = parsePreviewPath(pathname);
    if (!asked) return undefined;
    if (asked.kind === 'mask') return this.staging.masks.overlay(asked.token);
    if (asked.kind === 'round') return this.video.previewFile(asked.roundId, asked.side);
    if (asked.kind === 'staged') return this.staging.previewFile(asked.token, asked.side);
    if (asked.kind === 'local-preview') return this.staging.localPreviewFile(asked.previewId);
    if (asked.kind === 'film') return this.video.filmFile(asked.filmId);
    if (asked.kind === 'clip') return this.clips.previewFile(asked.jobId, asked.side);
    return this.watermark.previewFile(asked.jobId, asked.side);
  }

  /** The result of a watermark job or the clip of a video round, for "show in folder". */
  outputOf(id: string): string | undefined {
    return this.watermark.outputOf(id) ?? this.video.previewFile(id, 'video');
  }

  /** Stops the engines where they are (every job resumes on the next start) and closes everything. */
  async stop(): Promise<void> {
    this.app.stop();
    await this.watchRunner.stop();
    this.watermark.engine.stop();
    this.video.engine.stop();
    this.clips.engine.stop();
    await Promise.all(
      [this.watermark, this.video, this.clips].map(({ engine }) => engine.whenIdle()),
    );
    this.poller.stopAll();
    this.store.close();
    await this.transport.close();
    await this.endpoints.stop();
    this.app.release();
    this.events.clear();
  }

  /** Starts demo mode's services when one needs them, and says which mode the app is in. */
  private async applyMode(): Promise<void> {
    await this.endpoints.prepare();
    this.app.publishEndpoints();
    this.events.emit('app:mode', {
      demoMode: this.demoMode,
      demoServices: this.endpoints.demoServices,
    });
  }
}
