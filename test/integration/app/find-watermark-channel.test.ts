import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeContract } from '../../../src-shared/ipc/contract.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { markedSet, type MarkedSet } from '../../support/marked-scenes.ts';
import { startBareCore } from '../../support/test-core.ts';
import { stageFiles } from '../../support/staging.ts';

let dir: string;
let core: AppCore;
let set: MarkedSet;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-find-watermark-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'find-watermark' });
  set = await markedSet(path.join(dir, 'photos'), {
    count: 7,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.4,
    seed: 8,
    absent: 1,
  });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('media:findWatermark', () => {
  it('proposes one mask for the staged batch, with a presence score per image', async () => {
    const { items } = await stageFiles(core, [path.join(dir, 'photos')]);
    const lone = items.find((item) => item.name === 'photo-006.jpg');
    const proposal = await core.handlers['media:findWatermark']({
      tokens: items.map((item) => item.token),
    });
    expect(invokeContract['media:findWatermark'].response.parse(proposal)).toEqual(proposal);
    const [group] = proposal.groups;
    expect(group?.anchor).toBe('size');
    const [mask] = group?.masks ?? [];
    expect(mask).toMatchObject({ width: 400, height: 300 });
    expect(mask?.fraction).toBeGreaterThan(0.02);
    expect(mask?.fraction).toBeLessThan(0.3);
    const byName = new Map(
      group?.images.map((image) => [items.find((item) => item.token === image.token)?.name, image]),
    );
    expect(byName.get('photo-000.jpg')).toMatchObject({ present: false });
    expect(byName.get('photo-003.jpg')).toMatchObject({
      present: true,
      maskToken: mask?.maskToken,
    });
    // The page previews the mask like an imported one, and may send it as a bitmap stroke.
    expect(await core.previewFile(`mask/${mask?.maskToken}`)).toMatch(/\.overlay\.png$/);
    const added = await core.handlers['watermark:add']({
      items: [
        { token: lone?.token ?? '', strokes: [{ kind: 'bitmap', token: mask?.maskToken ?? '' }] },
      ],
    });
    expect(added.added).toBe(1);
    expect(set.images).toHaveLength(7);
  });

  it('names a staged file that changed or went away, says why, and goes on with the others', async () => {
    const photos = path.join(dir, 'changing');
    await mkdir(photos);
    for (const image of set.images)
      await copyFile(image.path, path.join(photos, path.basename(image.path)));
    const { items } = await stageFiles(core, [photos]);
    // After staging: one file is cut short (rewritten mid-copy, say), one deleted.
    const cut = path.join(photos, 'photo-004.jpg');
    await writeFile(cut, (await readFile(cut)).subarray(0, 3000));
    await rm(path.join(photos, 'photo-005.jpg'));
    const run = randomUUID();
    const progress: Array<{ done: number; total: number }> = [];
    const stop = core.subscribe((channel, payload) => {
      const step = payload as { run: string; done: number; total: number };
      if (channel === 'media:finderProgress' && step.run === run) progress.push(step);
    });
    const proposal = await core.handlers['media:findWatermark']({
      tokens: items.map((item) => item.token),
      run,
    });
    stop();
    const nameOf = (token: string) => items.find((item) => item.token === token)?.name;
    expect(
      proposal.unreadable.map((entry) => ({ name: nameOf(entry.token), reason: entry.reason })),
    ).toEqual([
      { name: 'photo-005.jpg', reason: expect.stringMatching(/no longer available/) as string },
      {
        name: 'photo-004.jpg',
        reason: 'It is damaged or incomplete, so it could not be read; it is left out.',
      },
    ]);
    const [group] = proposal.groups;
    expect(group?.masks).toHaveLength(1);
    expect(group?.images.filter((image) => image.sure).map((image) => nameOf(image.token))).toEqual(
      ['photo-001.jpg', 'photo-002.jpg', 'photo-003.jpg', 'photo-006.jpg'],
    );
    // How far the search was reached the window as it went, up to the end.
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)?.done).toBe(progress.at(-1)?.total);
  });

  it('says a single image is too few to find a mark in', async () => {
    const { items } = await stageFiles(core, [path.join(dir, 'photos', 'photo-001.jpg')]);
    const proposal = await core.handlers['media:findWatermark']({
      tokens: items.map((item) => item.token),
    });
    expect(proposal.groups).toEqual([]);
    expect(proposal.tooFew).toEqual([
      { token: items[0]?.token, reason: expect.stringMatching(/mark it by hand/) as string },
    ]);
  });
});
