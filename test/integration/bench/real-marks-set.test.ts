import { readFile, stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJpegEncoding } from '../../../src-main/core/media/jpeg-tables.ts';
import { planesOf, psnr, squaredError } from '../../bench/real-marks-measure.ts';
import { KINDS } from '../../support/real-marks-kinds.ts';
import {
  readLayer,
  realMarksSet,
  type RealMarksSet,
  type SetPhoto,
  withMark,
} from '../../support/real-marks-set.ts';

/**
 * The yardstick of `npm run bench -- real-marks` (issue #34), built small: four photos of each
 * kind. What it keeps must be what it stamped, or every figure read against it is wrong.
 */

let root: string;
let set: RealMarksSet;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-real-marks-set-'));
  set = await realMarksSet({ root: path.join(root, 'set'), perKind: 4 });
}, 180_000);

afterAll(() => rm(root, { recursive: true, force: true }));

async function rgbOf(file: string | Buffer): Promise<Uint8Array> {
  const data = await sharp(file).removeAlpha().raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The clean photo with the kept mark laid on it, rounded as `stamp` rounds: what was saved. */
async function stampedAgain(photo: SetPhoto): Promise<Uint8Array> {
  const laid = withMark(await rgbOf(photo.clean), await readLayer(photo.mark), photo.width);
  const out = new Uint8Array(laid.length);
  for (let i = 0; i < laid.length; i += 1) out[i] = Math.round(laid[i] as number);
  return out;
}

describe('the real-marks set', () => {
  it('has every kind of the issue, four real photos each, the scaled kind at four sizes', () => {
    expect(set.kinds.map((entry) => entry.kind.id)).toEqual(KINDS.map((kind) => kind.id));
    for (const entry of set.kinds) expect(entry.photos).toHaveLength(4);
    const scaled = set.kinds.find((entry) => entry.kind.id === 'scaled');
    expect(new Set(scaled?.photos.map((p) => `${p.width}x${p.height}`)).size).toBe(4);
    for (const photo of set.kinds.flatMap((entry) => entry.photos)) {
      expect(photo.source).toMatch(/^\/usr\/share\/backgrounds\/(mate|gnome)\//);
    }
  });

  it("keeps each kind's mark where it was stamped: the input is the clean photo with that mark", async () => {
    for (const photo of set.kinds.flatMap((entry) => entry.photos)) {
      const input = await rgbOf(photo.input);
      const clean = await rgbOf(photo.clean);
      const layer = await readLayer(photo.mark);
      const planes = planesOf(layer, photo.width, photo.height);
      expect(planes.mark.includes(1), photo.name).toBe(true);
      const withMark = psnr([squaredError(input, await stampedAgain(photo), planes.region)]);
      const withoutMark = psnr([squaredError(input, clean, planes.region)]);
      // Only JPEG's own error parts the input from the clean photo with the kept mark on it.
      expect(withMark, photo.name).toBeGreaterThan(26);
      expect(withMark - withoutMark, photo.name).toBeGreaterThan(3);
    }
  }, 180_000);

  it('scales the scaled mark with the width and keeps it the same fraction of the width from the corner', async () => {
    const scaled = set.kinds.find((entry) => entry.kind.id === 'scaled');
    const placed = await Promise.all(
      (scaled?.photos ?? []).map(async (photo) => {
        const { box } = await readLayer(photo.mark);
        return {
          size: box.width / photo.width,
          right: (photo.width - box.x - box.width) / photo.width,
          bottom: (photo.height - box.y - box.height) / photo.width,
        };
      }),
    );
    for (const place of placed) {
      expect(place.size).toBeCloseTo(placed[0]?.size ?? 0, 2);
      expect(place.right).toBeCloseTo(0.03, 2);
      expect(place.bottom).toBeCloseTo(0.03, 2);
    }
  });

  it('keeps the clean original as PNG, made before the JPEG: far from the mark the input is it at q85, bit for bit', async () => {
    for (const photo of set.kinds.flatMap((entry) => entry.photos)) {
      const meta = await sharp(photo.clean).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'png',
        width: photo.width,
        height: photo.height,
      });
      const clean = await rgbOf(photo.clean);
      const atQ85 = await rgbOf(
        await sharp(clean, { raw: { width: photo.width, height: photo.height, channels: 3 } })
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
      const planes = planesOf(await readLayer(photo.mark), photo.width, photo.height);
      const far = squaredError(await rgbOf(photo.input), atQ85, planes.far);
      expect(far.count, photo.name).toBeGreaterThan(0);
      expect(far.sum, photo.name).toBe(0);
      // And the PNG is not the JPEG read back: it holds what the compression took away.
      expect(psnr([squaredError(clean, atQ85, planes.far)]), photo.name).toBeLessThan(60);
    }
  }, 180_000);

  it('saves every input as JPEG at quality 85', async () => {
    for (const photo of set.kinds.flatMap((entry) => entry.photos)) {
      const encoding = readJpegEncoding(await readFile(photo.input));
      expect({ file: photo.name, quality: encoding?.quality, exact: encoding?.exact }).toEqual({
        file: photo.name,
        quality: 85,
        exact: true,
      });
    }
  }, 60_000);

  it('is read back, not built again, when asked for a second time', async () => {
    const first = set.kinds[0]?.photos[0] as SetPhoto;
    const before = (await stat(first.input)).mtimeMs;
    const again = await realMarksSet({ root: path.join(root, 'set'), perKind: 4 });
    expect(again.kinds.map((entry) => entry.photos)).toEqual(
      set.kinds.map((entry) => entry.photos),
    );
    expect((await stat(first.input)).mtimeMs).toBe(before);
  });
});
