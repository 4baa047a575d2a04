import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { markedSet } from '../../support/marked-scenes.ts';
import { stageFiles } from '../../support/staging.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-engine-previews-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'engine-previews' });
  await markedSet(path.join(dir, 'photos'), {
    count: 6,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.45,
    seed: 19,
  });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('previews of one image with each engine', () => {
  it('measures the group, previews it on this computer and with the service, side by side', async () => {
    const { items } = await stageFiles(core, [path.join(dir, 'photos')]);
    const proposal = await core.handlers['media:findWatermark']({
      tokens: items.map((item) => item.token),
    });
    const [group] = proposal.groups;
    expect(group?.estimateId).toMatch(/^[0-9a-f]{32}$/);
    const image = group?.images[0];
    const strokes = [{ kind: 'bitmap' as const, token: image?.maskToken ?? '' }];

    const local = await core.handlers['media:previewUnblend']({
      token: image?.token ?? '',
      estimateId: group?.estimateId ?? '',
    });
    const service = await core.handlers['media:previewService']({
      token: image?.token ?? '',
      strokes,
      confirmed: false,
    });
    expect(service.reused).toBe(false);
    // Both kept at once, as the window shows them side by side.
    const files = await Promise.all(
      [local.previewId, service.previewId].map((id) => core.previewFile(`local-preview/${id}`)),
    );
    for (const file of files) {
      expect(await sharp(file).metadata()).toMatchObject({ width: 400, height: 300 });
    }
    // Asked again with the same mask, the service's preview is shown again, not sent again.
    expect(
      await core.handlers['media:previewService']({
        token: image?.token ?? '',
        strokes,
        confirmed: false,
      }),
    ).toEqual({ previewId: service.previewId, reused: true });

    // Out of demo mode a preview from the service is paid: it is not sent without a yes.
    await core.handlers['settings:update']({ demoMode: false });
    await expect(
      core.handlers['media:previewService']({
        token: group?.images[1]?.token ?? '',
        strokes,
        confirmed: false,
      }),
    ).rejects.toThrow('Previewing with the service uses 1 credit: confirm it first.');
  });

  it('refuses a measurement that is not one with a sentence saying what to do', async () => {
    const { items } = await stageFiles(core, [path.join(dir, 'photos', 'photo-001.jpg')]);
    await expect(
      core.handlers['media:previewUnblend']({
        token: items[0]?.token ?? '',
        estimateId: 'a'.repeat(32),
      }),
    ).rejects.toThrow(/find the watermark again/);
  });
});
