import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { copyUntouchedBlocks } from '../../../src-main/core/media/jpeg-blocks.ts';
import { makeMarkedPhoto } from '../../support/images.ts';

const W = 100;
const H = 70;
const mark = { left: 60, top: 40, width: 30, height: 20 };

async function pair(quality: number, options: { progressive?: boolean } = {}) {
  const source = await makeMarkedPhoto(W, H, mark, { format: 'jpeg', quality });
  const pixels = await sharp(source).raw().toBuffer();
  const encoded = await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality, ...options })
    .toBuffer();
  return { source, encoded };
}

const decoded = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

describe('copying untouched JPEG blocks', () => {
  it('gives back the source pixel for pixel where every block is kept, the re-encode where none is', async () => {
    const { source, encoded } = await pair(88);
    const all = copyUntouchedBlocks(source, encoded, () => true);
    // 100×70 in 16×16 MCUs (4:2:0): 7 × 5.
    expect([all?.copied, all?.total]).toEqual([35, 35]);
    expect((await decoded(all?.bytes ?? Buffer.alloc(0))).equals(await decoded(source))).toBe(true);
    const none = copyUntouchedBlocks(source, encoded, () => false);
    expect(none?.copied).toBe(0);
    expect((await decoded(none?.bytes ?? Buffer.alloc(0))).equals(await decoded(encoded))).toBe(
      true,
    );
  });

  it('keeps the source in the MCUs asked for only', async () => {
    const { source, encoded } = await pair(95);
    const copied = copyUntouchedBlocks(source, encoded, (left, top) => left < 48 && top < 32);
    const [before, after] = await Promise.all([
      decoded(source),
      decoded(copied?.bytes ?? Buffer.alloc(0)),
    ]);
    // Well inside the kept MCUs (away from their neighbours' chroma), every pixel is the source's.
    for (let y = 0; y < 30; y += 1) {
      const row = y * W * 3;
      expect(after.subarray(row, row + 46 * 3).equals(before.subarray(row, row + 46 * 3))).toBe(
        true,
      );
    }
  });

  it('leaves alone what it cannot combine: a progressive file, other tables', async () => {
    const progressive = await pair(88, { progressive: true });
    expect(
      copyUntouchedBlocks(progressive.source, progressive.encoded, () => true),
    ).toBeUndefined();
    const { source } = await pair(88);
    const other = (await pair(75)).encoded;
    expect(copyUntouchedBlocks(source, other, () => true)).toBeUndefined();
  });

  it('leaves a source with restart intervals to the plain re-encode', async () => {
    const { source, encoded } = await pair(88);
    // A DRI segment right after SOI: the source now declares a restart every 4 MCUs.
    const withRestarts = Buffer.concat([
      source.subarray(0, 2),
      Buffer.from([0xff, 0xdd, 0x00, 0x04, 0x00, 0x04]),
      source.subarray(2),
    ]);
    expect(copyUntouchedBlocks(withRestarts, encoded, () => true)).toBeUndefined();
    // The same pair without the DRI segment combines block for block: only the restarts refuse it.
    expect(copyUntouchedBlocks(source, encoded, () => true)).toMatchObject({
      copied: 35,
      total: 35,
    });
  });
});
