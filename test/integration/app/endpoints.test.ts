import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { AppCore } from '../../../src-main/core/app/app-core.ts';
import {
  BASE_URL_ENV,
  DEMO_HOST,
  Endpoints,
  type DemoPolicy,
  type DemoServices,
} from '../../../src-main/core/app/endpoints.ts';
import { ApiKeys } from '../../../src-main/core/secrets/api-keys.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import { simulatorDemo } from '../../../src-main/simulator/demo-backend.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';

/**
 * One answer to "where does a service's request go, with which key", for the app and the
 * command line: the policy picks demo mode's stand-in, else the environment override, else
 * the settings.
 */

const KEY = 'cf-endpoints-key-7';
let sim: Simulator;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 30, balanceUsd: 12 }] });
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-endpoints-'));
});

afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in backend that counts its starts and can be told to fail the next one. */
function countingBackend() {
  const state = { starts: 0, stops: 0, failNext: false };
  const backend = (): Promise<DemoServices> => {
    state.starts += 1;
    if (state.failNext) {
      state.failNext = false;
      return Promise.reject(new Error('the port was taken'));
    }
    return Promise.resolve({
      watermarkBaseUrl: 'http://127.0.0.1:1/watermark',
      videoBaseUrl: 'http://127.0.0.1:1/video',
      key: 'demo-key',
      stop: () => {
        state.stops += 1;
        return Promise.resolve();
      },
    });
  };
  return { state, backend };
}

function endpoints(
  policy: DemoPolicy,
  options: {
    env?: Record<string, string>;
    demoMode?: boolean;
    backend?: () => Promise<DemoServices>;
  },
) {
  const env = options.env ?? {};
  return new Endpoints({
    settings: () => ({ ...DEFAULT_SETTINGS, demoMode: options.demoMode ?? true }),
    env,
    keys: new ApiKeys(new KeychainStore(`Clearframe-endpoints-${process.pid}`), env),
    demo: options.backend,
    policy,
  });
}

describe('the endpoint resolver', () => {
  it('follows the window rule: demo while demo mode is on and the service has no key', async () => {
    const { state, backend } = countingBackend();
    const resolver = endpoints('settings', { backend });
    expect(resolver.demoServices).toEqual(['watermark', 'video']);
    await resolver.prepare();
    expect(resolver.baseUrl('video')).toBe('http://127.0.0.1:1/video');
    expect(await resolver.key('video')).toBe('demo-key');
    expect(resolver.endpointName('watermark')).toBe('demo');
    expect(resolver.host('watermark')).toBe(DEMO_HOST);

    resolver.noteKey('watermark', true);
    expect(resolver.demoServices).toEqual(['video']);
    expect(resolver.baseUrl('watermark')).toBe(DEFAULT_SETTINGS.watermarkBaseUrl);
    await expect(resolver.key('watermark')).rejects.toThrow(/no watermark key is set/);
    await resolver.stop();
    expect(state).toMatchObject({ starts: 1, stops: 1 });
  });

  it('starts the stand-in once however many requests ask at the same time', async () => {
    const { state, backend } = countingBackend();
    const resolver = endpoints('always', { backend, demoMode: false });
    const resolved = await Promise.all(
      Array.from({ length: 8 }, (_, i) => resolver.resolve(i % 2 ? 'video' : 'watermark')),
    );
    expect(new Set(resolved.map((r) => r.baseUrl)).size).toBe(2);
    expect(state.starts).toBe(1);
    await resolver.stop();
  });

  it('tries the stand-in again after a start that failed, and says so', async () => {
    const { state, backend } = countingBackend();
    state.failNext = true;
    const resolver = endpoints('always', { backend });
    await expect(resolver.prepare()).rejects.toThrow(/the port was taken/);
    await resolver.prepare();
    expect(state.starts).toBe(2);
    expect(resolver.baseUrl('watermark')).toBe('http://127.0.0.1:1/watermark');
    await resolver.stop();
  });

  it('never uses the stand-in under the command line without --demo, even with demo mode on', () => {
    const resolver = endpoints('never', { demoMode: true });
    expect(resolver.demoServices).toEqual([]);
    expect(resolver.endpointName('video')).toBe(DEFAULT_SETTINGS.videoBaseUrl);
  });

  it('honours the base URL overrides before the settings', () => {
    const resolver = endpoints('never', {
      env: { [BASE_URL_ENV.watermark]: sim.watermarkBaseUrl },
    });
    expect(resolver.serviceUrl('watermark')).toBe(sim.watermarkBaseUrl);
    expect(resolver.endpointName('watermark')).toBe(sim.watermarkBaseUrl);
    expect(resolver.serviceUrl('video')).toBe(DEFAULT_SETTINGS.videoBaseUrl);
  });

  it('refuses demo mode with a sentence when the host handed in no stand-in', async () => {
    const resolver = endpoints('always', {});
    await expect(resolver.prepare()).rejects.toThrow(/has no built-in simulator/);
  });
});

describe('the app and the base URL overrides', () => {
  it('sends to the override, as the command line does, and tests a new key there', async () => {
    const core = await AppCore.start({
      dataDir: path.join(dir, 'app'),
      app: { name: 'Clearframe', version: '0.0.0-test', platform: 'linux' },
      previewBase: 'clearframe-preview://local/',
      secrets: new KeychainStore(`Clearframe-endpoints-app-${process.pid}`),
      env: {
        [BASE_URL_ENV.watermark]: sim.watermarkBaseUrl,
        [BASE_URL_ENV.video]: sim.videoBaseUrl,
        CLEARFRAME_WATERMARK_KEY: KEY,
      },
      demo: simulatorDemo(),
    });
    try {
      // The settings still name the real service; the override wins.
      expect(core.settings.watermarkBaseUrl).toBe(DEFAULT_SETTINGS.watermarkBaseUrl);
      const quota = await core.handlers['account:quota'](undefined);
      const host = new URL(sim.origin).host;
      expect(quota.services.find((s) => s.kind === 'watermark')).toMatchObject({
        ok: true,
        host,
        credits: { remaining: 30 },
      });
      await core.handlers['settings:update']({ demoMode: false });
      const saved = await core.handlers['keys:set']({ kind: 'video', value: KEY });
      expect(saved.test).toMatchObject({ ok: true, message: expect.stringContaining(host) });
      await core.handlers['keys:clear']({ kind: 'video' });
    } finally {
      await core.stop();
    }
  });
});
