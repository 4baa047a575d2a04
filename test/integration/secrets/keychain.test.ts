import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError } from '../../../src-main/core/api/errors.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { ApiKeys, InvalidKeyError } from '../../../src-main/core/secrets/api-keys.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import { askQuota } from '../../../src-main/core/secrets/test-key.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { KEYRING_DIR_ENV } from '../../support/keychain-session.ts';

// A service name of its own, so these tests never meet a real Clearframe key.
const store = new KeychainStore(`Clearframe-test-${process.pid}`);
const WATERMARK_KEY = 'wm-token-RECOGNISABLE-31415926';
const VIDEO_KEY = 'video-key-RECOGNISABLE-27182818';
let sim: Simulator;
let transport: Transport;

async function allFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  sim = await startSimulator({
    accounts: [
      { key: WATERMARK_KEY, credits: 42 },
      { key: VIDEO_KEY, balanceUsd: 12.5 },
    ],
  });
  transport = createTransport();
});

afterEach(async () => {
  const keys = new ApiKeys(store, {});
  await keys.clear('watermark');
  await keys.clear('video');
});

afterAll(async () => {
  await transport.close();
  await sim.stop();
});

describe('API keys in the real system keychain', () => {
  it('sets, reports, reads and clears each key on its own', async () => {
    const keys = new ApiKeys(store, {});
    expect(await keys.statuses()).toEqual([
      { kind: 'watermark', set: false, source: null },
      { kind: 'video', set: false, source: null },
    ]);
    await keys.set('watermark', WATERMARK_KEY);
    await keys.set('video', VIDEO_KEY);
    expect(await keys.status('watermark')).toEqual({
      kind: 'watermark',
      set: true,
      source: 'keychain',
    });
    expect(await keys.read('watermark')).toBe(WATERMARK_KEY);
    expect(await keys.read('video')).toBe(VIDEO_KEY);
    // A fresh instance, as after a restart, finds them in the keychain.
    expect(await new ApiKeys(store, {}).read('video')).toBe(VIDEO_KEY);
    expect(await keys.clear('watermark')).toBe(true);
    expect(await keys.status('watermark')).toEqual({ kind: 'watermark', set: false, source: null });
    expect(await keys.read('video')).toBe(VIDEO_KEY);
  });

  it('never writes a key to disk in clear', async () => {
    const dir = process.env[KEYRING_DIR_ENV];
    if (!dir)
      throw new Error('the keychain session from test/support/keychain-session.ts is not running');
    await new ApiKeys(store, {}).set('watermark', WATERMARK_KEY);
    const files = await allFilesUnder(dir);
    expect(files.some((file) => file.endsWith('.keyring'))).toBe(true);
    for (const file of files) {
      expect((await readFile(file)).includes(WATERMARK_KEY), file).toBe(false);
    }
  });

  it('prefers a key from the environment, and says so', async () => {
    const keys = new ApiKeys(store, { CLEARFRAME_VIDEO_KEY: 'from-the-environment-123' });
    await keys.set('video', VIDEO_KEY);
    expect(await keys.status('video')).toEqual({ kind: 'video', set: true, source: 'environment' });
    expect(await keys.read('video')).toBe('from-the-environment-123');
  });

  it('refuses a malformed key with a sentence that says what to do, and stores nothing', async () => {
    const keys = new ApiKeys(store, {});
    for (const bad of [' padded-key-123 ', 'short', 'has a space in it', 'x'.repeat(600)]) {
      const error = await keys.set('watermark', bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidKeyError);
      expect((error as InvalidKeyError).userMessage).toMatch(/key/);
    }
    expect(await keys.status('watermark')).toMatchObject({ set: false });
  });

  it('tests a key with a quota call against the service', async () => {
    const keys = new ApiKeys(store, {});
    await keys.set('watermark', WATERMARK_KEY);
    await keys.set('video', 'not-a-known-key-000');
    await expect(
      askQuota('watermark', {
        baseUrl: sim.watermarkBaseUrl,
        transport,
        key: keys.provider('watermark'),
      }),
    ).resolves.toMatchObject({ limit: 42 });
    await expect(
      askQuota('video', { baseUrl: sim.videoBaseUrl, transport, key: keys.provider('video') }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    await keys.clear('watermark');
    const missing = await askQuota('watermark', {
      baseUrl: sim.watermarkBaseUrl,
      transport,
      key: keys.provider('watermark'),
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AuthenticationError);
  });

  // A Secret Service over D-Bus is how Linux keeps secrets; other systems have no such bus to take away.
  it.runIf(process.platform === 'linux')(
    'without a reachable Secret Service, fails with a message that says how to fix it',
    () => {
      const probe = fileURLToPath(new URL('../../support/keychain-probe.ts', import.meta.url));
      const result = spawnSync(process.execPath, ['--experimental-strip-types', probe], {
        encoding: 'utf8',
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/clearframe-bus' },
      });
      const report = JSON.parse(result.stdout) as { unavailable?: boolean; userMessage?: string };
      expect(report.unavailable).toBe(true);
      expect(report.userMessage).toMatch(/GNOME Keyring/);
    },
  );
});
