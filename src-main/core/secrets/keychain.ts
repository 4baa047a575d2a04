import { AsyncEntry } from '@napi-rs/keyring';
import { said } from '../i18n/core-words.ts';

/** Where secrets live; the OS keychain in the app, something else only in tests of callers. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export class KeychainUnavailableError extends Error {
  readonly userMessage: string;

  constructor(cause: unknown) {
    super(
      `the system keychain cannot be used: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'KeychainUnavailableError';
    this.userMessage = said(
      process.platform === 'linux' ? 'core.keys.noKeychain' : 'core.keys.keychainLocked',
    );
  }
}

/** The OS keychain (Keychain on macOS, Credential Manager on Windows, Secret Service on Linux). */
export class KeychainStore implements SecretStore {
  private readonly service: string;

  constructor(service = 'Clearframe') {
    this.service = service;
  }

  private async run<T>(account: string, action: (entry: AsyncEntry) => Promise<T>): Promise<T> {
    try {
      return await action(new AsyncEntry(this.service, account));
    } catch (error) {
      throw new KeychainUnavailableError(error);
    }
  }

  get(account: string): Promise<string | null> {
    return this.run(account, (entry) => entry.getPassword());
  }

  set(account: string, secret: string): Promise<void> {
    return this.run(account, (entry) => entry.setPassword(secret));
  }

  delete(account: string): Promise<boolean> {
    return this.run(account, (entry) => entry.deleteCredential());
  }
}
