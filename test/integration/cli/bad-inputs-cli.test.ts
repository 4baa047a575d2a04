import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
