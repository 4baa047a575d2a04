import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { makePhoto } from '../../support/images.ts';

const world = useRemoveWorld('clip-cli');
const { remove, submits } = world;

describe('clearframe remove given a clip', () => {
  it('says clips are cleaned in the window, cleans the photo beside it, and exits as for a refused input', async () => {
    const shoot = path.join(world.dir, 'shoot');
    await mkdir(shoot);
    const photo = path.join(shoot, 'IMG_0001.jpg');
    const clip = path.join(shoot, 'beach.MOV');
    await writeFile(photo, await makePhoto(320, 240, 'jpeg', 1));
    // Only its name is read: the command line never opens a clip.
    await writeFile(clip, 'a clip');

    const run = await remove(photo, clip);

    expect(run.stdout).toMatch(
      /skipped +.*beach\.MOV: clips are cleaned in the window \(Images screen, Videos\), where WebCodecs decodes them; the command line cannot\./,
    );
    expect(run.stdout).toContain('1 done, 0 failed, 1 not taken');
    expect(run.code).toBe(2);
    expect(submits()).toBe(1);
  });
});
