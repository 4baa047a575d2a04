import { AppCore } from '../../src-main/core/app/app-core.ts';
import { KeychainStore } from '../../src-main/core/secrets/keychain.ts';
import { simulatorDemo } from '../../src-main/simulator/demo-backend.ts';

/**
 * The app core as the Electron shell starts it, minus Electron: a data folder of its own and
 * keys under a keychain service named for the test, so tests never share a key.
 */
export function startBareCore(options: {
  dataDir: string;
  /** Names the keychain service the core keeps its keys under. */
  name: string;
  version?: string;
  previewBase?: string;
  /** What the core reads from the environment (TEST_ENV in the end-to-end harness). */
  env?: Record<string, string>;
}): Promise<AppCore> {
  return AppCore.start({
    dataDir: options.dataDir,
    app: { name: 'Clearframe', version: options.version ?? '0.0.0-test', platform: 'linux' },
    previewBase: options.previewBase ?? 'clearframe-preview://local/',
    secrets: new KeychainStore(`Clearframe-${options.name}`),
    env: options.env ?? {},
    demo: simulatorDemo({ env: options.env }),
  });
}
