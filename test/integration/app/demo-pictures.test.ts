import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import {
  DEMO_ASSETS,
  DEMO_PICTURES_PATH,
  demoAssetUrl,
} from '../../../src-shared/domain/demo-assets.ts';
import { invokeContract } from '../../../src-shared/ipc/contract.ts';
import { startBareCore } from '../../support/test-core.ts';

const DEMO_IMAGES = DEMO_ASSETS.filter((asset) => asset.kind === 'image');
const NO_PICTURE = /^No preview: the service gives no uploaded asset back to show\. To see/;

let dir: string;
let sim: Simulator;
let core: AppCore | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-demo-pictures-'));
  sim = await startSimulator();
});

afterEach(async () => {
  await core?.stop();
  core = undefined;
});

afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

async function demoCore(name: string): Promise<AppCore> {
  core = await startBareCore({ dataDir: path.join(dir, name), name: `demo-pictures-${name}` });
  return core;
}

describe('the simulator shows a picture of each demo image asset', () => {
  it('serves every demo image asset as a PNG of its stated shape, and nothing else', async () => {
    expect(DEMO_IMAGES.length).toBeGreaterThan(0);
    for (const asset of DEMO_IMAGES) {
      const response = await fetch(`${sim.origin}${DEMO_PICTURES_PATH}${asset.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const { width = 0, height = 0 } = await sharp(
        Buffer.from(await response.arrayBuffer()),
      ).metadata();
      // The asset's label says which way the picture lies.
      expect(width > height).toBe(asset.id.includes('landscape'));
    }
    for (const id of ['demo-video-8s', 'demo-audio-6s', 'nothing-here', '..%2Fserver.ts']) {
      expect((await fetch(`${sim.origin}${DEMO_PICTURES_PATH}${id}`)).status).toBe(404);
    }
  });
});

describe('an asset:// reference in the video screen', () => {
  it('takes asset:// addresses at the boundary, and still no other scheme', () => {
    const request = invokeContract['media:probeUrl'].request;
    expect(request.safeParse({ url: 'asset://demo-image-portrait' }).success).toBe(true);
    expect(request.safeParse({ url: 'file:///etc/passwd' }).success).toBe(false);
    expect(request.safeParse({ url: 'asset://a/../b' }).success).toBe(false);
  });

  it('in demo mode, gives each demo picture a thumbnail the window can show, sized like any image', async () => {
    const app = await demoCore('demo');
    for (const asset of DEMO_IMAGES) {
      const staged = await app.handlers['media:probeUrl']({ url: demoAssetUrl(asset) });
      expect(staged.format).toBe('png');
      expect(staged.width * staged.height).toBeGreaterThan(0);
      expect(staged.width > staged.height).toBe(asset.id.includes('landscape'));
      // The round sends the asset's address; the picture is no address of its own to send.
      expect(staged.sourceUrl).toBeUndefined();
      const thumb = await app.previewFile(`staged/${staged.token}/thumb`);
      expect(thumb).toBeDefined();
      expect((await sharp(thumb).metadata()).width).toBeGreaterThan(0);
    }
  });

  it('in demo mode, says why a video asset or an unknown one shows no picture', async () => {
    const app = await demoCore('demo-other');
    for (const url of ['asset://demo-video-8s', 'asset://clip-i-uploaded']) {
      await expect(app.handlers['media:probeUrl']({ url })).rejects.toThrow(NO_PICTURE);
    }
  });

  it('outside demo mode, says why even a demo asset shows no picture', async () => {
    const app = await demoCore('real');
    await app.handlers['settings:update']({ demoMode: false, videoBaseUrl: sim.videoBaseUrl });
    expect((await app.handlers['app:info'](undefined)).demoServices).toEqual([]);
    await expect(
      app.handlers['media:probeUrl']({ url: 'asset://demo-image-landscape' }),
    ).rejects.toThrow(NO_PICTURE);
  });
});
