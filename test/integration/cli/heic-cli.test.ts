import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHeader } from '../../../src-main/core/media/decode.ts';
import { runCli } from '../../support/cli-process.ts';
import { HEIC, cornerColours } from '../../support/heic-fixtures.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-heic-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('clearframe remove --demo with phone photos', () => {
  it('cleans HEIC photos into upright JPEGs, and names the damaged one before sending anything, leaving it as it was', async () => {
    const photos = path.join(dir, 'phone');
    await mkdir(photos);
    const cut = HEIC.upright().subarray(0, 2000);
    await writeFile(path.join(photos, 'IMG_0001.HEIC'), HEIC.upright());
    await writeFile(path.join(photos, 'IMG_0002.HEIC'), HEIC.exifRotated());
    await writeFile(path.join(photos, 'IMG_0003.heic'), HEIC.containerRotated());
    await writeFile(path.join(photos, 'IMG_0004.heic'), cut);
    const out = path.join(dir, 'out');

    const run = await runCli(
      [
        'remove',
        photos,
        '--demo',
        // A small mark at the very corner, so the corners looked at below stay the photo's.
        '--mask-rect',
        '4,4,20,16',
        '--mask-anchor',
        'bottom-right',
        '--out',
        out,
        '--data-dir',
        path.join(dir, 'data'),
      ],
      { env: { CLEARFRAME_WATERMARK_KEY: '' } },
    );
    // Refused before anything is sent, named with the reason; the others go on.
    expect(run.stdout).toMatch(/skipped +\S*IMG_0004\.heic: .*damaged or incomplete/);
    // All three are cleaned and written; one the stand-in gives back as it was (flat colours
    // leave its repaint nothing to change) is said to be in doubt, and the exit code says so.
    expect(run.stdout).toContain('[3/3] done');
    expect(run.stdout).toMatch(/\d done, 0 failed, 1 not taken/);
    expect(run.code).toBe(run.stdout.includes('in doubt') ? 1 : 0);

    expect((await readdir(out)).sort()).toEqual([
      'IMG_0001-clean.jpg',
      'IMG_0002-clean.jpg',
      'IMG_0003-clean.jpg',
      'clearframe-provenance.jsonl',
    ]);
    const first = path.join(out, 'IMG_0001-clean.jpg');
    expect((await readHeader(first)).format).toBe('jpeg');
    expect(await cornerColours(first)).toEqual({
      width: 400,
      height: 300,
      corners: ['red', 'green', 'blue', 'white'],
    });
    for (const turned of ['IMG_0002-clean.jpg', 'IMG_0003-clean.jpg']) {
      expect(await cornerColours(path.join(out, turned)), turned).toEqual({
        width: 300,
        height: 400,
        corners: ['blue', 'red', 'white', 'green'],
      });
    }
    expect((await readFile(path.join(photos, 'IMG_0004.heic'))).equals(cut)).toBe(true);
  });
});
