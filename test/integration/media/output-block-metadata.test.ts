import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { jpegSegments } from '../../../src-main/core/media/jpeg-tables.ts';
import { writeOutput } from '../../../src-main/core/media/output.ts';
import { REAL_PHOTOS, requireRealPhotos } from '../../support/real-photos.ts';

const W = 480;
const H = 320;
const box = { x: 300, y: 200, width: 120, height: 60 };

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-block-metadata-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** An upright photo in Display P3 with EXIF, and a patch of other pixels over a box of it. */
async function taggedPhoto(): Promise<{ input: string; patch: Buffer }> {
  await requireRealPhotos();
  const input = path.join(dir, 'tagged.jpg');
  await writeFile(
    input,
    await sharp(REAL_PHOTOS[6])
      .resize(W, H, { fit: 'cover' })
      .withMetadata({ icc: 'p3', exif: { IFD0: { Copyright: 'Ada Lovelace' } } })
      .jpeg({ quality: 88 })
      .toBuffer(),
  );
  const patch = Buffer.alloc(box.width * box.height * 3);
  for (let i = 0; i < patch.length; i += 1) patch[i] = (i * 37) % 251;
  return { input, patch };
}

describe('a JPEG whose untouched blocks are copied', () => {
  it('keeps its own EXIF and ICC profile when metadata is kept, and its pixels away from the patch', async () => {
    const { input, patch } = await taggedPhoto();
    const plane = new Uint8Array(W * H);
    for (let y = box.y; y < box.y + box.height; y += 1) {
      plane.fill(1, y * W + box.x, y * W + box.x + box.width);
    }
    const outcome = await writeOutput({
      input,
      result: { patches: [{ box, data: patch }] },
      mask: () => Promise.resolve(plane),
      settings: { ...DEFAULT_SETTINGS, outputFolder: dir, metadataPolicy: 'keep' },
      n: 1,
    });
    const output = 'written' in outcome ? outcome.written : '';
    const [meta, inputMeta] = await Promise.all([
      sharp(output).metadata(),
      sharp(input).metadata(),
    ]);
    expect(meta.exif?.toString('latin1')).toContain('Ada Lovelace');
    expect(meta.icc).toEqual(inputMeta.icc);
    // The input's own segments, byte for byte: not read and written again.
    const app1 = async (file: string) =>
      [...jpegSegments(await readFile(file))].find(({ marker }) => marker === 0xe1)?.body;
    expect(await app1(output)).toEqual(await app1(input));
    expect([meta.width, meta.height, meta.format]).toEqual([W, H, 'jpeg']);
    const pixels = (file: string) => sharp(file).keepIccProfile().raw().toBuffer();
    const [after, before] = await Promise.all([pixels(output), pixels(input)]);
    // Rows well above the patch and its seam: every pixel the input's own.
    const rows = (box.y - 32) * W * 3;
    expect(after.subarray(0, rows).equals(before.subarray(0, rows))).toBe(true);
    expect(after.equals(before)).toBe(false);
  });
});
