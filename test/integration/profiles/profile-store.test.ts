import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEstimate } from '../../../src-main/core/media/unblend/estimate-file.ts';
import type { MarkEstimate } from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { placeEstimate } from '../../../src-main/core/profiles/placement.ts';
import { ProfileStore, readProfileFile } from '../../../src-main/core/profiles/profile-store.ts';
import { UserFacingError } from '../../../src-main/core/user-error.ts';

let dir: string;

/** A measured mark near the bottom-right corner of 400×300 images, its planes all different. */
function bottomRightMark(): MarkEstimate {
  const box = { x: 300, y: 240, width: 80, height: 40 };
  const n = box.width * box.height;
  const wave = (k: number) => Float32Array.from({ length: n }, (_, p) => Math.sin(p * k) / 2 + 0.5);
  return {
    width: 400,
    height: 300,
    images: 9,
    parts: [
      {
        box,
        blend: {
          width: box.width,
          height: box.height,
          region: Uint8Array.from({ length: n }, (_, p) => (p % 7 === 0 ? 0 : 1)),
          keepLuma: wave(0.1),
          keepChroma: wave(0.2),
          lift: Float32Array.from({ length: n * 3 }, (_, p) => (p % 255) / 3),
          trust: wave(0.3),
          noise: { file: 1.5, repaint: 4.25 },
          colour: [235, 128, 128],
        },
      },
    ],
  };
}

/** What the sentence for a file that is not a usable profile says, in English. */
const REFUSED =
  /is not a watermark profile this Clearframe can read .*: export it again from the Clearframe that made it, or find the watermark again and save a new profile\./;

async function refusal(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UserFacingError);
  return (error as UserFacingError).userMessage;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-profiles-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('watermark profiles', () => {
  it('round-trip: saved, exported, imported elsewhere, the same bytes of the measured mark', async () => {
    const bytes = encodeEstimate(bottomRightMark());
    const home = new ProfileStore(path.join(dir, 'home', 'profiles'));
    const saved = await home.save('Studio logo', bytes, { outputFormat: 'png' });
    expect(saved).toMatchObject({
      name: 'Studio logo',
      placement: 'bottom-right',
      width: 400,
      height: 300,
      images: 9,
      engine: 'local',
      outputFormat: 'png',
    });
    expect((await home.list()).profiles).toEqual([saved]);

    const file = path.join(dir, 'Studio logo.clearframe-profile');
    await home.exportTo('Studio logo', file);
    const other = new ProfileStore(path.join(dir, 'other', 'profiles'));
    expect(await other.importFrom(file)).toEqual(saved);
    const loaded = await other.load('studio logo');
    expect(loaded.summary).toEqual(saved);
    expect(loaded.estimateBytes.equals(bytes)).toBe(true);
    expect(encodeEstimate(loaded.estimate).equals(bytes)).toBe(true);
    // `--profile` takes a name or an exported file alike.
    expect((await other.resolve('Studio logo')).estimateBytes.equals(bytes)).toBe(true);
    expect((await other.resolve(file)).estimateBytes.equals(bytes)).toBe(true);

    // One name, one profile: a second save under it is refused, and nothing is replaced.
    expect(await refusal(() => other.importFrom(file))).toBe(
      'A profile called “Studio logo” already exists: choose another name, or delete that one first.',
    );
    await other.remove('Studio logo');
    expect((await other.list()).profiles).toEqual([]);
  });

  it('refuses a damaged, cut short, foreign or newer file with the sentence, and lists it as such', async () => {
    const store = new ProfileStore(path.join(dir, 'damaged', 'profiles'));
    await store.save('Corner', encodeEstimate(bottomRightMark()));
    const good = path.join(dir, 'good.clearframe-profile');
    await store.exportTo('Corner', good);
    const bytes = await readFile(good);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 100] = (flipped[flipped.length - 100] as number) ^ 0xff;
    const newer = Buffer.from(
      bytes.toString('latin1').replace('"version":1', '"version":9'),
      'latin1',
    );
    const cases: Record<string, Buffer> = {
      flipped,
      'cut-short': bytes.subarray(0, bytes.length - 1000),
      foreign: Buffer.from('\u0089PNG\r\n\u001a\n not a profile at all'),
      newer,
    };
    for (const [name, contents] of Object.entries(cases)) {
      const file = path.join(dir, `${name}.clearframe-profile`);
      await writeFile(file, contents);
      expect(await refusal(() => readProfileFile(file))).toMatch(REFUSED);
      expect(await refusal(() => store.importFrom(file))).toMatch(REFUSED);
      expect(await refusal(() => store.resolve(file))).toMatch(REFUSED);
    }
    expect(await refusal(() => store.resolve('No such profile'))).toBe(
      'There is no watermark profile called “No such profile” and no such file: save one after Find the watermark, or give the path of an exported profile.',
    );
    // A damaged file inside the data folder is named in the list, the others still listed.
    const [kept] = await readdir(path.join(dir, 'damaged', 'profiles'));
    await writeFile(path.join(dir, 'damaged', 'profiles', `x${kept}`), flipped);
    const listed = await store.list();
    expect(listed.profiles.map((p) => p.name)).toEqual(['Corner']);
    expect(listed.unreadable).toHaveLength(1);
    expect(listed.unreadable[0]).toMatch(REFUSED);
  });

  it('places a corner mark on another size at the same distance from its corner, and no further', () => {
    const mark = bottomRightMark();
    const wider = placeEstimate(mark, 'bottom-right', { width: 640, height: 480 });
    expect(wider?.parts[0]?.box).toEqual({ x: 540, y: 420, width: 80, height: 40 });
    expect(placeEstimate(mark, 'bottom-right', { width: 60, height: 480 })).toBeUndefined();
    expect(placeEstimate(mark, 'same-size', { width: 640, height: 480 })).toBeUndefined();
    expect(placeEstimate(mark, 'same-size', { width: 400, height: 300 })).toBe(mark);
  });
});
