import { AsyncEntry } from '@napi-rs/keyring';
import type { Wording } from '../i18n/core-words.ts';
import { UserFacingError } from '../user-error.ts';

/** Where secrets live; the OS keychain in the app, something else only in tests of callers. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** `message` is what the keychain said, for the log; `sentence` what the user reads. */
export class KeychainUnavailableError extends UserFacingError {
  constructor(cause: unknown) {
    super(
      `the system keychain cannot be used: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }

  override get sentence(): Wording {
    return {
      id: process.platform === 'linux' ? 'core.keys.noKeychain' : 'core.keys.keychainLocked',
    };
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
