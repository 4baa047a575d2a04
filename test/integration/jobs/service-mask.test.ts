import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { PROVENANCE_LOG, type ProvenanceLine } from '../../../src-main/core/media/output.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { simulatorEngine } from '../../support/simulator-engine.ts';
import { HEIC, cornerColours } from '../../support/heic-fixtures.ts';
import { makeMask, psnr } from '../../support/images.ts';

const KEY = 'service-mask-key';
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let origin: string;
let server: http.Server;
/** What the loopback "web server" serves, by path, and the paths asked for. */
const served = new Map<string, Buffer>();
const fetched: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-service-mask-'));
  sim = await startSimulator({
    accounts: [{ key: KEY, credits: 100 }],
    watermark: { processingMs: 50 },
  });
  transport = createTransport({ maxConnections: 4 });
  settings = { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') };
  fetched.length = 0;
  server = http.createServer((request, response) => {
    fetched.push(request.url ?? '');
    const bytes = served.get(request.url ?? '');
    response.writeHead(bytes ? 200 : 404, { 'Content-Type': 'image/jpeg' });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

async function runOne(input: { file: string; strokes: Stroke[]; sourceUrl?: string }) {
  const store = JobStore.open(path.join(dir, 'jobs.sqlite'));
  const engine = simulatorEngine(store, sim, KEY, transport, () => settings);
  const [id] = engine.add([
    {
      inputPath: input.file,
      strokes: input.strokes,
      ...(input.sourceUrl ? { sourceUrl: input.sourceUrl } : {}),
    },
  ]);
  await engine.whenIdle();
  const job = store.getWatermarkJob(id ?? '');
  store.close();
  const submits = sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit));
  return { job, submits };
}

/** A photo stored `width`×`height`, given by address, with its local copy as the app keeps it. */
async function servePhoto(name: string, width: number, height: number, orientation?: number) {
  const bytes = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#4a7',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
  served.set(`/${name}`, bytes);
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { file, sourceUrl: `${origin}/${name}` };
}

describe('the mask for an image given by address fits the original as the service reads it', () => {
  it('a HEIC photo, which the service does not read, is sent upright as a JPEG with its mask upright', async () => {
    const file = path.join(dir, 'IMG_0100.heic');
    await writeFile(file, HEIC.containerRotated());
    served.set('/IMG_0100.heic', HEIC.containerRotated());
    const { job, submits } = await runOne({
      file,
      sourceUrl: `${origin}/IMG_0100.heic`,
      strokes: [{ kind: 'rect', x: 0, y: 0, width: 30, height: 20 }],
    });
    expect(job?.state).toBe('done');
    expect(fetched).toEqual([]);
    const smear = submits[0]?.smear;
    expect([smear?.width, smear?.height]).toEqual([300, 400]);
    expect(smear?.marked).toMatchObject({ left: 0, top: 0 });
    expect(await cornerColours(job?.output_path ?? '')).toMatchObject({ width: 300, height: 400 });
    expect(path.extname(job?.output_path ?? '')).toBe('.jpg');
  });

  it('an EXIF-rotated JPEG: the mask has the stored size and the stroke lands where it was drawn', async () => {
    // Stored 60×40 with orientation 6 (turn a quarter clockwise): upright it is 40×60.
    const photo = await servePhoto('turned.jpg', 60, 40, 6);
    const drawn = { x: 0, y: 0, width: 10, height: 5 };
    const { job, submits } = await runOne({ ...photo, strokes: [{ kind: 'rect', ...drawn }] });
    expect(job?.state).toBe('done');
    expect(submits).toHaveLength(1);
    const smear = submits[0]?.smear;
    expect([smear?.width, smear?.height]).toEqual([60, 40]);
    // The marked box, turned the way the file's tag turns it, is the box drawn upright.
    const box = smear?.marked ?? { left: 0, top: 0, right: 0, bottom: 0 };
    const stored = await makeMask(60, 40, {
      left: box.left,
      top: box.top,
      width: box.right - box.left + 1,
      height: box.bottom - box.top + 1,
    });
    const upright = await sharp(
      await sharp(stored).jpeg({ quality: 100 }).withMetadata({ orientation: 6 }).toBuffer(),
    )
      .autoOrient()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([upright.info.width, upright.info.height]).toEqual([40, 60]);
    const red = (x: number, y: number) =>
      (upright.data[(y * 40 + x) * upright.info.channels] ?? 0) > 128;
    for (let y = 0; y < 60; y += 1) {
      for (let x = 0; x < 40; x += 1) {
        const inside = x < drawn.width && y < drawn.height;
        expect(red(x, y), `upright pixel ${x},${y}`).toBe(inside);
      }
    }
  });

  it('an EXIF-rotated JPEG: the result, made from the file as stored, is turned upright and composited', async () => {
    const photo = await servePhoto('turned-result.jpg', 60, 40, 6);
    const { job } = await runOne({
      ...photo,
      strokes: [{ kind: 'rect', x: 0, y: 0, width: 10, height: 5 }],
    });
    const output = job?.output_path ?? '';
    const line = JSON.parse(
      await readFile(path.join(settings.outputFolder ?? '', PROVENANCE_LOG), 'utf8'),
    ) as ProvenanceLine;
    // Laid over the upright photo, not kept whole (as stored, the result is 60×40, another
    // shape): the mask's box, grown, in its top-left.
    expect(line.fromService).toMatchObject({ region: 'mask', box: { left: 0, top: 0 } });
    const upright = (file: string | Buffer) => sharp(file).autoOrient().raw().toBuffer();
    const [before, after] = await Promise.all([upright(photo.file), upright(output)]);
    expect((await sharp(output).metadata()).autoOrient).toEqual({ width: 40, height: 60 });
    // Below the mask the photo is its own, re-encoded once (the photo is noise, which a
    // re-encode moves most; the stored result stretched upright gives about 20 dB).
    expect(psnr(before, after, 3, (p) => p >= 40 * 20)).toBeGreaterThan(28);
  });

  it('a large image the app downscales: the mask is full size, the stroke at full-size pixels', async () => {
    settings = { ...settings, watermarkPixelCap: { megapixels: 0.005, onExceed: 'downscale' } };
    const photo = await servePhoto('wide.jpg', 200, 100);
    const { job, submits } = await runOne({
      ...photo,
      strokes: [{ kind: 'rect', x: 150, y: 80, width: 20, height: 10 }],
    });
    expect(job?.state).toBe('done');
    expect(submits[0]?.smear).toEqual({
      width: 200,
      height: 100,
      marked: { left: 150, top: 80, right: 169, bottom: 89 },
    });
  });
});

describe('a drawn mask that marks nothing', () => {
  it('fails before anything is sent, with what to do', async () => {
    const photo = await servePhoto('plain.jpg', 80, 60);
    const { job, submits } = await runOne({
      file: photo.file,
      strokes: [
        {
          kind: 'brush',
          points: [
            [10, 10],
            [40, 10],
          ],
          radius: 4,
        },
        {
          kind: 'eraser',
          points: [
            [10, 10],
            [40, 10],
          ],
          radius: 8,
        },
      ],
    });
    expect(job?.state).toBe('failed');
    expect((JSON.parse(job?.error_json ?? '{}') as { message: string }).message).toMatch(
      /^The mask marks nothing .*so nothing was sent: mark the watermark, or send the image with no mask\.$/,
    );
    expect(submits).toHaveLength(0);
  });

  it('so does a rectangle wholly outside the image', async () => {
    const photo = await servePhoto('outside.jpg', 80, 60);
    const { job, submits } = await runOne({
      file: photo.file,
      strokes: [{ kind: 'rect', x: 100, y: 100, width: 20, height: 20 }],
    });
    expect(job?.state).toBe('failed');
    expect(submits).toHaveLength(0);
  });
});
