import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../../src-main/core/media/collect-inputs.ts';
import { makePhoto, makeTruncatedJpeg } from '../../support/images.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-collect-'));
  await mkdir(path.join(dir, 'drop', 'inner'), { recursive: true });
  await writeFile(path.join(dir, 'drop', 'beach.jpg'), await makePhoto(16, 16, 'jpeg'));
  await writeFile(path.join(dir, 'drop', 'inner', 'scan'), await makePhoto(16, 16, 'png'));
  await writeFile(path.join(dir, 'drop', 'inner', 'notes'), 'not a picture\n');
  await writeFile(path.join(dir, 'drop', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'drop', 'readme.txt'), 'hello');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('collecting dropped folders', () => {
  it('takes images by their bytes when the name has no extension, and lists every other file with the reason', async () => {
    const drop = path.join(dir, 'drop');
    const collected = await collectInputs([drop], true);
    expect(collected.files).toEqual([
      path.join(drop, 'beach.jpg'),
      path.join(drop, 'inner', 'scan'),
    ]);
    expect(collected.roots.get(path.join(drop, 'inner', 'scan'))).toBe(drop);
    const reasons = Object.fromEntries(
      collected.skipped.map((skip) => [path.relative(drop, skip.path), skip.reason]),
    );
    expect(reasons).toEqual({
      [path.join('inner', 'notes')]: 'It has no file extension and its contents are not an image.',
      'logo.svg': expect.stringMatching(
        /^It is an SVG, a vector drawing, and the service takes only pixel images\./,
      ),
      'readme.txt': 'It is not an image file.',
    });
  });

  it('says why a file dropped by itself is not taken', async () => {
    const svg = path.join(dir, 'drop', 'logo.svg');
    const collected = await collectInputs([svg], false);
    expect(collected.files).toEqual([]);
    expect(collected.skipped[0]?.reason).toMatch(/vector drawing/);
  });

  it('decodes every pixel: a JPEG cut short is listed with the reason, the others are taken', async () => {
    const shoot = path.join(dir, 'shoot');
    await mkdir(shoot);
    await writeFile(path.join(shoot, 'IMG_0001.jpg'), await makePhoto(320, 240, 'jpeg', 1));
    await writeFile(path.join(shoot, 'IMG_0002.jpg'), await makeTruncatedJpeg(320, 240, 2));
    await writeFile(path.join(shoot, 'IMG_0003.jpg'), await makePhoto(320, 240, 'jpeg', 3));
    const collected = await collectInputs([shoot], true);
    expect(collected.files.map((file) => path.basename(file))).toEqual([
      'IMG_0001.jpg',
      'IMG_0003.jpg',
    ]);
    expect(collected.skipped).toEqual([
      {
        path: path.join(shoot, 'IMG_0002.jpg'),
        reason:
          'The image is damaged or cut short: not all of its pixels can be read. Open it in another program to check it, or copy it again.',
      },
    ]);
  });
});
