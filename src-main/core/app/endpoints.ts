import { demoAssetOf } from '../../../src-shared/domain/demo-assets.ts';
import { API_KEY_KINDS, type ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { AuthenticationError } from '../api/errors.ts';
import type { ApiKeys } from '../secrets/api-keys.ts';

/** Environment variables that point a service somewhere else (a local simulator, a proxy). */
export const BASE_URL_ENV: Readonly<Record<ApiKeyKind, string>> = {
  watermark: 'CLEARFRAME_WATERMARK_BASE_URL',
  video: 'CLEARFRAME_VIDEO_BASE_URL',
};

/** A running stand-in for both services, answering to one key. */
export interface DemoServices {
  readonly watermarkBaseUrl: string;
  readonly videoBaseUrl: string;
  readonly key: string;
  /** The key for previews, which are free in demo mode: they take none of `key`'s credits. */
  readonly previewKey?: string;
  /** Where the stand-in shows its own image assets, `<picturesBaseUrl><id>`, if it does. */
  readonly picturesBaseUrl?: string;
  stop(): Promise<void>;
}

/**
 * Starts the stand-in. The host (the Electron shell, the command line) hands it in, so core
 * never depends on the simulator that ships beside it.
 */
export type DemoBackend = () => Promise<DemoServices>;

/**
 * When a service runs on the stand-in: `settings` follows the window's rule (demo mode is on
 * and the service has no key of its own), `always` is the command line's `--demo`, `never`
 * is the command line without it.
 */
export type DemoPolicy = 'settings' | 'always' | 'never';

/** What a request to a service is sent with; `endpoint` is `demo` or the base URL. */
export interface ResolvedEndpoint {
  baseUrl: string;
  key: () => Promise<string>;
  /** Where figures came from, for labels such as "credits at backend.example". */
  host: string;
}

export const DEMO_HOST = 'the built-in simulator';

/**
 * The one answer, for the app and the command line alike, to "where does this service's
 * request go, and with which key": the stand-in when the policy says so, otherwise the
 * environment override, otherwise the address in the settings, with the key from the
 * keychain (or its environment variable).
 */
export class Endpoints {
  private readonly settings: () => Settings;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly keys: ApiKeys;
  private readonly backend: DemoBackend | undefined;
  private readonly policy: DemoPolicy;
  private demo: DemoServices | undefined;
  private starting: Promise<DemoServices> | undefined;
  /** Which services have a key, kept current so the per-request choice needs no keychain call. */
  private readonly keySet: Record<ApiKeyKind, boolean> = { watermark: false, video: false };

  constructor(options: {
    settings: () => Settings;
    env: Readonly<Record<string, string | undefined>>;
    keys: ApiKeys;
    demo: DemoBackend | undefined;
    policy: DemoPolicy;
  }) {
    this.settings = options.settings;
    this.env = options.env;
    this.keys = options.keys;
    this.backend = options.demo;
    this.policy = options.policy;
  }

  /** Records whether a service has a key now; the window's demo rule depends on it. */
  noteKey(kind: ApiKeyKind, set: boolean): void {
    this.keySet[kind] = set;
  }

  usesDemo(kind: ApiKeyKind): boolean {
    if (this.policy !== 'settings') return this.policy === 'always';
    return this.settings().demoMode && !this.keySet[kind];
  }

  /** The services the stand-in answers for now. */
  get demoServices(): ApiKeyKind[] {
    return API_KEY_KINDS.filter((kind) => this.usesDemo(kind));
  }

  /** The service's own address: the environment override, else the settings. */
  serviceUrl(kind: ApiKeyKind): string {
    const settings = this.settings();
    return (
      this.env[BASE_URL_ENV[kind]] ??
      (kind === 'watermark' ? settings.watermarkBaseUrl : settings.videoBaseUrl)
    );
  }

  /** Where the next request goes. The stand-in must have been started (`ready`). */
  baseUrl(kind: ApiKeyKind): string {
    if (this.usesDemo(kind) && this.demo) {
      return kind === 'watermark' ? this.demo.watermarkBaseUrl : this.demo.videoBaseUrl;
    }
    return this.serviceUrl(kind);
  }

  /** `demo` or the base URL: what two processes compare before one takes the other's jobs. */
  endpointName(kind: ApiKeyKind): string {
    return this.usesDemo(kind) ? 'demo' : this.serviceUrl(kind);
  }

  host(kind: ApiKeyKind): string {
    return this.usesDemo(kind) ? DEMO_HOST : new URL(this.serviceUrl(kind)).host;
  }

  /** The key for the next request; without one, the authentication error a job shows. */
  async key(kind: ApiKeyKind, use: 'work' | 'free-preview' = 'work'): Promise<string> {
    if (this.usesDemo(kind)) {
      const demo = await this.ready();
      return (use === 'free-preview' && demo.previewKey) || demo.key;
    }
    const key = await this.keys.read(kind);
    if (!key) {
      throw new AuthenticationError(`no ${kind} key is set`, {
        operation: kind === 'watermark' ? 'watermark.submit' : 'video.generate',
      });
    }
    return key;
  }

  /** Whether `url` is the built-in simulator's, which runs inside Clearframe and needs no proxy. */
  isBuiltIn(url: URL): boolean {
    const demo = this.demo;
    return (
      demo !== undefined &&
      [demo.watermarkBaseUrl, demo.videoBaseUrl].some((base) => new URL(base).origin === url.origin)
    );
  }

  /**
   * Where a picture of the demo image asset `url` names can be fetched: only while video runs
   * on the stand-in, which made it up. The real service gives no asset back, so otherwise none.
   */
  async demoPictureAddress(url: string): Promise<string | undefined> {
    const asset = demoAssetOf(url);
    if (asset?.kind !== 'image' || !this.usesDemo('video')) return undefined;
    const base = (await this.ready()).picturesBaseUrl;
    return base === undefined ? undefined : new URL(encodeURIComponent(asset.id), base).href;
  }

  async resolve(kind: ApiKeyKind): Promise<ResolvedEndpoint> {
    if (this.usesDemo(kind)) await this.ready();
    return { baseUrl: this.baseUrl(kind), key: () => this.key(kind), host: this.host(kind) };
  }

  /** Starts the stand-in when a service needs it and it is not running yet. */
  async prepare(): Promise<void> {
    if (this.demoServices.length > 0) await this.ready();
  }

  private ready(): Promise<DemoServices> {
    if (this.demo) return Promise.resolve(this.demo);
    if (!this.backend) {
      return Promise.reject(
        new Error('demo mode was asked for, but this build has no built-in simulator'),
      );
    }
    this.starting ??= this.backend().then(
      (started) => {
        this.demo = started;
        return started;
      },
      (error: unknown) => {
        // The next request tries again rather than failing forever.
        this.starting = undefined;
        throw error;
      },
    );
    return this.starting;
  }

  async stop(): Promise<void> {
    await (this.demo ?? (await this.starting?.catch(() => undefined)))?.stop();
    this.demo = undefined;
    this.starting = undefined;
  }
}
