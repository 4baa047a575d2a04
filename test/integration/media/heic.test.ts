import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { readHeader } from '../../../src-main/core/media/decode.ts';
import { exifOrientation, withOrientation } from '../../../src-main/core/media/exif-orientation.ts';
import { heicAsPng } from '../../../src-main/core/media/heic/decode-heic.ts';
import { IntakeError, prepareImage } from '../../../src-main/core/media/intake.ts';
import { writeOutput } from '../../../src-main/core/media/output.ts';
import { probeFile } from '../../../src-main/core/media/probe-file.ts';
import { ThumbnailCache } from '../../../src-main/core/media/thumbnails.ts';
import { HEIC, cornerColours } from '../../support/heic-fixtures.ts';
import { makePhoto } from '../../support/images.ts';

const WATERMARK = { use: 'watermark', maxMegapixels: 50, onExceed: 'refuse' } as const;
let dir: string;

const save = async (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-heic-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a HEIC photo', () => {
  it('is listed with its real type and upright size, whichever way it is turned', async () => {
    const upright = await probeFile(await save('upright.heic', HEIC.upright()));
    expect(upright).toMatchObject({ ok: true, format: 'heic', width: 400, height: 300 });
    for (const [name, bytes] of [
      ['exif.heic', HEIC.exifRotated()],
      ['iphone.HEIC', HEIC.containerRotated()],
    ] as const) {
      expect(await probeFile(await save(name, bytes))).toMatchObject({
        ok: true,
        format: 'heic',
        width: 300,
        height: 400,
      });
    }
  });

  it('is sent as an upright JPEG the service takes', async () => {
    const prepared = await prepareImage(await save('send.heic', HEIC.upright()), WATERMARK);
    expect(prepared).toMatchObject({
      format: 'jpeg',
      sourceFormat: 'heic',
      width: 400,
      height: 300,
      reencoded: true,
    });
    const sent = prepared.bytes;
    expect((await readHeader(sent)).format).toBe('jpeg');
    expect((await cornerColours(sent)).corners).toEqual(['red', 'green', 'blue', 'white']);
    expect((await readHeader(prepared.thumbnail)).format).toBe('webp');
  });

  it('is taken as a video reference image, upright, as JPEG', async () => {
    const prepared = await prepareImage(await save('reference.heic', HEIC.containerRotated()), {
      use: 'video-reference',
    });
    expect(prepared).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
  });

  it('with EXIF orientation 6 lands upright: 300×400, blue at the top left', async () => {
    const prepared = await prepareImage(await save('turned.heic', HEIC.exifRotated()), WATERMARK);
    expect([prepared.width, prepared.height]).toEqual([300, 400]);
    expect(await cornerColours(prepared.bytes)).toEqual({
      width: 300,
      height: 400,
      corners: ['blue', 'red', 'white', 'green'],
    });
  });

  it('turned by its container (irot, as an iPhone writes it) is not turned twice', async () => {
    const png = await heicAsPng(HEIC.containerRotated());
    expect(await cornerColours(png)).toEqual({
      width: 300,
      height: 400,
      corners: ['blue', 'red', 'white', 'green'],
    });
  });

  it('is turned upright for every EXIF orientation as sharp turns a JPEG', async () => {
    const stored = HEIC.upright();
    const exif = (await readHeader(stored)).exif!;
    const at = stored.indexOf(exif.subarray(6, 40));
    expect(at).toBeGreaterThan(0);
    const { data, info } = await sharp(await heicAsPng(stored))
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const patched = Buffer.from(stored);
      withOrientation(exif, orientation).subarray(6).copy(patched, at);
      const ours = await heicAsPng(patched);
      expect(exifOrientation((await readHeader(ours)).exif)).toBe(1);
      const reference = await sharp(data, { raw: info })
        .withMetadata({ orientation })
        .png()
        .toBuffer();
      expect(await cornerColours(ours), `orientation ${orientation}`).toEqual(
        await cornerColours(reference),
      );
    }
  });

  it('keeps its EXIF and colour profile in the result, or strips them, as set', async () => {
    const input = await save('IMG_0042.HEIC', HEIC.exifRotated());
    const result = (await prepareImage(input, WATERMARK)).bytes;
    const write = (metadataPolicy: 'keep' | 'strip', outputFolder: string) =>
      writeOutput({
        input,
        result,
        settings: { ...DEFAULT_SETTINGS, outputFolder, metadataPolicy },
        n: 1,
      });
    const kept = await write('keep', path.join(dir, 'kept'));
    expect(kept).toEqual({ written: path.join(dir, 'kept', 'IMG_0042-clean.jpg') });
    const keptMeta = await readHeader(path.join(dir, 'kept', 'IMG_0042-clean.jpg'));
    expect(keptMeta).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(keptMeta.exif?.includes('HEIC fixture')).toBe(true);
    expect(keptMeta.orientation ?? 1).toBe(1);
    const sourceProfile = (await readHeader(HEIC.exifRotated())).icc;
    expect(sourceProfile).toBeDefined();
    expect(keptMeta.icc?.equals(sourceProfile!)).toBe(true);
    expect((await cornerColours(path.join(dir, 'kept', 'IMG_0042-clean.jpg'))).corners).toEqual([
      'blue',
      'red',
      'white',
      'green',
    ]);

    await write('strip', path.join(dir, 'stripped'));
    const stripped = await readHeader(path.join(dir, 'stripped', 'IMG_0042-clean.jpg'));
    expect(stripped.exif).toBeUndefined();
    expect(stripped.icc).toBeUndefined();
  });

  it('is written in the format chosen, when one is', async () => {
    const input = await save('choose.heic', HEIC.upright());
    const result = (await prepareImage(input, WATERMARK)).bytes;
    const outcome = await writeOutput({
      input,
      result,
      settings: { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'png'), outputFormat: 'png' },
      n: 1,
    });
    expect(outcome).toEqual({ written: path.join(dir, 'png', 'choose-clean.png') });
    expect((await readHeader(path.join(dir, 'png', 'choose-clean.png'))).format).toBe('png');
  });

  it('has a thumbnail and a full-size JPEG the window can show', async () => {
    const input = await save('window.heic', HEIC.exifRotated());
    const cache = new ThumbnailCache(await mkdtemp(path.join(dir, 'cache-')));
    const thumbnail = await readHeader(await cache.thumbnailFor(input));
    expect(thumbnail).toMatchObject({ format: 'webp', width: 192, height: 256 });
    const viewable = await cache.viewableFor(input);
    expect(path.extname(viewable)).toBe('.jpg');
    expect(await cornerColours(viewable)).toMatchObject({ width: 300, height: 400 });
    const png = await save('plain.png', await makePhoto(40, 30, 'png', 1));
    expect(await cache.viewableFor(png)).toBe(png);
  });

  it('cut short gets a clear error, and the file is left as it was', async () => {
    const whole = HEIC.upright();
    const cut = whole.subarray(0, whole.length - 1200);
    const input = await save('cut.heic', cut);
    const error = await prepareImage(input, WATERMARK).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntakeError);
    expect((error as IntakeError).userMessage).toBe(
      'The image is damaged or incomplete and cannot be read. Open it in another program to check it, then add it again.',
    );
    expect((await readFile(input)).equals(cut)).toBe(true);
    expect((await readdir(dir)).filter((name) => name.startsWith('cut'))).toEqual(['cut.heic']);
  });
});
