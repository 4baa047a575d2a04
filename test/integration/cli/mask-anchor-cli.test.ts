import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { readWatermarkRecord } from '../../../src-main/core/jobs/watermark/watermark-record.ts';
import { MaskStore } from '../../../src-main/core/media/mask-store.ts';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { makePhoto } from '../../support/images.ts';
import { markedSet } from '../../support/marked-scenes.ts';

const world = useRemoveWorld('mask-anchor', 50);
const { remove, submits } = world;

/** The strokes each input's job was sent with, read from the job database. */
function sentStrokes(inputs: readonly string[]): Map<string, Stroke[] | undefined> {
  const store = JobStore.open(path.join(world.dir, 'data', 'clearframe.sqlite'));
  try {
    return new Map(
      inputs.map((input) => {
        const job = store.latestWatermarkJobFor(input);
        const record = job && readWatermarkRecord(job);
        return [input, record?.ok ? record.value.strokes : undefined];
      }),
    );
  } finally {
    store.close();
  }
}

/** Three landscape and three portrait photos in one folder. */
async function mixedFolder(): Promise<string[]> {
  const folder = path.join(world.dir, 'mixed');
  await mkdir(folder);
  const files: string[] = [];
  for (let k = 0; k < 6; k += 1) {
    const [width, height] = k % 2 === 0 ? [64, 48] : [48, 64];
    const file = path.join(folder, `photo-${k}.png`);
    await writeFile(file, await makePhoto(width, height, 'png', 40 + k));
    files.push(file);
  }
  return files;
}

describe('clearframe remove, masks across sizes', () => {
  it('cleans a folder of mixed sizes with one rectangle measured from the bottom-right corner', async () => {
    const files = await mixedFolder();
    const run = await remove(
      path.join(world.dir, 'mixed'),
      '--mask-rect',
      '2,3,20,10',
      '--mask-anchor',
      'bottom-right',
    );
    expect(run.stderr).toBe('');
    // Every image is sent and written (the stand-in gives some of these plain gradients back
    // unchanged, which is said apart from done); what matters here is each one's rectangle.
    expect(run.stdout).toContain('[6/6] done');
    expect(run.stdout).toMatch(/\d done, 0 failed\./);
    const sent = sentStrokes(files);
    for (const [k, file] of files.entries()) {
      const [width, height] = k % 2 === 0 ? [64, 48] : [48, 64];
      expect(sent.get(file)).toEqual([
        { kind: 'rect', x: width - 22, y: height - 13, width: 20, height: 10 },
      ]);
    }
  });

  it('refuses a rectangle that reaches outside one image, naming it, before anything is sent', async () => {
    await mixedFolder();
    await writeFile(path.join(world.dir, 'mixed', 'tiny.png'), await makePhoto(16, 16, 'png', 9));
    const before = submits();
    const run = await remove(path.join(world.dir, 'mixed'), '--mask-rect', '20,20,20,10');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'tiny.png is 16×16, and --mask-rect 20,20,20,10 reaches outside it (it needs at least 40×30), so nothing was sent.',
    );
    expect(submits()).toBe(before);
  });

  it('grows the rectangle by the pixels asked before sending it', async () => {
    const [file] = await mixedFolder();
    const run = await remove(file ?? '', '--mask-rect', '10,10,20,10', '--mask-grow', '3');
    expect(run.stdout).toContain('1 done, 0 failed.');
    const [stroke] = sentStrokes([file ?? '']).get(file ?? '') ?? [];
    expect(stroke?.kind).toBe('bitmap');
    const plane = await new MaskStore(path.join(world.dir, 'data', 'masks')).plane(
      stroke ? [stroke] : [],
      64,
      48,
    );
    // 20 × 10 grown by 3 pixels with round corners: (26 × 16) less the four corners' misses.
    const marked = plane.reduce((sum, value) => sum + value, 0);
    expect(marked).toBeGreaterThan(20 * 10 + 2 * 3 * (20 + 10));
    expect(marked).toBeLessThan(26 * 16);
  });

  it('with --auto-mask --dry-run prints what it found and saves the masks, and sends nothing', async () => {
    const set = await markedSet(path.join(world.dir, 'marked'), {
      count: 8,
      sizes: [{ width: 400, height: 300 }],
      opacity: 0.4,
      seed: 3,
      absent: 1,
    });
    const before = world.sim.requestLog().length;
    const masks = path.join(world.dir, 'masks');
    const run = await remove(
      path.join(world.dir, 'marked'),
      '--auto-mask',
      '--dry-run',
      '--save-masks',
      masks,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Watermark found in 7 of 8 images of 400×300: /);
    expect(run.stdout).toMatch(/Not on photo-000\.jpg \(score -?0\.\d\d\): sent without a mask\./);
    expect(run.stdout).toContain(
      'Dry run: 8 images looked at, nothing was sent and nothing was paid.',
    );
    // Not a request of any kind reached the service, paid or free.
    expect(world.sim.requestLog().slice(before)).toEqual([]);
    const [saved] = await readdir(masks);
    expect(saved).toBe('mask-group1-400x300.png');
    const { data, info } = await sharp(path.join(masks, saved ?? ''))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 300]);
    expect(new Set(data)).toEqual(new Set([0, 255]));
    expect(set.images).toHaveLength(8);
  });

  it('with --auto-mask sends the found mask with each image that carries the mark', async () => {
    const set = await markedSet(path.join(world.dir, 'marked'), {
      count: 6,
      sizes: [{ width: 400, height: 300 }],
      opacity: 0.4,
      seed: 5,
      absent: 1,
    });
    const run = await remove(path.join(world.dir, 'marked'), '--auto-mask');
    expect(run.stdout).toContain('6 done, 0 failed.');
    const sent = sentStrokes(set.images.map((image) => image.path));
    const [absent, ...marked] = set.images;
    expect(sent.get(absent?.path ?? '')).toBeUndefined();
    const tokens = new Set(marked.map((image) => JSON.stringify(sent.get(image.path))));
    expect(tokens.size).toBe(1);
    expect(sent.get(marked[0]?.path ?? '')?.[0]?.kind).toBe('bitmap');
  });
});
