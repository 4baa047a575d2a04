import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { makePhoto } from '../../support/images.ts';

const world = useRemoveWorld('remove-names');

describe('clearframe remove, same-named files', () => {
  it('names each by its path under the folder given, and a name no other file has by itself', async () => {
    const shoot = path.join(world.dir, 'shoot');
    for (const [day, seed] of [
      ['day-1', 1],
      ['day-2', 2],
    ] as const) {
      await mkdir(path.join(shoot, day), { recursive: true });
      await writeFile(path.join(shoot, day, 'IMG_0001.png'), await makePhoto(48, 32, 'png', seed));
    }
    await writeFile(path.join(shoot, 'cover.png'), await makePhoto(48, 32, 'png', 3));
    const run = await world.remove(shoot, '--recursive');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.includes(' -> '));
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => /\bday-1\/IMG_0001\.png -> /.test(line))).toBe(true);
    expect(lines.some((line) => /\bday-2\/IMG_0001\.png -> /.test(line))).toBe(true);
    expect(lines.some((line) => / cover\.png -> /.test(line))).toBe(true);
  });
});
