import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../src-shared/domain/settings.ts';
import { makePhoto } from '../support/images.ts';
import { reportSection } from './report.ts';
import { FULL, StressWorld, filesUnder } from './world.ts';

/** 20 subfolders of 10 images, 20 names in all, so every name is in 10 folders. */
const FOLDERS = FULL ? 20 : 6;
const PER_FOLDER = 10;
const NAMES = 20;

describe('name collisions: images of the same name from many subfolders into one output folder', () => {
  let world: StressWorld;
  const rows: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    world = await StressWorld.start();
    world.settings.concurrency = { ...world.settings.concurrency, watermark: 8 };
  });

  /** A dropped tree of distinct photos (`variant` keeps them apart from another tree's). */
  async function tree(root: string, variant: number): Promise<string[]> {
    const inputs: string[] = [];
    for (let folder = 0; folder < FOLDERS; folder += 1) {
      await mkdir(path.join(root, `folder-${folder}`), { recursive: true });
      for (let k = 0; k < PER_FOLDER; k += 1) {
        const n = folder * PER_FOLDER + k;
        const file = path.join(root, `folder-${folder}`, `img-${n % NAMES}.png`);
        await writeFile(file, await makePhoto(48, 32, 'png', variant + n));
        inputs.push(file);
      }
    }
    return inputs;
  }

  afterAll(async () => {
    reportSection('name-collisions', rows);
    await world.close();
  });

  async function runInto(
    layout: Settings['folderLayout'],
  ): Promise<{ root: string; inputs: string[]; out: string; files: string[] }> {
    const root = path.join(world.dir, `drop-${layout}`);
    const inputs = await tree(root, layout === 'mirror' ? 0 : 1000);
    const out = path.join(world.dir, `out-${layout}`);
    world.settings.outputFolder = out;
    world.settings.folderLayout = layout;
    world.settings.conflictPolicy = 'suffix';
    const ids = world.watermark.add(inputs.map((inputPath) => ({ inputPath, root })));
    await world.settle(5 * 60_000);
    const files = (await filesUnder(out)).filter((file) => file.endsWith('.png'));
    const distinct = new Set(
      await Promise.all(
        files.map(async (file) =>
          createHash('sha256')
            .update(await readFile(file))
            .digest('hex'),
        ),
      ),
    );
    const tally = world.tallyImages(ids);
    rows.push({
      layout,
      images: inputs.length,
      concurrency: 8,
      'done/lost': `${tally.done}/${tally.lost}`,
      'files on disk': files.length,
      'distinct contents': distinct.size,
      'paid twice': world.paidTwice(),
    });
    expect(tally).toMatchObject({ done: inputs.length, lost: 0 });
    expect(files).toHaveLength(inputs.length);
    expect(distinct.size).toBe(inputs.length);
    expect((await filesUnder(out)).filter((file) => path.basename(file).startsWith('.'))).toEqual(
      [],
    );
    // Each job's recorded output is its own file.
    const outputs = ids.map((id) => world.store.getWatermarkJob(id)?.output_path);
    expect(new Set(outputs).size).toBe(inputs.length);
    return { root, inputs, out, files };
  }

  it(
    'mirrors the tree by default: one result per image, beside no other',
    async () => {
      const { root, inputs, out, files } = await runInto('mirror');
      expect(files.map((file) => path.relative(out, file)).sort()).toEqual(
        inputs.map((input) => path.relative(root, input).replace(/\.png$/, '-clean.png')).sort(),
      );
    },
    10 * 60_000,
  );

  it(
    'flattened, gives every image a name of its own by the suffix policy',
    async () => {
      const { out, files } = await runInto('flatten');
      expect(files.every((file) => path.dirname(file) === out)).toBe(true);
      expect(world.paidTwice()).toBe(0);
    },
    10 * 60_000,
  );
});
