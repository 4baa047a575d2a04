/** Run in a child process with no usable D-Bus session: prints what setting a key reports. */
import { ApiKeys } from '../../src-main/core/secrets/api-keys.ts';
import { KeychainStore, KeychainUnavailableError } from '../../src-main/core/secrets/keychain.ts';

try {
  await new ApiKeys(new KeychainStore('Clearframe-test-nobus'), {}).set(
    'watermark',
    'probe-key-12345678',
  );
  console.log(JSON.stringify({ stored: true }));
} catch (error) {
  console.log(
    JSON.stringify({
      unavailable: error instanceof KeychainUnavailableError,
      userMessage: error instanceof KeychainUnavailableError ? error.userMessage : String(error),
    }),
  );
}
