import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IntakeError,
  prepareImage,
  type IntakePurpose,
} from '../../../src-main/core/media/intake.ts';
import { probeFile } from '../../../src-main/core/media/probe-file.ts';
import { makePixelBomb } from '../../support/images.ts';

let dir: string;
const watermark: IntakePurpose = { use: 'watermark', maxMegapixels: 40, onExceed: 'downscale' };

/** 40×20: left half red, right half blue. */
const base = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } }).composite([
    {
      input: { create: { width: 20, height: 20, channels: 3, background: '#ff0000' } },
      left: 0,
      top: 0,
    },
  ]);

async function save(name: string, bytes: Buffer | Promise<Buffer>): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, await bytes);
  return file;
}

async function refused(file: string, purpose: IntakePurpose = watermark): Promise<IntakeError> {
  const error = await prepareImage(file, purpose).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(IntakeError);
  return error as IntakeError;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-intake-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('intake of every accepted format', () => {
  it.each([
    ['jpeg', () => base().jpeg().toBuffer(), 'jpeg', false],
    ['png', () => base().png().toBuffer(), 'png', false],
    ['webp', () => base().webp().toBuffer(), 'webp', false],
    ['avif', () => base().avif().toBuffer(), 'png', true],
    ['tiff', () => base().tiff().toBuffer(), 'png', true],
    ['gif', () => base().gif().toBuffer(), 'png', true],
  ] as const)('%s', async (name, make, sentAs, reencoded) => {
    const prepared = await prepareImage(await save(`photo.${name}`, make()), watermark);
    expect(prepared).toMatchObject({
      format: sentAs,
      sourceFormat: name,
      width: 40,
      height: 20,
      reencoded,
    });
    const sent = await sharp(prepared.bytes).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual([sentAs, 40, 20]);
    expect((await sharp(prepared.thumbnail).metadata()).format).toBe('webp');
  });

  it('an unchanged file is sent byte for byte', async () => {
    const bytes = await base().png().toBuffer();
    const prepared = await prepareImage(await save('same.png', bytes), watermark);
    expect(prepared.bytes.equals(bytes)).toBe(true);
  });

  it('an animated GIF gives its first frame', async () => {
    // Two 10×10 frames stacked: green, then magenta.
    const pixels = Buffer.alloc(10 * 20 * 3);
    for (let p = 0; p < 200; p += 1) pixels.set(p < 100 ? [0, 255, 0] : [255, 0, 255], p * 3);
    const gif = await sharp(pixels, { raw: { width: 10, height: 20, channels: 3, pageHeight: 10 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const prepared = await prepareImage(await save('frames.gif', gif), watermark);
    expect([prepared.width, prepared.height]).toEqual([10, 10]);
    const { data } = await sharp(prepared.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 255, 0]);
  });
});

describe('intake of awkward but valid files', () => {
  it('turns an EXIF-rotated JPEG upright', async () => {
    const rotated = await base().jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const prepared = await prepareImage(await save('rotated.jpg', rotated), watermark);
    expect(prepared).toMatchObject({ width: 20, height: 40, format: 'jpeg', reencoded: true });
    const sent = sharp(prepared.bytes);
    const meta = await sent.metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([20, 40, 1]);
    // Orientation 6 turns the image a quarter clockwise: the red left half ends on top.
    const { data } = await sent.raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[(39 * 20 + 10) * 3 + 2]).toBeGreaterThan(200);
  });

  it('keeps a 16-bit PNG and a PNG with alpha as they are', async () => {
    const deep = await base().toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    expect(await prepareImage(await save('deep.png', deep), watermark)).toMatchObject({
      format: 'png',
      reencoded: false,
    });
    const alpha = await base().ensureAlpha(0.5).png().toBuffer();
    expect(await prepareImage(await save('alpha.png', alpha), watermark)).toMatchObject({
      format: 'png',
      reencoded: false,
    });
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const cmyk = await base().toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const prepared = await prepareImage(await save('cmyk.jpg', cmyk), watermark);
    expect(prepared.reencoded).toBe(true);
    expect((await sharp(prepared.bytes).metadata()).space).toBe('srgb');
  });

  it('downscales a 100-megapixel image to the cap, or refuses it, as set', async () => {
    const huge = await save(
      'huge.png',
      sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#336699' } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
    const down = await prepareImage(huge, {
      use: 'watermark',
      maxMegapixels: 40,
      onExceed: 'downscale',
    });
    expect(down.width * down.height).toBeLessThanOrEqual(40_000_000);
    expect(down.width).toBe(down.height);
    const sent = await sharp(down.bytes).metadata();
    expect([sent.width, sent.height]).toEqual([down.width, down.height]);
    const error = await refused(huge, { use: 'watermark', maxMegapixels: 40, onExceed: 'refuse' });
    expect(error.problem).toBe('too-large');
    expect(error.userMessage).toMatch(/100\.0 megapixels, more than the 40 allowed/);
  });
});

describe('intake refuses bad files with a sentence that says what to do', () => {
  it('an empty file', async () => {
    const error = await refused(await save('empty.jpg', Buffer.alloc(0)));
    expect([error.problem, error.userMessage]).toEqual([
      'empty',
      'The file is empty. Check that it finished copying, then add it again.',
    ]);
  });

  it('a text file named .jpg', async () => {
    const error = await refused(
      await save('notes.jpg', Buffer.from('these are my notes, not a photo\n')),
    );
    expect(error.problem).toBe('not-an-image');
    expect(error.userMessage).toMatch(/not an image, whatever its name says/);
  });

  it('a corrupt (cut short) JPEG', async () => {
    const jpeg = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const error = await refused(
      await save('cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6))),
    );
    expect(error.problem).toBe('corrupt');
    expect(error.userMessage).toMatch(/damaged or incomplete/);
  });

  it('a 30000×30000 PNG (a decompression bomb) is too large, with the limit, not damaged', async () => {
    const bomb = await save('bomb.png', makePixelBomb(30_000, 30_000));
    const message =
      'The image is too large: 30000×30000 pixels (900 megapixels), more than the 268 megapixels Clearframe can open. Scale it down in an image editor, then add it again.';
    const error = await refused(bomb);
    expect([error.problem, error.userMessage]).toEqual(['too-large', message]);
    expect(await probeFile(bomb)).toEqual({ ok: false, reason: message });
  });

  it('a HEIC file with nothing but its header: damaged, not refused for its type', async () => {
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic'),
      Buffer.alloc(64),
    ]);
    const error = await refused(await save('IMG_0001.HEIC', heicHeader));
    expect(error.problem).toBe('corrupt');
    expect(error.userMessage).toMatch(/damaged or incomplete/);
  });

  it('a format sharp reads but the service does not take (BMP)', async () => {
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60, 1)]);
    const error = await refused(await save('old.bmp', bmp));
    expect(error.problem).toBe('unsupported');
  });

  it('video references outside 300-6000 px or 0.4-2.5 in shape', async () => {
    const reference: IntakePurpose = { use: 'video-reference' };
    const small = await save(
      'small.png',
      sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect((await refused(small, reference)).problem).toBe('too-small');
    const wide = await save(
      'wide.png',
      sharp({ create: { width: 3000, height: 600, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const aspect = await refused(wide, reference);
    expect(aspect.problem).toBe('aspect');
    expect(aspect.userMessage).toMatch(/5\.00:1/);
    const fine = await save(
      'fine.png',
      sharp({ create: { width: 1280, height: 720, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(await prepareImage(fine, reference)).toMatchObject({ width: 1280, height: 720 });
  });
});
