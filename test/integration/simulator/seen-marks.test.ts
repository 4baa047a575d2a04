import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { growPlane } from '../../../src-shared/domain/mask-morphology.ts';
import { inpaint } from '../../../src-main/simulator/inpaint.ts';
import { MIN_SEEN, SeenMarks } from '../../../src-main/simulator/seen-marks.ts';
import { scene, seeded, stamp, textMark, truthPlane } from '../../support/marked-scenes.ts';

const SIZE = { width: 320, height: 240 };

/** The mask as a client sends it: red where marked, black elsewhere. */
function maskPng(plane: Uint8Array): Promise<Buffer> {
  const rgb = Buffer.alloc(plane.length * 3);
  plane.forEach((value, p) => {
    if (value) rgb[p * 3] = 255;
  });
  return sharp(rgb, { raw: { ...SIZE, channels: 3 } })
    .png()
    .toBuffer();
}

describe("the simulator's stand-in with a batch that shares a mark", () => {
  it('undoes the blend once it has seen enough images, and repaints before that', async () => {
    const random = seeded(31);
    const mark = textMark(random, 3, 6, 4);
    const at = { x: SIZE.width - 16 - mark.width, y: SIZE.height - 16 - mark.height };
    const plane = growPlane(
      truthPlane(SIZE.width, SIZE.height, mark, at.x, at.y, 0),
      SIZE.width,
      SIZE.height,
      2,
    );
    const mask = await maskPng(plane);
    const core = truthPlane(SIZE.width, SIZE.height, mark, at.x, at.y, 0.5);
    const seen = new SeenMarks();
    const errors: number[] = [];
    for (let k = 0; k < MIN_SEEN + 2; k += 1) {
      const clean = scene(SIZE.width, SIZE.height, random);
      const marked = Uint8Array.from(clean);
      stamp(marked, SIZE.width, mark, at.x, at.y, 0.4);
      const sent = await sharp(marked, { raw: { ...SIZE, channels: 3 } })
        .png()
        .toBuffer();
      const result = await sharp(await inpaint(sent, mask, seen))
        .raw()
        .toBuffer();
      let error = 0;
      let count = 0;
      for (let p = 0; p < plane.length; p += 1) {
        if (!core[p]) continue;
        for (let c = 0; c < 3; c += 1) {
          error += Math.abs((result[p * 3 + c] as number) - (clean[p * 3 + c] as number));
          count += 1;
        }
      }
      errors.push(error / count);
    }
    const repainted = errors.slice(0, MIN_SEEN - 1);
    const unblended = errors.slice(MIN_SEEN);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    // Un-blended results are several times closer to the photo under the mark.
    expect(mean(unblended)).toBeLessThan(mean(repainted) / 2);
  });

  it('repaints a mask over no see-through mark, however often it is sent', async () => {
    const random = seeded(5);
    const plane = new Uint8Array(SIZE.width * SIZE.height);
    for (let y = 200; y < 220; y += 1) plane.fill(1, y * SIZE.width + 200, y * SIZE.width + 300);
    const mask = await maskPng(plane);
    const seen = new SeenMarks();
    let last: { sent: Buffer; result: Buffer } | undefined;
    for (let k = 0; k < MIN_SEEN + 1; k += 1) {
      const photo = scene(SIZE.width, SIZE.height, random);
      const sent = await sharp(photo, { raw: { ...SIZE, channels: 3 } })
        .png()
        .toBuffer();
      last = {
        sent: Buffer.from(photo),
        result: await sharp(await inpaint(sent, mask, seen))
          .raw()
          .toBuffer(),
      };
    }
    let changed = 0;
    for (let p = 0; p < plane.length; p += 1) {
      if (plane[p] && last?.sent[p * 3] !== last?.result[p * 3]) changed += 1;
    }
    expect(changed).toBeGreaterThan(1000);
  });
});
