import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { markedSet, scene, seeded, stamp, writeJpeg } from '../../support/marked-scenes.ts';

const world = useRemoveWorld('auto-mask-doubt', 50);
const { remove, submits } = world;

describe('clearframe remove --auto-mask, when the finder is not sure', () => {
  it('leaves out, with the reason, an image whose mark is faint and a file it cannot read', async () => {
    const folder = path.join(world.dir, 'batch');
    const set = await markedSet(folder, {
      count: 6,
      sizes: [{ width: 400, height: 300 }],
      opacity: 0.4,
      seed: 21,
    });
    // The same mark at 5 % over another photo: seen, but too faintly to vouch for its mask.
    const rgb = scene(400, 300, seeded(99));
    const at = set.images[0]?.at ?? { x: 0, y: 0 };
    stamp(rgb, 400, set.mark, at.x, at.y, 0.05);
    await writeJpeg(folder, 'faint.jpg', rgb, 400, 300);
    // A JPEG cut short: its header reads, its pixels do not, so it is refused before the
    // finder looks (a file that breaks after that is the finder's own test's case).
    const whole = await readFile(set.images[1]?.path ?? '');
    await writeFile(path.join(folder, 'cut-short.jpg'), whole.subarray(0, 3000));
    const before = submits();

    const run = await remove(folder, '--auto-mask');
    expect(run.stdout).toMatch(
      /faint\.jpg: The mark is faint or partly hidden on it \(score 0\.\d\d\): its mask needs a look before it is used\. It is left out: nothing is sent for it/,
    );
    expect(run.stdout).toMatch(
      /skipped +\S*cut-short\.jpg: The image is damaged or cut short: not all of its pixels can be read\./,
    );
    expect(run.stdout).toContain('Group 1 (6 images): the service, 6 credits.');
    expect(run.stdout).toContain('6 done, 0 failed, 2 not taken');
    // The six that carry the mark clearly are sent, and only they.
    expect(submits() - before).toBe(6);
  });
});
