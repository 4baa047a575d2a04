import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { copyUntouchedBlocks } from '../../../src-main/core/media/jpeg-blocks.ts';
import { grid, parse } from '../../../src-main/core/media/jpeg-parse.ts';
import { decode } from '../../../src-main/core/media/jpeg-recode.ts';
import { jpegSegments } from '../../../src-main/core/media/jpeg-tables.ts';
import { REAL_PHOTOS, requireRealPhotos } from '../../support/real-photos.ts';

/** A crop of a real photo as JPEG, and the same pixels with a box changed, encoded alike. */
async function photoPair(optimiseCoding: boolean, width = 640, height = 424) {
  await requireRealPhotos();
  const pixels = await sharp(REAL_PHOTOS[4])
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const raw = { raw: { width, height, channels: 3 as const } };
  const source = await sharp(pixels, raw).jpeg({ quality: 85, optimiseCoding }).toBuffer();
  const decoded = await sharp(source).raw().toBuffer();
  const box = { left: 400, top: 300, right: 560, bottom: 380 };
  // A lighter box with noise in it: symbols the photo's own tables may lack.
  for (let y = box.top; y < box.bottom; y += 1) {
    for (let x = box.left; x < box.right; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        const i = (y * width + x) * 3 + c;
        decoded[i] = Math.min(255, (decoded[i] as number) * 0.5 + 120 + ((x * 7 + y * 13) % 23));
      }
    }
  }
  const encoded = await sharp(decoded, raw).jpeg({ quality: 85, optimiseCoding }).toBuffer();
  const keep = (left: number, top: number, right: number, bottom: number) =>
    right <= box.left || left >= box.right || bottom <= box.top || top >= box.bottom;
  return { source, encoded, keep };
}

const tablesOf = (bytes: Buffer) =>
  Buffer.concat(
    [...jpegSegments(bytes)].filter(({ marker }) => marker === 0xc4).map(({ body }) => body),
  );

/** Every block's coefficients, MCU by MCU: the source's where kept, the re-encode's elsewhere. */
function expectBlocksFrom(
  result: Buffer,
  source: Buffer,
  encoded: Buffer,
  keep: (left: number, top: number, right: number, bottom: number) => boolean,
) {
  const parsed = parse(result);
  if (!parsed) throw new Error('the result is not a baseline JPEG');
  const blocksOf = (bytes: Buffer) => {
    const read = decode(bytes, parse(bytes) ?? parsed);
    if (!read) throw new Error('a scan could not be read');
    return read;
  };
  const [mine, own, theirs] = [blocksOf(result), blocksOf(source), blocksOf(encoded)];
  const { hMax, vMax, mcuX, mcuY } = grid(parsed);
  let kept = 0;
  for (let my = 0; my < mcuY; my += 1) {
    for (let mx = 0; mx < mcuX; mx += 1) {
      const [left, top] = [mx * 8 * hMax, my * 8 * vMax];
      const fromSource = keep(left, top, left + 8 * hMax, top + 8 * vMax);
      if (fromSource) kept += 1;
      parsed.components.forEach((component, c) => {
        for (let by = 0; by < component.v; by += 1) {
          const start = ((my * component.v + by) * mcuX * component.h + mx * component.h) * 64;
          const end = start + component.h * 64;
          const expected = (fromSource ? own : theirs).blocks[c]?.subarray(start, end);
          expect(mine.blocks[c]?.subarray(start, end)).toEqual(expected);
        }
      });
    }
  }
  return kept;
}

describe('splicing a JPEG result into its source', () => {
  it("keeps the source's own Huffman tables, and so its coded bits, when they code the changed blocks", async () => {
    const { source, encoded, keep } = await photoPair(false);
    const result = copyUntouchedBlocks(source, encoded, keep);
    expect(result).toBeDefined();
    const bytes = result?.bytes ?? Buffer.alloc(0);
    expect(tablesOf(bytes).equals(tablesOf(source))).toBe(true);
    const kept = expectBlocksFrom(bytes, source, encoded, keep);
    expect([result?.copied, result?.total]).toEqual([kept, 40 * 27]);
    expect(kept).toBeLessThan(40 * 27);
  });

  it('fits new tables when the source was coded with tables of its own that lack a code, every block still in place', async () => {
    const { source, encoded, keep } = await photoPair(true);
    const result = copyUntouchedBlocks(source, encoded, keep);
    const bytes = result?.bytes ?? Buffer.alloc(0);
    expect(tablesOf(bytes).equals(tablesOf(source))).toBe(false);
    expectBlocksFrom(bytes, source, encoded, keep);
    // What a viewer shows: the source's pixels, bit for bit, well away from the changed box.
    const after = await sharp(bytes).raw().toBuffer();
    const before = await sharp(source).raw().toBuffer();
    const row = 640 * 3;
    for (let y = 0; y < 280; y += 1) {
      expect(
        after.subarray(y * row, (y + 1) * row).equals(before.subarray(y * row, (y + 1) * row)),
      ).toBe(true);
    }
  });

  it('takes the changed MCUs alone from the re-encode when the change lies at the first and the last MCU', async () => {
    const { source, encoded } = await photoPair(true);
    const keep = (left: number, top: number, right: number, bottom: number) =>
      !(left === 0 && top === 0) && !(right === 640 && bottom === 424);
    const result = copyUntouchedBlocks(source, encoded, keep);
    expect(result?.copied).toBe(40 * 27 - 2);
    expectBlocksFrom(result?.bytes ?? Buffer.alloc(0), source, encoded, keep);
  });
});
