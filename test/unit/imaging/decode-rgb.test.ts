import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AS_STORED, decodeRgb } from '../../../src-main/imaging/decode-rgb.ts';

/** A 4×2 PNG stored as is, tagged to be shown turned a quarter (EXIF orientation 6). */
async function turnedPng(): Promise<Buffer> {
  const red = Buffer.alloc(4 * 2 * 3, 0);
  red[0] = 255;
  return sharp(red, { raw: { width: 4, height: 2, channels: 3 } })
    .png()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('one decoder of RGB pixels for the app and the simulator', () => {
  it('turns the picture upright for the app and keeps it as stored for the simulator', async () => {
    const png = await turnedPng();
    const upright = await decodeRgb(png);
    expect([upright.width, upright.height]).toEqual([2, 4]);
    // Turned clockwise, the stored top-left pixel lands top right.
    expect([...upright.data.subarray(3, 6)]).toEqual([255, 0, 0]);
    const stored = await decodeRgb(png, AS_STORED);
    expect([stored.width, stored.height, stored.channels]).toEqual([4, 2, 3]);
    expect([...stored.data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('reads a transparent pixel as black, so a transparent mask pixel is unmarked', async () => {
    const clear = Buffer.from([255, 255, 255, 0]);
    const png = await sharp(clear, { raw: { width: 1, height: 1, channels: 4 } })
      .png()
      .toBuffer();
    expect([...(await decodeRgb(png, AS_STORED)).data]).toEqual([0, 0, 0]);
  });
});
