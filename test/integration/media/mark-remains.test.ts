import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { markSeenIn } from '../../../src-main/core/media/unblend/mark-check.ts';
import {
  estimateMark,
  type MarkEstimate,
} from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../../src-main/core/media/unblend/recover.ts';
import { KINDS, stampKind, type StampedKind } from '../../support/self-check-kinds.ts';

/**
 * The check after cleaning on real photographs (the desktop's wallpapers, JPEG q85), as the
 * writer runs it on a written result: clean lifts are not held; a result that keeps a faint
 * ghost of a white mark on a busy photo, or a smear of an opaque mark's red letters, is.
 */
const PHOTOS = 12;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function stamped(name: string): Promise<{ set: StampedKind; estimate: MarkEstimate }> {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`no kind ${name}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-mark-remains-'));
  dirs.push(dir);
  const set = await stampKind(dir, kind, PHOTOS);
  const estimate = await estimateMark(
    set.photos.map((photo) => photo.file),
    { ...set.size, plane: set.plane, boxes: set.boxes },
  );
  return { set, estimate };
}

/**
 * Each photo cleaned and written as JPEG q90, with `spoil` given the input and the cleaned
 * pixels (RGB, whole image) to leave some of the mark behind first; whether each is held.
 */
async function held(
  { set, estimate }: { set: StampedKind; estimate: MarkEstimate },
  spoil: (input: Buffer, cleaned: Buffer) => void,
): Promise<Array<boolean | undefined>> {
  const { width } = set.size;
  const out: Array<boolean | undefined> = [];
  for (const photo of set.photos) {
    const input = await sharp(photo.file).raw().toBuffer();
    const cleaned = Buffer.from(input);
    for (const { box, data } of await recoverImage(photo.file, estimate)) {
      for (let y = 0; y < box.height; y += 1) {
        const at = ((box.y + y) * width + box.x) * 3;
        data.copy(cleaned, at, y * box.width * 3, (y + 1) * box.width * 3);
      }
    }
    spoil(input, cleaned);
    const file = photo.file.replace(/\.jpg$/, '-result.jpg');
    await sharp(cleaned, { raw: { ...set.size, channels: 3 } })
      .jpeg({ quality: 90 })
      .toFile(file);
    out.push(await markSeenIn(file, estimate));
  }
  return out;
}

/** A share `left` of what the mark changed put back into the cleaned pixels. */
const leaving = (left: number) => (input: Buffer, cleaned: Buffer) => {
  for (let i = 0; i < cleaned.length; i += 1) {
    const value = cleaned[i] as number;
    cleaned[i] = Math.round(value + left * ((input[i] as number) - value));
  }
};

/** The input's red pixels (the opaque mark's letters) put back at 70 %: a red smear. */
const redSmear = (input: Buffer, cleaned: Buffer) => {
  for (let i = 0; i < cleaned.length; i += 3) {
    const [r, g, b] = [input[i] as number, input[i + 1] as number, input[i + 2] as number];
    if (r < 150 || g > 90 || b > 90) continue;
    for (let c = 0; c < 3; c += 1) {
      const value = cleaned[i + c] as number;
      cleaned[i + c] = Math.round(value + 0.7 * ((input[i + c] as number) - value));
    }
  }
};

const all = (value: boolean) => Array.from({ length: PHOTOS }, () => value);

describe('the check for a mark still visible after cleaning, on real photos', () => {
  it('holds a faint ghost of a white mark (an eighth of it left), and no clean lift', async () => {
    const corner = await stamped('white text + circle, 40 %, bottom right');
    expect(await held(corner, () => undefined)).toEqual(all(false));
    expect(await held(corner, leaving(0.12))).toEqual(all(true));
  }, 300_000);

  it("holds a smear of an opaque mark's red letters, and no clean fill", async () => {
    const opaque = await stamped('opaque white box with red letters');
    expect(await held(opaque, () => undefined)).toEqual(all(false));
    expect(await held(opaque, redSmear)).toEqual(all(true));
  }, 300_000);
});
