import { API_KEY_ENV, type ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import type { Settings } from '../../src-shared/domain/settings.ts';
import { createTransport, type Transport } from '../core/api/http.ts';
import { videoPollInterval } from '../core/api/poll-interval.ts';
import { Poller } from '../core/api/poller.ts';
import { VideoClient } from '../core/api/video-client.ts';
import { WatermarkClient } from '../core/api/watermark-client.ts';
import { DataFolderLock, describeHolder, type LockOwner } from '../core/fs/data-folder-lock.ts';
import { Endpoints, type ResolvedEndpoint } from '../core/app/endpoints.ts';
import { openJobStore } from '../core/app/startup.ts';
import type { JobStore } from '../core/jobs/store/store.ts';
import { dataPaths, defaultUserDataDir, type DataPaths } from '../core/paths.ts';
import { ApiKeys } from '../core/secrets/api-keys.ts';
import { KeychainStore } from '../core/secrets/keychain.ts';
import { SettingsStore } from '../core/settings/settings-store.ts';
import { UserFacingError } from '../core/user-error.ts';
import { simulatorDemo } from '../simulator/demo-backend.ts';
import { serviceWord, words } from './words.ts';

/** Options every command that talks to the service or the job database takes. */
export const SESSION_OPTIONS = {
  demo: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  'data-dir': { type: 'string' },
} as const;

export class NoKeyError extends UserFacingError {}

/** Another process holds the data folder and this command cannot hand its jobs to it. */
export class FolderBusyError extends UserFacingError {}

/**
 * How a command that runs jobs goes on: it holds the data folder and runs them itself, or
 * the app holds it, sends to the same service, and takes the jobs this command queues.
 */
export type FolderClaim = { run: true } | { run: false; holder: LockOwner };

function describeEndpoint(endpoint: string): string {
  return endpoint === 'demo' ? words('cli.session.simulator') : new URL(endpoint).host;
}

/**
 * What a command needs, built once: settings, keys, the job database, one connection pool,
 * and, with `--demo`, the built-in simulator in this process.
 */
export class CliSession {
  readonly paths: DataPaths;
  readonly settingsStore: SettingsStore;
  settings: Settings;
  readonly keys: ApiKeys;
  readonly demo: boolean;
  /** Where each service's requests go: the same rule as the app's, with `--demo` as the policy. */
  readonly endpoints: Endpoints;
  private storeHandle: JobStore | undefined;
  private transportHandle: Transport | undefined;
  private lock: DataFolderLock | undefined;

  private constructor(
    paths: DataPaths,
    settingsStore: SettingsStore,
    settings: Settings,
    demo: boolean,
  ) {
    this.paths = paths;
    this.settingsStore = settingsStore;
    this.settings = settings;
    this.keys = new ApiKeys(new KeychainStore());
    this.demo = demo;
    this.endpoints = new Endpoints({
      settings: () => this.settings,
      env: process.env,
      keys: this.keys,
      demo: simulatorDemo({ env: process.env }),
      policy: demo ? 'always' : 'never',
    });
  }

  static async open(values: {
    demo?: boolean;
    'data-dir'?: string | undefined;
  }): Promise<CliSession> {
    const paths = dataPaths(values['data-dir'] ?? defaultUserDataDir());
    const settingsStore = new SettingsStore(paths.settingsFile);
    const settings = await settingsStore.load();
    if (settingsStore.notice) console.error(settingsStore.notice);
    const session = new CliSession(paths, settingsStore, settings, values.demo ?? false);
    if (session.demo) {
      console.error(words('cli.session.demo'));
    }
    return session;
  }

  /**
   * One writer per data folder: takes the folder for a command that runs jobs, or finds
   * the app holding it. The jobs are handed to the app only when it sends each service's
   * requests where this command would (the simulator or the same address), so nothing is
   * sent somewhere the user did not choose; otherwise, and when another command holds
   * the folder, a FolderBusyError names the holder and what to do.
   */
  claimFolder(command: string, services: readonly ApiKeyKind[]): FolderClaim {
    if (this.lock) return { run: true };
    const attempt = DataFolderLock.acquire(this.paths.root, { kind: 'cli', command });
    if ('held' in attempt) {
      this.lock = attempt.held;
      return { run: true };
    }
    const holder = attempt.heldBy;
    if (holder.kind !== 'app') {
      throw new FolderBusyError(
        words('cli.session.busy', { holder: describeHolder(holder), folder: this.paths.root }),
      );
    }
    for (const kind of services) {
      const theirs = holder.endpoints?.[kind];
      const ours = this.endpoints.endpointName(kind);
      if (theirs !== ours) {
        throw new FolderBusyError(
          words(this.demo ? 'cli.session.otherServiceDemo' : 'cli.session.otherService', {
            holder: describeHolder(holder),
            folder: this.paths.root,
            service: serviceWord(kind),
            theirs: theirs ? describeEndpoint(theirs) : words('cli.session.unsaidService'),
            ours: describeEndpoint(ours),
          }),
        );
      }
    }
    return { run: false, holder };
  }

  get store(): JobStore {
    if (!this.storeHandle) {
      const opened = openJobStore(this.paths.database);
      for (const notice of opened.notices) console.error(notice.message);
      this.storeHandle = opened.store;
    }
    return this.storeHandle;
  }

  get transport(): Transport {
    this.transportHandle ??= createTransport({
      maxConnections:
        Math.max(this.settings.concurrency.watermark, this.settings.concurrency.video) * 2,
      direct: (url) => this.endpoints.isBuiltIn(url),
    });
    return this.transportHandle;
  }

  /** The base URL and key for a service; without a key (and without `--demo`) a NoKeyError that says what to do. */
  async endpoint(kind: ApiKeyKind): Promise<ResolvedEndpoint> {
    if (!this.demo && !(await this.keys.read(kind).catch(() => undefined))) {
      throw new NoKeyError(
        words(kind === 'watermark' ? 'cli.session.noWatermarkKey' : 'cli.session.noVideoKey', {
          variable: API_KEY_ENV[kind],
        }),
      );
    }
    return this.endpoints.resolve(kind);
  }

  async watermarkClient(): Promise<WatermarkClient> {
    const endpoint = await this.endpoint('watermark');
    return new WatermarkClient({
      baseUrl: endpoint.baseUrl,
      key: endpoint.key,
      transport: this.transport,
    });
  }

  /**
   * The watermark client for a run that may need no service at all (`remove --engine
   * local`): made without a key too, so only a job that does reach the service (an earlier
   * one resumed) asks for one, with the same sentence.
   */
  async watermarkClientIfNeeded(): Promise<WatermarkClient> {
    try {
      return await this.watermarkClient();
    } catch (error) {
      if (!(error instanceof NoKeyError)) throw error;
      const endpoint = await this.endpoints.resolve('watermark');
      return new WatermarkClient({
        baseUrl: endpoint.baseUrl,
        key: () => Promise.reject(error),
        transport: this.transport,
      });
    }
  }

  async videoClient(): Promise<VideoClient> {
    const endpoint = await this.endpoint('video');
    return new VideoClient({
      baseUrl: endpoint.baseUrl,
      key: endpoint.key,
      transport: this.transport,
    });
  }

  readonly poller = new Poller({ videoInterval: videoPollInterval(process.env) });

  async close(): Promise<void> {
    this.poller.stopAll();
    this.storeHandle?.close();
    await this.transportHandle?.close();
    await this.endpoints.stop();
    this.lock?.release();
  }
}

/** Resolves with the interrupted exit code on Ctrl+C or SIGTERM, after calling `stop`. */
export function onInterrupt(stop: () => void): Promise<number> {
  return new Promise((resolve) => {
    const handler = () => {
      stop();
      resolve(130);
    };
    process.once('SIGINT', handler);
    process.once('SIGTERM', handler);
  });
}
