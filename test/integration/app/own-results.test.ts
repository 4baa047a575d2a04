import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { startBareCore } from '../../support/test-core.ts';
import { stageFiles } from '../../support/staging.ts';

const KEY = 'cf-own-results-key-31';
let dir: string;
let sim: Simulator;
let core: AppCore;

const submissions = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

async function settle(): Promise<void> {
  await expect
    .poll(
      async () =>
        (await core.handlers['watermark:list'](undefined)).jobs.every(
          (job) => job.state === 'done',
        ),
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-own-results-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'own-results' });
  await core.handlers['settings:update']({ watermarkBaseUrl: sim.watermarkBaseUrl });
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
});

afterAll(async () => {
  await core.stop();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the app and the results it wrote', () => {
  it('stages none of its results when the same folder is dropped again, and sends none', async () => {
    const folder = path.join(dir, 'shoot');
    await mkdir(folder);
    for (let i = 0; i < 4; i += 1)
      await writeFile(path.join(folder, `IMG_420${i}.png`), await makePhoto(40, 30, 'png', i));
    const first = await stageFiles(core, [folder]);
    expect(first.items).toHaveLength(4);
    await core.handlers['watermark:add']({ items: first.items.map(({ token }) => ({ token })) });
    await settle();
    expect(await readdir(path.join(folder, 'clearframe'))).toHaveLength(5);
    await copyFile(
      path.join(folder, 'clearframe', 'IMG_4203-clean.png'),
      path.join(folder, 'best.png'),
    );

    const sent = submissions();
    const again = await stageFiles(core, [folder]);
    expect(again.items.map((item) => item.name).sort()).toEqual([
      'IMG_4200.png',
      'IMG_4201.png',
      'IMG_4202.png',
      'IMG_4203.png',
    ]);
    const reasons = Object.fromEntries(
      again.skipped.map((skip) => [path.relative(folder, skip.path), skip.reason]),
    );
    expect(reasons).toMatchObject({
      [path.join('clearframe', 'IMG_4201-clean.png')]:
        'This is a result Clearframe wrote (from IMG_4201.png).',
      'best.png': 'This is a copy of a result Clearframe wrote (from IMG_4203.png).',
    });
    // Each original says it was cleaned before; without "Clean again" it is not paid again.
    expect(again.items.every((item) => item.cleaned?.startsWith('Cleaned before ('))).toBe(true);
    const added = await core.handlers['watermark:add']({
      items: again.items.map(({ token }) => ({ token })),
    });
    expect(added.added).toBe(0);
    expect(added.skipped[0]?.reason).toMatch(/^It was already cleaned with the same mask/);
    expect(submissions()).toBe(sent);
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);

    // Asked for, it is sent again, once: the one request sent twice, by choice.
    const [chosen] = again.items;
    const redo = await core.handlers['watermark:add']({
      items: [{ token: chosen?.token ?? '', again: true }],
    });
    expect(redo.added).toBe(1);
    await settle();
    expect(submissions()).toBe(sent + 1);
  });

  it('brings back the mask a file was cleaned with, so adding the folder again pays nothing', async () => {
    const folder = path.join(dir, 'masked');
    await mkdir(folder);
    for (let i = 0; i < 3; i += 1)
      await writeFile(path.join(folder, `IMG_00${i}.png`), await makePhoto(40, 30, 'png', i + 40));
    const strokes = [{ kind: 'rect' as const, x: 28, y: 22, width: 10, height: 6 }];
    const first = await stageFiles(core, [folder]);
    await core.handlers['watermark:add']({
      items: first.items.map(({ token }) => ({ token, strokes })),
    });
    await settle();

    const sent = submissions();
    const again = await stageFiles(core, [folder]);
    expect(again.items).toHaveLength(3);
    // Each comes back with the mask it was cleaned with, which the window puts on it again.
    expect(again.items.map((item) => item.cleanedWith)).toEqual([strokes, strokes, strokes]);
    const added = await core.handlers['watermark:add']({
      items: again.items.map(({ token, cleanedWith }) => ({ token, strokes: cleanedWith })),
    });
    expect(added.added).toBe(0);
    expect(added.skipped.map((skip) => skip.reason)).toEqual(
      Array(3).fill(expect.stringMatching(/^It was already cleaned with the same mask/)),
    );
    expect(submissions()).toBe(sent);
  });

  it('mirrors a dropped tree under the output folder', async () => {
    const root = path.join(dir, 'tree');
    const out = path.join(dir, 'out');
    for (const sub of ['a', path.join('a', 'b'), 'c']) {
      await mkdir(path.join(root, sub), { recursive: true });
      await writeFile(
        path.join(root, sub, 'img.png'),
        await makePhoto(40, 30, 'png', sub.length + 20),
      );
    }
    await core.handlers['settings:update']({ outputFolder: out });
    const sent = submissions();
    const staged = await stageFiles(core, [root]);
    await core.handlers['watermark:add']({ items: staged.items.map(({ token }) => ({ token })) });
    await settle();
    expect(submissions()).toBe(sent + 3);
    const written = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.png'));
    expect(written.sort()).toEqual(
      [
        path.join('a', 'b', 'img-clean.png'),
        path.join('a', 'img-clean.png'),
        path.join('c', 'img-clean.png'),
      ].sort(),
    );
  });
});
