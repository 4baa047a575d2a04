import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { IntakeError } from '../../../src-main/core/media/intake.ts';
import { inspectMask } from '../../../src-main/core/media/mask-check.ts';
import {
  MaskImportError,
  importMask,
  wholeMaskProblem,
} from '../../../src-main/core/media/mask-import.ts';
import { MaskStore } from '../../../src-main/core/media/mask-store.ts';
import { writeOutput, type OutputRequest } from '../../../src-main/core/media/output.ts';
import { ThumbnailCache } from '../../../src-main/core/media/thumbnails.ts';
import { makeWhiteOnBlackMask } from '../../support/images.ts';

let dir: string;

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A mask of the given size with a square of `colour` at (2,2), 4 px wide, on `ground`. */
const squareMask = (width: number, height: number, colour: string, ground = '#000000') =>
  solid(width, height, ground)
    .composite([
      {
        input: { create: { width: 4, height: 4, channels: 3, background: colour } },
        left: 2,
        top: 2,
      },
    ])
    .png()
    .toBuffer();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-media-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mask import', () => {
  it('keeps a mask in the service colours, rewritten in our form', async () => {
    const imported = await importMask(await squareMask(20, 10, '#ff8800'), 20, 10);
    expect(imported).toMatchObject({ convention: 'service-colours', resized: false, warnings: [] });
    expect((await inspectMask(imported.png)).marked).toBe(16);
  });

  it('converts a white-on-black mask, where white means erase', async () => {
    const imported = await importMask(await squareMask(20, 10, '#ffffff'), 20, 10);
    expect(imported.convention).toBe('white-on-black');
    expect((await inspectMask(imported.png)).marked).toBe(16);
  });

  it('scales a mask of the same shape with nearest neighbour, adding no in-between colours', async () => {
    const imported = await importMask(await squareMask(20, 10, '#ffffff'), 40, 20);
    expect(imported.resized).toBe(true);
    const coverage = await inspectMask(imported.png);
    expect([coverage.width, coverage.height, coverage.marked]).toEqual([40, 20, 64]);
  });

  it('refuses a mask of another shape, one that marks nothing, and a file that is not an image', async () => {
    await expect(importMask(await squareMask(20, 20, '#ffffff'), 40, 20)).rejects.toThrow(
      "The mask is 20×20 but the image is 40×20, a different shape. Export the mask at the image's size.",
    );
    const empty = await importMask(await solid(20, 10, '#000000').png().toBuffer(), 20, 10).catch(
      (e: unknown) => e,
    );
    expect(empty).toBeInstanceOf(MaskImportError);
    expect((empty as MaskImportError).userMessage).toMatch(/marks nothing/);
    await expect(importMask(Buffer.from('not a mask'), 20, 10)).rejects.toThrow(
      /cannot be read as an image/,
    );
  });

  it('says when a mask marks every pixel, and whether it is white all over, rather than taking it without a word', async () => {
    const white = await importMask(await solid(20, 10, '#ffffff').png().toBuffer(), 20, 10);
    expect(white).toMatchObject({ everything: 'all-white', warnings: [] });
    const red = await importMask(await solid(20, 10, '#ff0000').png().toBuffer(), 20, 10);
    expect(red).toMatchObject({ everything: 'all-marked', warnings: [] });
    const grey = await importMask(await solid(20, 10, '#c0c0c0').png().toBuffer(), 40, 20);
    expect(grey).toMatchObject({ everything: 'all-marked', resized: true });
    const square = await importMask(await squareMask(20, 10, '#ffffff'), 20, 10);
    expect(square.everything).toBeUndefined();
    expect(wholeMaskProblem('all-white')).toMatch(
      /white all over: as a white-on-black mask it marks the whole image, but under the service’s rule \(white marks nothing\) it marks nothing/,
    );
  });

  it('warns when a mask marks most of the image', async () => {
    const inverted = await squareMask(20, 10, '#000000', '#ffffff');
    const imported = await importMask(inverted, 20, 10);
    expect(imported.warnings[0]).toMatch(/covers 92 % of the image.*inverted/);
  });
});

describe('imported masks in strokes', () => {
  it('keep an imported mask by token, scale it to the image as sent, and let strokes erase it', async () => {
    const masks = new MaskStore(path.join(dir, 'masks'));
    const source = path.join(dir, 'import-me.png');
    await makeWhiteOnBlackMask(
      source,
      { width: 40, height: 20 },
      { left: 20, top: 0, width: 20, height: 20 },
    );
    const imported = await masks.import(source, 40, 20);
    expect(imported).toMatchObject({ convention: 'white-on-black', coverage: { fraction: 0.5 } });
    const strokes: Stroke[] = [
      { kind: 'bitmap', token: imported.token },
      { kind: 'eraser', points: [[30, 10]], radius: 3 },
    ];
    const full = await inspectMask(await masks.build(strokes, 40, 20));
    expect(full.marked).toBeLessThan(400);
    expect(full.marked).toBeGreaterThan(360);
    // The image sent at half size gets the same mask at half size.
    const half = await inspectMask(await masks.build([strokes[0] as Stroke], 20, 10));
    expect([half.width, half.height, half.marked]).toEqual([20, 10, 100]);
    expect(await masks.overlay(imported.token)).toMatch(/\.overlay\.png$/);
    await expect(
      masks.build([{ kind: 'bitmap', token: '00000000-0000-4000-8000-000000000000' }], 4, 4),
    ).rejects.toThrow();
  });
});

describe('thumbnails', () => {
  it('are made once per content, whatever the file is called', async () => {
    const cache = new ThumbnailCache(path.join(dir, 'thumbs'));
    const bytes = await solid(800, 600, '#123456').jpeg().toBuffer();
    await writeFile(path.join(dir, 'a.jpg'), bytes);
    await writeFile(path.join(dir, 'b.jpg'), bytes);
    const first = await cache.thumbnailFor(path.join(dir, 'a.jpg'));
    const made = (await stat(first)).mtimeMs;
    expect(await cache.thumbnailFor(path.join(dir, 'b.jpg'))).toBe(first);
    expect((await stat(first)).mtimeMs).toBe(made);
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 192]);
    await writeFile(path.join(dir, 'bad.jpg'), bytes.subarray(0, 100));
    await expect(cache.thumbnailFor(path.join(dir, 'bad.jpg'))).rejects.toBeInstanceOf(IntakeError);
  });
});

describe('output', () => {
  const settings = { ...DEFAULT_SETTINGS, outputFolder: null as string | null };

  async function input(name: string, bytes: Buffer | Promise<Buffer>): Promise<string> {
    const folder = path.join(dir, 'inputs');
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, name);
    await writeFile(file, await bytes);
    return file;
  }

  const request = (
    file: string,
    result: Buffer,
    overrides: Partial<OutputRequest['settings']> = {},
    n = 1,
  ): OutputRequest => ({
    input: file,
    result,
    settings: { ...settings, ...overrides },
    n,
    date: new Date('2026-11-21T10:00:00Z'),
  });

  it('keeps the input format, beside the input in a clearframe folder by default', async () => {
    const jpeg = await input('beach.jpg', solid(40, 30, '#336699').jpeg().toBuffer());
    const result = await solid(40, 30, '#3366aa').png().toBuffer();
    const outcome = await writeOutput(request(jpeg, result));
    expect(outcome).toEqual({ written: path.join(dir, 'inputs', 'clearframe', 'beach-clean.jpg') });
    const meta = await sharp(path.join(dir, 'inputs', 'clearframe', 'beach-clean.jpg')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 30]);
  });

  it('writes another format when one is chosen, with its own extension', async () => {
    const jpeg = await input('dock.jpg', solid(40, 30, '#336699').jpeg().toBuffer());
    const result = await solid(40, 30, '#3366aa').png().toBuffer();
    for (const [format, ext, sharpName] of [
      ['png', 'png', 'png'],
      ['webp', 'webp', 'webp'],
      ['jpeg', 'jpg', 'jpeg'],
    ] as const) {
      const outcome = await writeOutput(
        request(jpeg, result, { outputFormat: format, filenameTemplate: `{name}-${format}.{ext}` }),
      );
      const written = path.join(dir, 'inputs', 'clearframe', `dock-${format}.${ext}`);
      expect(outcome).toEqual({ written });
      expect((await sharp(written).metadata()).format).toBe(sharpName);
    }
  });

  it('keeps or strips the EXIF and ICC profile as set, and stays upright', async () => {
    const tagged = await input(
      'tagged.jpg',
      solid(40, 20, '#808080')
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Ada Lovelace' } } })
        .toBuffer(),
    );
    const result = await solid(20, 40, '#707070').png().toBuffer();
    const kept = await writeOutput(
      request(tagged, result, { outputFolder: path.join(dir, 'kept') }),
    );
    const keptMeta = await sharp((kept as { written: string }).written).metadata();
    expect(keptMeta.exif?.toString('latin1')).toContain('Ada Lovelace');
    expect(keptMeta.icc).toBeDefined();
    expect([keptMeta.width, keptMeta.height, keptMeta.orientation ?? 1]).toEqual([20, 40, 1]);
    const stripped = await writeOutput(
      request(tagged, result, {
        outputFolder: path.join(dir, 'stripped'),
        metadataPolicy: 'strip',
      }),
    );
    const strippedMeta = await sharp((stripped as { written: string }).written).metadata();
    expect(strippedMeta.exif).toBeUndefined();
  });

  it('names files from the template and handles a name conflict as set', async () => {
    const png = await input('cat.png', solid(10, 10, '#ffffff').png().toBuffer());
    const result = await solid(10, 10, '#eeeeee').png().toBuffer();
    const out = path.join(dir, 'conflicts');
    const template = '{date}-{name}-{n}.{ext}';
    expect(
      await writeOutput(request(png, result, { outputFolder: out, filenameTemplate: template }, 3)),
    ).toEqual({
      written: path.join(out, '2026-11-21-cat-3.png'),
    });
    expect(
      await writeOutput(
        request(
          png,
          result,
          { outputFolder: out, filenameTemplate: template, conflictPolicy: 'suffix' },
          3,
        ),
      ),
    ).toEqual({
      written: path.join(out, '2026-11-21-cat-3-1.png'),
    });
    expect(
      await writeOutput(
        request(
          png,
          result,
          { outputFolder: out, filenameTemplate: template, conflictPolicy: 'skip' },
          3,
        ),
      ),
    ).toEqual({
      skipped: path.join(out, '2026-11-21-cat-3.png'),
    });
    expect(
      await writeOutput(
        request(
          png,
          result,
          { outputFolder: out, filenameTemplate: template, conflictPolicy: 'overwrite' },
          3,
        ),
      ),
    ).toEqual({
      written: path.join(out, '2026-11-21-cat-3.png'),
    });
    expect((await readdir(out)).sort()).toEqual(['2026-11-21-cat-3-1.png', '2026-11-21-cat-3.png']);
  });

  it('never overwrites the input, even when told to overwrite', async () => {
    const original = await solid(10, 10, '#ff0000').png().toBuffer();
    const file = await input('keep-me.png', original);
    const result = await solid(10, 10, '#00ff00').png().toBuffer();
    const outcome = await writeOutput(
      request(file, result, {
        outputFolder: path.dirname(file),
        filenameTemplate: '{name}.{ext}',
        conflictPolicy: 'overwrite',
      }),
    );
    expect(outcome).toEqual({ written: path.join(path.dirname(file), 'keep-me-1.png') });
    expect((await readFile(file)).equals(original)).toBe(true);
  });
});
