import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { blendWeights } from '../../../src-main/core/media/composite.ts';
import { readJpegEncoding } from '../../../src-main/core/media/jpeg-tables.ts';
import { paintPlane } from '../../../src-main/core/media/mask-builder.ts';
import {
  PROVENANCE_LOG,
  writeOutput,
  type FromService,
  type ProvenanceLine,
} from '../../../src-main/core/media/output.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { simulatorEngine } from '../../support/simulator-engine.ts';
import { makeMarkedPhoto, psnr, type Rect } from '../../support/images.ts';

const KEY = 'pixels-key';
const W = 240;
const H = 160;
/** The watermark sits in the top-left corner; the rectangle painted over it is a little larger. */
const MARK: Rect = { left: 12, top: 10, width: 60, height: 20 };
const RECT: Stroke = { kind: 'rect', x: 8, y: 6, width: 68, height: 28 };

let dir: string;
let out: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-pixels-'));
  out = path.join(dir, 'out');
  await mkdir(path.join(dir, 'photos'), { recursive: true });
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 1000 }],
    watermark: { processingMs: 50, jitter: 0 },
  });
  transport = createTransport({ maxConnections: 4 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: out };
});

afterEach(async () => {
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Cleans one file through the engine and the simulator; returns the output and its provenance line. */
async function clean(
  name: string,
  bytes: Buffer,
  strokes?: Stroke[],
): Promise<{ input: string; output: string; line: ProvenanceLine }> {
  const input = path.join(dir, 'photos', name);
  await writeFile(input, bytes);
  const store = JobStore.open(path.join(dir, `${name}.sqlite`));
  const engine = simulatorEngine(store, sim, KEY, transport, () => settings);
  const [id] = engine.add([{ inputPath: input, ...(strokes ? { strokes } : {}) }]);
  await engine.whenIdle();
  const row = store.getWatermarkJob(id as string);
  store.close();
  expect(row?.state).toBe('done');
  const lines = (await readFile(path.join(out, PROVENANCE_LOG), 'utf8')).trim().split('\n');
  const line = lines
    .map((text) => JSON.parse(text) as ProvenanceLine)
    .find((entry) => entry.source === input) as ProvenanceLine;
  return { input, output: row?.output_path as string, line };
}

const rgb = (file: string | Buffer) => sharp(file).removeAlpha().raw().toBuffer();

/** 1 for each pixel outside the rectangle grown as the writer grows it, blend seam included. */
function outsideGrown(strokes: Stroke[]): Uint8Array {
  const { weights } = blendWeights(paintPlane(W, H, strokes), W, H);
  return Uint8Array.from(weights, (weight) => (weight === 0 ? 1 : 0));
}

function identicalShare(a: Buffer, b: Buffer, keep: (pixel: number) => boolean): number {
  let same = 0;
  let count = 0;
  for (let p = 0; p * 3 < a.length; p += 1) {
    if (!keep(p)) continue;
    count += 1;
    if (a[p * 3] === b[p * 3] && a[p * 3 + 1] === b[p * 3 + 1] && a[p * 3 + 2] === b[p * 3 + 2])
      same += 1;
  }
  return same / count;
}

function inBox(box: { left: number; top: number; width: number; height: number }) {
  return (p: number) => {
    const x = p % W;
    const y = Math.floor(p / W);
    return x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
  };
}

describe('results composited onto the original', () => {
  it('a PNG masked in one corner keeps every pixel outside the grown mask, the other corners included', async () => {
    const source = await makeMarkedPhoto(W, H, MARK, { format: 'png' });
    const { output, line } = await clean('corner.png', source, [RECT]);
    const [before, after] = await Promise.all([rgb(source), rgb(output)]);
    const outside = outsideGrown([RECT]);
    expect(identicalShare(before, after, (p) => outside[p] === 1)).toBe(1);
    for (const corner of [W - 1, (H - 1) * W, H * W - 1]) {
      expect(after.subarray(corner * 3, corner * 3 + 3)).toEqual(
        before.subarray(corner * 3, corner * 3 + 3),
      );
    }
    // The mark itself was painted out.
    expect(identicalShare(before, after, inBox(MARK))).toBeLessThan(0.5);
    expect(line.fromService).toEqual({
      region: 'mask',
      // The rectangle grown by 4 pixels and a 4-pixel seam, within the image.
      box: { left: 0, top: 0, width: 84, height: 42 },
      pixels: expect.any(Number) as number,
    });
  });

  it('a PNG with transparency keeps its alpha and every colour outside the grown mask, metadata kept', async () => {
    const alpha = Buffer.from(Array.from({ length: W * H }, (_, p) => (p % W) + 8));
    const source = await sharp(await makeMarkedPhoto(W, H, MARK, { format: 'png' }))
      .joinChannel(alpha, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
    const { output } = await clean('translucent.png', source, [RECT]);
    const before = await sharp(source).raw().toBuffer();
    const after = await sharp(output).raw().toBuffer();
    const outside = outsideGrown([RECT]);
    let differing = 0;
    for (let i = 0; i < W * H * 4; i += 1) {
      if (outside[i >> 2] && before[i] !== after[i]) differing += 1;
    }
    expect(differing).toBe(0);
    // The alpha is the source's inside the mask too: the service paints colours.
    for (let p = 0; p < W * H; p += 1) expect(after[p * 4 + 3]).toBe(before[p * 4 + 3]);
  });

  it.each([
    ['lossless WebP', 'webp', (image: Sharp) => image.webp({ lossless: true })],
    ['TIFF', 'tiff', (image: Sharp) => image.tiff({ compression: 'lzw' })],
  ] as const)('a %s keeps every pixel outside the grown mask', async (_kind, ext, encode) => {
    const source = await encode(
      sharp(await makeMarkedPhoto(W, H, MARK, { format: 'png' })),
    ).toBuffer();
    const { output } = await clean(`corner.${ext}`, source, [RECT]);
    expect((await sharp(output).metadata()).format).toBe(ext);
    const outside = outsideGrown([RECT]);
    expect(identicalShare(await rgb(source), await rgb(output), (p) => outside[p] === 1)).toBe(1);
  });

  it('a JPEG keeps its quality, chroma layout and size, and its blocks outside the grown mask', async () => {
    const source = await makeMarkedPhoto(W, H, MARK, { format: 'jpeg', quality: 88 });
    const { input, output } = await clean('corner.jpg', source, [RECT]);
    const outside = outsideGrown([RECT]);
    const [before, after] = await Promise.all([rgb(source), rgb(output)]);
    expect(psnr(before, after, 3, (p) => outside[p] === 1)).toBeGreaterThan(50);
    // Its untouched blocks are the source's own: the other corners are kept bit for bit.
    for (const corner of [W - 1, (H - 1) * W, H * W - 1]) {
      expect(after.subarray(corner * 3, corner * 3 + 3)).toEqual(
        before.subarray(corner * 3, corner * 3 + 3),
      );
    }
    expect(identicalShare(before, after, (p) => outside[p] === 1)).toBeGreaterThan(0.95);
    const written = await readFile(output);
    expect(readJpegEncoding(written)).toMatchObject({
      quality: 88,
      sampling: ['2x2', '1x1', '1x1'],
    });
    expect(written.length / (await stat(input)).size).toBeLessThan(1.1);
  });

  it('with no mask, keeps everything outside the region the service changed', async () => {
    // The simulator, given no mask, paints the bottom-right corner (30 % × 12 %).
    const mark = { left: 190, top: 145, width: 40, height: 10 };
    const source = await makeMarkedPhoto(W, H, mark, { format: 'png' });
    const { output, line } = await clean('no-mask.png', source);
    const taken = line.fromService as Extract<FromService, { box: unknown }>;
    expect(taken.region).toBe('changed');
    // Found within the painted corner, grown by the seam at most.
    expect(taken.box.left).toBeGreaterThanOrEqual(Math.floor(W * 0.7) - 9 - 8);
    expect(taken.box.top).toBeGreaterThanOrEqual(Math.floor(H * 0.88) - 9 - 8);
    const [before, after] = await Promise.all([rgb(source), rgb(output)]);
    expect(identicalShare(before, after, (p) => !inBox(taken.box)(p))).toBe(1);
    expect(identicalShare(before, after, inBox(mark))).toBeLessThan(0.5);
  });

  it('scales back a result the service returned smaller, and composites it', async () => {
    // A cap of a quarter of the pixels makes the engine send the image at half size.
    settings = {
      ...settings,
      watermarkPixelCap: { megapixels: (W * H) / 4 / 1e6, onExceed: 'downscale' },
    };
    const source = await makeMarkedPhoto(W, H, MARK, { format: 'png' });
    const { output, line } = await clean('scaled.png', source, [RECT]);
    expect(await sharp(output).metadata()).toMatchObject({ width: W, height: H });
    const taken = line.fromService as Extract<FromService, { box: unknown }>;
    expect(taken).toMatchObject({ region: 'mask', scaledFrom: { width: W / 2, height: H / 2 } });
    const [before, after] = await Promise.all([rgb(source), rgb(output)]);
    expect(identicalShare(before, after, (p) => !inBox(taken.box)(p))).toBe(1);
  });

  it('keeps a result of another shape whole, and says why', async () => {
    const input = path.join(dir, 'photos', 'shape.png');
    await writeFile(input, await makeMarkedPhoto(W, H, MARK, { format: 'png' }));
    const result = await sharp(await makeMarkedPhoto(W, W, MARK, { format: 'png' }))
      .png()
      .toBuffer();
    let said: FromService | undefined;
    const outcome = await writeOutput({
      input,
      result,
      settings,
      n: 1,
      noteWritten: (_written, fromService) => {
        said = fromService;
        return Promise.resolve();
      },
    });
    expect(said).toEqual({
      region: 'whole',
      reason: expect.stringMatching(/240×240 pixels for a 240×160 image, another shape/) as string,
    });
    const written = (outcome as { written: string }).written;
    expect(await sharp(written).metadata()).toMatchObject({ width: W, height: H });
  });

  it('EXIF and the ICC profile follow the metadata setting, the pixels stay upright and faithful', async () => {
    // Stored sideways (orientation 6) in Display P3: neither may change the values kept.
    const upright = await makeMarkedPhoto(
      H,
      W,
      { ...MARK, width: 20, height: 20 },
      { format: 'png' },
    );
    const source = await sharp(upright)
      .rotate(-90)
      .withMetadata({ orientation: 6, icc: 'p3', exif: { IFD0: { Copyright: 'Ada Lovelace' } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const square: Stroke = { kind: 'rect', x: 8, y: 6, width: 28, height: 28 };
    const kept = await clean('tagged.jpg', source, [square]);
    const keptMeta = await sharp(kept.output).metadata();
    expect(keptMeta.exif?.toString('latin1')).toContain('Ada Lovelace');
    expect(keptMeta.icc).toEqual((await sharp(source).metadata()).icc);
    expect([keptMeta.width, keptMeta.height, keptMeta.orientation ?? 1]).toEqual([H, W, 1]);
    // The values kept are P3's, not converted (that would give about 30 dB). Written upright,
    // a sideways JPEG is cut into blocks across its old ones, which costs some 6 dB against
    // an upright source's 50 (the test above).
    const { weights } = blendWeights(paintPlane(H, W, [square]), H, W);
    const stored = (file: string | Buffer) =>
      sharp(file).autoOrient().keepIccProfile().raw().toBuffer();
    expect(
      psnr(await stored(source), await stored(kept.output), 3, (p) => weights[p] === 0),
    ).toBeGreaterThan(44);

    settings = { ...settings, metadataPolicy: 'strip', filenameTemplate: '{name}-strip.{ext}' };
    const stripped = await sharp(
      (await clean('tagged-again.jpg', source, [square])).output,
    ).metadata();
    expect(stripped.exif).toBeUndefined();
    expect(stripped.icc).toBeUndefined();
    expect([stripped.width, stripped.height]).toEqual([H, W]);
  });
});
