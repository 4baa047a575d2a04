import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { makePhoto } from '../../support/images.ts';

const world = useRemoveWorld('remove-again');
const { remove, submits } = world;

describe('clearframe remove, run again', () => {
  it('refuses a damaged file named on the command line with the reason, sending nothing, and takes it once replaced', async () => {
    const photo = path.join(world.dir, 'harbour.png');
    await writeFile(photo, (await makePhoto(64, 48, 'png', 1)).subarray(0, 40));
    const first = await remove(photo);
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/harbour\.png: .*damaged or incomplete/);

    const second = await remove(photo);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/harbour\.png: .*damaged or incomplete/);
    expect(submits()).toBe(0);

    await writeFile(photo, await makePhoto(64, 48, 'png', 1));
    const third = await remove(photo);
    expect(third.stderr).toBe('');
    expect(third.code).toBe(0);
    expect(third.stdout).toContain('1 done, 0 failed.');
    expect(submits()).toBe(1);
  });

  it('says a finished file given a new mask was already cleaned, and pays again only with --force', async () => {
    const photo = path.join(world.dir, 'pier.png');
    await writeFile(photo, await makePhoto(64, 48, 'png', 2));
    expect((await remove(photo)).code).toBe(0);
    const before = submits();

    const masked = await remove(photo, '--mask-rect', '4,4,20,10');
    expect(masked.stdout).toContain(
      'pier.png: already cleaned with no mask (the corner the service picks), so --mask-rect 4,4,20,10 was not used. Add --force to pay for a new attempt with it (1 credit).',
    );
    expect(submits()).toBe(before);

    const forced = await remove(photo, '--mask-rect', '4,4,20,10', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(
      '--force: sending 1 file as a new paid attempt, 1 credit in all',
    );
    expect(forced.stdout).toContain('1 done, 0 failed.');
    expect(submits()).toBe(before + 1);
    // Cleaned now with that mask: the same mask again pays nothing.
    const again = await remove(photo, '--mask-rect', '4,4,20,10');
    expect(again.stdout).toContain('1 done, 0 failed.');
    expect(submits()).toBe(before + 1);
  });

  it('after a result link kept failing, --retry asks the service again for free', async () => {
    const photo = path.join(world.dir, 'quay.png');
    await writeFile(photo, await makePhoto(64, 48, 'png', 3));
    world.sim.setFaults({ rates: { 'result-expired': 1 } });
    const first = await remove(photo);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(
      /quay\.png: The result could not be downloaded: the result link has expired.*Check again.*free.*Run again with --retry to ask the service again \(free\); --force pays for a new attempt \(1 credit\)\./,
    );
    const paid = submits();

    world.sim.setFaults({ rates: {} });
    const retried = await remove(photo, '--retry');
    expect(retried.code).toBe(0);
    expect(retried.stdout).toContain('1 done, 0 failed.');
    expect(submits()).toBe(paid);
  });
});
