import {
  API_KEY_ENV,
  API_KEY_KINDS,
  apiKeyProblem,
  type ApiKeyKind,
  type ApiKeyStatus,
} from '../../../src-shared/domain/api-keys.ts';
import { AuthenticationError, registerSecret } from '../api/errors.ts';
import type { KeyProvider } from '../api/http.ts';
import { UserFacingError } from '../user-error.ts';
import { KeychainUnavailableError, type SecretStore } from './keychain.ts';

export class InvalidKeyError extends UserFacingError {}

const account = (kind: ApiKeyKind) => `${kind}-api-key`;

/**
 * The API keys: read from the environment when it supplies them (explicit, for the command
 * line and CI), else from the keychain. Never written anywhere else, never returned to the
 * renderer: callers get a status or a key provider for the HTTP client.
 */
export class ApiKeys {
  private readonly store: SecretStore;
  private readonly env: Readonly<Record<string, string | undefined>>;

  constructor(store: SecretStore, env: Readonly<Record<string, string | undefined>> = process.env) {
    this.store = store;
    this.env = env;
  }

  private fromEnvironment(kind: ApiKeyKind): string | undefined {
    const value = this.env[API_KEY_ENV[kind]];
    return value ? value : undefined;
  }

  /** The key itself; for the main process's HTTP client only. */
  async read(kind: ApiKeyKind): Promise<string | undefined> {
    const key = this.fromEnvironment(kind) ?? (await this.stored(kind)) ?? undefined;
    if (key) registerSecret(key);
    return key;
  }

  async status(kind: ApiKeyKind): Promise<ApiKeyStatus> {
    if (this.fromEnvironment(kind)) return { kind, set: true, source: 'environment' };
    const stored = await this.stored(kind);
    return { kind, set: stored !== null && stored !== '', source: stored ? 'keychain' : null };
  }

  /** The key in the keychain; none when there is no keychain, which `keychainProblem` explains. */
  private async stored(kind: ApiKeyKind): Promise<string | null> {
    try {
      return await this.store.get(account(kind));
    } catch (error) {
      if (error instanceof KeychainUnavailableError) return null;
      throw error;
    }
  }

  /** Why the keychain cannot be used, or undefined when it answers. */
  async keychainProblem(): Promise<KeychainUnavailableError | undefined> {
    try {
      await this.store.get(account('watermark'));
      return undefined;
    } catch (error) {
      if (error instanceof KeychainUnavailableError) return error;
      throw error;
    }
  }

  async statuses(): Promise<ApiKeyStatus[]> {
    return Promise.all(API_KEY_KINDS.map((kind) => this.status(kind)));
  }

  async set(kind: ApiKeyKind, value: string): Promise<void> {
    const problem = apiKeyProblem(value);
    if (problem) throw new InvalidKeyError({ id: problem });
    registerSecret(value);
    await this.store.set(account(kind), value);
  }

  async clear(kind: ApiKeyKind): Promise<boolean> {
    return this.store.delete(account(kind));
  }

  /** For the HTTP client: asks on every request, so a new key takes effect at once. */
  provider(kind: ApiKeyKind): KeyProvider {
    return async () => {
      const key = await this.read(kind);
      if (!key) {
        throw new AuthenticationError(`no ${kind} key is set`, {
          operation: kind === 'watermark' ? 'watermark.quota' : 'video.quota',
        });
      }
      return key;
    };
  }
}
