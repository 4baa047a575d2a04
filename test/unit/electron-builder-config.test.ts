import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let config: Configuration;

beforeAll(async () => {
  config = await getConfig(root, null, null);
});

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema validation", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('would refuse an unknown option, so the check above is real', async () => {
    const broken = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(
      /Invalid configuration/,
    );
  });

  it('locks the release build down with fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('names the product and the output folder', () => {
    expect(config.productName).toBe('Clearframe');
    expect(config.directories?.output).toBe('release');
    expect(config.npmRebuild).toBe(false);
  });

  it('unpacks every native module from the asar', () => {
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining([
        'node_modules/sharp/**',
        'node_modules/@img/**',
        'node_modules/better-sqlite3/**',
      ]),
    );
  });

  it('builds the installers each platform expects', () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(JSON.stringify(config.mac?.target)).toMatch(/dmg.*zip/);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      allowToChangeInstallationDirectory: true,
    });
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.deb?.depends).toContain('libsecret-1-0');
  });
});
