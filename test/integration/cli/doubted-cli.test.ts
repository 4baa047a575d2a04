import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { stampedWallpapers } from '../../support/wallpaper-marks.ts';

const world = useRemoveWorld('doubted-cli');
const { remove, submits } = world;

describe('clearframe remove with results in doubt', () => {
  it('says why and offers the three choices, and keeps or sends them on the flag', async () => {
    const folder = path.join(world.dir, 'photos');
    await mkdir(folder);
    const { mark } = await stampedWallpapers(folder, 2, { width: 640, height: 400 });
    const box = `30,30,${mark.width + 20},${mark.height + 20}`;
    const mask = ['--mask-anchor', 'bottom-right', '--mask-rect', box];

    // The service keeps most of the mark: both results are written, neither is called done.
    world.sim.setFaults({ rates: { 'mark-left': 1 } });
    const first = await remove(folder, ...mask);
    world.sim.setFaults({ rates: {} });
    expect(first.stdout).toMatch(
      /Mark still visible +wallpaper-00\.jpg: The watermark can still be read in the result\./,
    );
    expect(first.stdout).toContain(
      '2 results are not counted as done: they are in doubt (listed above). Keep them as they are with --keep-doubted (free), send them to the service with --send-doubted (1 credit each, with their masks), or mark the watermark by hand: --mask or --mask-rect with --force, or in the window.',
    );
    expect(first.code).toBe(1);
    expect(submits()).toBe(2);

    // Kept as it is: free, and done from now on.
    const kept = await remove(path.join(folder, 'wallpaper-00.jpg'), ...mask, '--keep-doubted');
    expect(kept.stdout).not.toContain('not counted as done');
    expect(kept.code).toBe(0);
    expect(submits()).toBe(2);

    // Sent to the service with its mask: the cost said first, one request, and done.
    const sent = await remove(folder, ...mask, '--send-doubted');
    expect(sent.stdout).toContain(
      '--send-doubted: sending 1 result in doubt to the service with the masks they had, 1 credit in all.',
    );
    expect(sent.stdout).not.toContain('not counted as done');
    expect(sent.code).toBe(0);
    expect(submits()).toBe(3);
  }, 120_000);
});
