import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import startKeychainSession from '../support/keychain-session.ts';

/**
 * The end-to-end suite drives the built renderer and preload, as the app ships them, and
 * keeps keys in a real Secret Service in a private session, as the Vitest suite does.
 */
export default async function globalSetup(): Promise<() => void> {
  for (const built of ['../../out/renderer/index.html', '../../out/preload/index.cjs']) {
    if (!existsSync(fileURLToPath(new URL(built, import.meta.url)))) {
      throw new Error(
        'The app is not built: run `npm run build` first (`npm test` does it for you).',
      );
    }
  }
  return startKeychainSession();
}
