import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onTerminal } from '../../support/cli-process.ts';
import { useRemoveWorld } from '../../support/cli-remove-world.ts';
import { stampedWallpapers } from '../../support/wallpaper-marks.ts';

const world = useRemoveWorld('large-mask-cli');
const { remove, submits } = world;

/**
 * Three real photos (the desktop's wallpapers, 640×400, JPEG q85) with a 40 % white mark
 * near the bottom-right corner. A quarter of each (320×200) is a mask over 15 %; a box
 * around the mark is about 2 %.
 */
async function photos(): Promise<{ folder: string; markBox: string }> {
  const folder = path.join(world.dir, 'photos');
  await mkdir(folder);
  const { mark } = await stampedWallpapers(folder, 3, { width: 640, height: 400 });
  const markBox = `30,30,${mark.width + 20},${mark.height + 20}`;
  return { folder, markBox };
}

const QUARTER = ['--mask-rect', '0,0,320,200'];

describe('clearframe remove with a mask over 15 % of the image', () => {
  it('shows the share in a dry run, and names the images whose mask is large', async () => {
    const { folder } = await photos();
    const run = await remove(folder, ...QUARTER, '--dry-run');
    expect(run.stdout).toContain('The masks each cover 25% of their image.');
    expect(run.stdout).toContain(
      '3 images have masks over 15% of them (the largest covers 25%): the service repaints all of a mask, 1 credit an image.',
    );
    expect(run.stdout).toMatch(/ {2}wallpaper-00\.jpg: 25%/);
    expect(run.code).toBe(0);
    expect(submits()).toBe(0);
  });

  it('stops off a terminal with exit code 2 and names --allow-large-mask, sending nothing', async () => {
    const { folder } = await photos();
    const before = submits();
    const run = await remove(folder, ...QUARTER);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'clearframe remove: Nothing was sent. Look at the masks (--dry-run lists them, --save-masks writes them), or add --allow-large-mask to send them as they are.\n',
    );
    expect(run.stdout).toContain('3 images have masks over 15% of them');
    expect(submits()).toBe(before);

    const allowed = await remove(folder, ...QUARTER, '--allow-large-mask');
    expect(allowed.stderr).toBe('');
    expect(allowed.stdout).toContain('The masks each cover 25% of their image.');
    expect(submits()).toBe(before + 3);
  });

  it('asks on a terminal: no sends nothing, yes sends them', async () => {
    const { folder } = await photos();
    const data = ['--demo', '--out', `${world.dir}/out`, '--data-dir', `${world.dir}/data`];
    const no = await onTerminal(['remove', folder, ...QUARTER, ...data], 'n');
    expect(no.out).toMatch(
      /3 images have masks over 15% of them.*Send them with these masks anyway\? \[y\/N\]/s,
    );
    expect(no.out).toContain('Nothing was sent. Give a smaller mask');
    expect(no.code).toBe(2);
    expect(no.out).not.toContain('[1/3]');

    const yes = await onTerminal(['remove', folder, ...QUARTER, ...data], 'y');
    expect(yes.out).toContain('[3/3]');
    expect(yes.out).toContain('3 done');
  });

  it('sends a mask around the mark without asking, its share shown first', async () => {
    const { folder, markBox } = await photos();
    const before = submits();
    const run = await remove(folder, '--mask-anchor', 'bottom-right', '--mask-rect', markBox);
    expect(run.stdout).toMatch(/The masks each cover [0-9.]+% of their image\./);
    expect(run.stdout).not.toContain('over 15%');
    expect(run.stderr).toBe('');
    expect(submits()).toBe(before + 3);
  });
});
