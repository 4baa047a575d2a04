import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { makePhoto } from '../../support/images.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';

const KEY = 'own-results-cli-key';
let dir: string;
let sim: Simulator;

const submissions = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit)).length;

const remove = (args: string[], dataDir: string) =>
  runCli(['remove', ...args, '--data-dir', dataDir], {
    env: { CLEARFRAME_WATERMARK_KEY: KEY, CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl },
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-own-results-cli-'));
  // The service's 1.5 s per image is not what these tests are about: seven runs sit it out.
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 1000 }],
    watermark: { processingMs: 100, jitter: 0.2 },
  });
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the command line and the files it writes', () => {
  it('gives twenty images of one name twenty results, in the tree they came from', async () => {
    const root = path.join(dir, 'shoot');
    for (let i = 0; i < 20; i += 1) {
      await mkdir(path.join(root, `day-${i}`), { recursive: true });
      await writeFile(path.join(root, `day-${i}`, 'img.png'), await makePhoto(48, 32, 'png', i));
    }
    const out = path.join(dir, 'cleaned');
    const run = await remove([root, '--recursive', '--out', out], path.join(dir, 'data-tree'));
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('20 done, 0 failed.');
    const written = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.png'));
    expect(written.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => path.join(`day-${i}`, 'img-clean.png')).sort(),
    );
  });

  it('run again on a folder holding its results, sends none of them, and says why', async () => {
    const folder = path.join(dir, 'holiday');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < 3; i += 1)
      await writeFile(path.join(folder, `IMG_420${i}.png`), await makePhoto(48, 32, 'png', 50 + i));
    const dataDir = path.join(dir, 'data-again');
    const first = await remove([folder, '--recursive'], dataDir);
    expect(first.stdout).toContain('3 done, 0 failed.');
    // A result copied out of the results folder is still one of ours.
    await copyFile(
      path.join(folder, 'clearframe', 'IMG_4200-clean.png'),
      path.join(folder, 'keeper.png'),
    );
    const before = submissions();
    const again = await remove([folder, '--recursive'], dataDir);
    expect(submissions()).toBe(before);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      'IMG_4201-clean.png: This is a result Clearframe wrote (from IMG_4201.png).',
    );
    expect(again.stdout).toContain(
      'keeper.png: This is a copy of a result Clearframe wrote (from IMG_4200.png).',
    );
    expect((await readdir(path.join(folder, 'clearframe'))).sort()).toEqual([
      'IMG_4200-clean.png',
      'IMG_4201-clean.png',
      'IMG_4202-clean.png',
      'clearframe-provenance.jsonl',
    ]);
  });

  it('does not pay again for an image already cleaned with the same mask, under another name', async () => {
    const folder = path.join(dir, 'renamed');
    await mkdir(folder, { recursive: true });
    // A wall of one colour: whatever the stand-in fills the mask with is that colour again.
    const wall = sharp({
      create: { width: 48, height: 32, channels: 3, background: { r: 90, g: 120, b: 150 } },
    });
    await writeFile(path.join(folder, 'quay.png'), await wall.png().toBuffer());
    const dataDir = path.join(dir, 'data-renamed');
    const mask = ['--mask-rect', '4,4,10,10'];
    // The stand-in's repaint of a flat wall changes nothing: the result is in doubt,
    // named and counted apart from done, and still known as cleaned with this mask.
    const first = await remove([folder, ...mask], dataDir);
    expect(first.stdout).toMatch(/Unchanged +quay\.png: The service gave the image back unchanged/);
    expect(first.stdout).toContain('0 done, 0 failed.');
    expect(first.stdout).toContain('1 result is not counted as done: it is in doubt');
    await copyFile(path.join(folder, 'quay.png'), path.join(folder, 'quay-copy.png'));
    const before = submissions();
    const again = await remove([path.join(folder, 'quay-copy.png'), ...mask], dataDir);
    expect(submissions()).toBe(before);
    expect(again.stdout).toMatch(/quay-copy\.png: It was already cleaned with the same mask/);
    // Another mask is another result: that one is sent.
    const other = await remove(
      [path.join(folder, 'quay-copy.png'), '--mask-rect', '1,1,5,5'],
      dataDir,
    );
    expect(other.stdout).toContain('1 result is not counted as done: it is in doubt');
    expect(submissions()).toBe(before + 1);
  });

  it('lists every file of a folder it does not take, with the reason', async () => {
    const folder = path.join(dir, 'mixed');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'scan'), await makePhoto(48, 32, 'png', 120));
    await writeFile(path.join(folder, 'notes'), 'shopping list\n');
    await writeFile(path.join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const run = await remove([folder, '--recursive'], path.join(dir, 'data-mixed'));
    expect(run.stdout).toContain('1 done, 0 failed, 2 not taken');
    expect(run.stdout).toMatch(
      /notes: It has no file extension and its contents are not an image\./,
    );
    expect(run.stdout).toMatch(/logo\.svg: It is an SVG, a vector drawing/);
    expect(await readdir(path.join(folder, 'clearframe'))).toContain('scan-clean.png');
  });
});
