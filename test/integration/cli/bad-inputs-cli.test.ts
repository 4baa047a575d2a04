import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readHeader } from '../../../src-main/core/media/decode.ts';
import { onTerminal } from '../../support/cli-process.ts';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { makePhoto, makeTruncatedJpeg } from '../../support/images.ts';

const world = useRemoveWorld('bad-inputs-cli');
const { remove, submits } = world;

describe('clearframe remove with bad files among good ones', () => {
  it('names a JPEG cut short with the reason before anything is sent, and cleans the others', async () => {
    const shoot = path.join(world.dir, 'shoot');
    await mkdir(shoot);
    await writeFile(path.join(shoot, 'IMG_0001.jpg'), await makePhoto(320, 240, 'jpeg', 1));
    await writeFile(path.join(shoot, 'IMG_0002.jpg'), await makeTruncatedJpeg(320, 240, 2));
    await writeFile(path.join(shoot, 'IMG_0003.jpg'), await makePhoto(320, 240, 'jpeg', 3));

    const run = await remove(shoot);

    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /skipped +.*IMG_0002\.jpg: The image is damaged or cut short: not all of its pixels can be read\./,
    );
    expect(run.stdout).toContain('2 done, 0 failed, 1 not taken');
    expect(run.code).toBe(0);
    expect(submits()).toBe(2);
  });
});

/** A folder of two photos of 64×48 and a mask file of one colour all over at their size. */
async function photosAndPlainMask(colour: string): Promise<{ folder: string; mask: string }> {
  const folder = path.join(world.dir, 'photos');
  await mkdir(folder);
  for (let i = 0; i < 2; i += 1) {
    await writeFile(path.join(folder, `pier-${i}.png`), await makePhoto(64, 48, 'png', i));
  }
  const mask = path.join(world.dir, `mask-${colour.slice(1)}.png`);
  await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toFile(mask);
  return { folder, mask };
}

describe('clearframe remove with a mask that marks every pixel', () => {
  it('refuses a mask white all over, saying both readings and how to say which, sending nothing', async () => {
    const { folder, mask } = await photosAndPlainMask('#ffffff');
    const before = submits();
    const run = await remove(folder, '--mask', mask);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'clearframe remove: The mask is white all over: as a white-on-black mask it marks the whole image, but under the service’s rule (white marks nothing) it marks nothing. Say which it means: add --mask-whole to repaint the whole of each image, or leave out --mask and the service looks for the watermark itself.\n',
    );
    expect(submits()).toBe(before);
  });

  it('refuses a mask that marks every pixel in a colour, and sends it once --mask-whole says so', async () => {
    const { folder, mask } = await photosAndPlainMask('#ff0000');
    const before = submits();
    const refused = await remove(folder, '--mask', mask);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /The mask marks every pixel: the whole image would be repainted/,
    );
    expect(submits()).toBe(before);

    const meant = await remove(folder, '--mask', mask, '--mask-whole');
    expect(meant.stderr).toBe('');
    // Both are sent and written; the stand-in has nothing left to repaint a whole image from,
    // gives it back as it was, and that is said rather than called done.
    expect(meant.stdout).toContain('[2/2] done');
    expect(meant.stdout).toContain('2 results are not counted as done: they are in doubt');
    expect(submits()).toBe(before + 2);
  });

  it('asks on a terminal, and sends nothing when the answer is no', async () => {
    const { folder, mask } = await photosAndPlainMask('#ffffff');
    const data = [
      '--demo',
      '--out',
      path.join(world.dir, 'out'),
      '--data-dir',
      path.join(world.dir, 'data'),
    ];
    const no = await onTerminal(['remove', folder, '--mask', mask, ...data], 'n');
    expect(no.out).toMatch(/white all over.*Repaint the whole of each image with it\? \[y\/N\]/s);
    expect(no.out).toMatch(/Nothing was sent\. Leave out --mask/);
    expect(no.code).toBe(2);

    const yes = await onTerminal(['remove', folder, '--mask', mask, ...data], 'y');
    expect(yes.out).toContain('[2/2] done');
    expect(yes.out).toContain('2 results are not counted as done: they are in doubt');
    expect(yes.code).toBe(1);
  });
});

describe('clearframe remove names each result by its bytes', () => {
  it('gives a PNG named .jpg a result named .png', async () => {
    const folder = path.join(world.dir, 'shots');
    await mkdir(folder);
    await writeFile(path.join(folder, 'screenshot.jpg'), await makePhoto(64, 48, 'png', 3));
    const run = await remove(folder);
    expect(run.stdout).toContain('1 done, 0 failed.');
    const out = path.join(world.dir, 'out');
    expect((await readdir(out)).filter((name) => name.startsWith('screenshot'))).toEqual([
      'screenshot-clean.png',
    ]);
    expect((await readHeader(path.join(out, 'screenshot-clean.png'))).format).toBe('png');
  });
});
