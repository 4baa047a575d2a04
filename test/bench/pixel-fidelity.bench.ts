import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import { download } from '../../src-main/core/api/downloader.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient, type WatermarkResult } from '../../src-main/core/api/watermark-client.ts';
import { blendWeights } from '../../src-main/core/media/composite.ts';
import { paintPlane } from '../../src-main/core/media/mask-builder.ts';
import { serviceMaskPng } from '../../src-main/core/media/service-mask.ts';
import { writeOutput } from '../../src-main/core/media/output.ts';
import { startSimulator } from '../../src-main/simulator/server.ts';
import { makeMarkedPhoto, psnr } from '../support/images.ts';
import type { Benchmark, Figure } from './harness.ts';

const KEY = 'bench-key';
const WIDTH = 1600;
const HEIGHT = 1067;
const MARK = { left: WIDTH - 420, top: HEIGHT - 110, width: 360, height: 60 };
/** The rectangle a user paints over the mark: a little larger than it. */
const MASK = {
  x: MARK.left - 6,
  y: MARK.top - 6,
  width: MARK.width + 12,
  height: MARK.height + 12,
};
const SOURCES = [
  { label: 'png', encoding: { format: 'png' } },
  { label: 'jpeg-q75', encoding: { format: 'jpeg', quality: 75 } },
  { label: 'jpeg-q88', encoding: { format: 'jpeg', quality: 88 } },
  { label: 'jpeg-q95', encoding: { format: 'jpeg', quality: 95 } },
] as const;

interface Measured {
  label: string;
  /** Share of the pixels outside the grown mask whose every channel equals the source's. */
  identical: number;
  /** Share of the 8×8 blocks wholly outside the grown mask whose every pixel does. */
  identicalBlocks: number;
  psnr: number;
  sizeRatio: number;
}

async function rgb(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).removeAlpha().raw().toBuffer();
}

function compare(source: Buffer, output: Buffer, outside: Uint8Array) {
  const same = (p: number) =>
    source[p * 3] === output[p * 3] &&
    source[p * 3 + 1] === output[p * 3 + 1] &&
    source[p * 3 + 2] === output[p * 3 + 2];
  let kept = 0;
  let count = 0;
  for (let p = 0; p < outside.length; p += 1) {
    if (!outside[p]) continue;
    count += 1;
    if (same(p)) kept += 1;
  }
  let blocks = 0;
  let keptBlocks = 0;
  for (let top = 0; top + 8 <= HEIGHT; top += 8) {
    for (let left = 0; left + 8 <= WIDTH; left += 8) {
      const pixels = Array.from(
        { length: 64 },
        (_, i) => (top + (i >> 3)) * WIDTH + left + (i & 7),
      );
      if (!pixels.every((p) => outside[p])) continue;
      blocks += 1;
      if (pixels.every(same)) keptBlocks += 1;
    }
  }
  return {
    identical: (100 * kept) / count,
    identicalBlocks: (100 * keptBlocks) / blocks,
    psnr: psnr(source, output, 3, (p) => outside[p] === 1),
  };
}

/**
 * Each source cleaned by the simulator over loopback with a mask over its mark, then
 * written twice: by `writeOutput` (composited onto the source, at the source's own JPEG
 * quality, its untouched blocks copied) and as the writer did before (the service's whole result, JPEG at quality 95
 * 4:4:4), the baseline. Both are compared with the source outside the grown mask.
 */
async function measure(): Promise<{ composited: Measured[]; whole: Measured[] }> {
  const sim = await startSimulator({
    accounts: [{ key: KEY, credits: 1000 }],
    watermark: { processingMs: 50, jitter: 0 },
  });
  const transport = createTransport({ maxConnections: 4 });
  const client = new WatermarkClient({ baseUrl: sim.watermarkBaseUrl, key: () => KEY, transport });
  const poller = new Poller();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-bench-pixels-'));
  const plane = paintPlane(WIDTH, HEIGHT, [{ kind: 'rect', ...MASK }]);
  const { weights } = blendWeights(plane, WIDTH, HEIGHT);
  const outside = Uint8Array.from(weights, (w) => (w === 0 ? 1 : 0));
  const mask = {
    base64: serviceMaskPng({ data: plane, width: WIDTH, height: HEIGHT }).toString('base64'),
  };
  const composited: Measured[] = [];
  const whole: Measured[] = [];
  try {
    for (const { label, encoding } of SOURCES) {
      const bytes = await makeMarkedPhoto(WIDTH, HEIGHT, MARK, encoding);
      const input = path.join(dir, `${label}.${encoding.format === 'png' ? 'png' : 'jpg'}`);
      await writeFile(input, bytes);
      const taskId = await client.submit({ base64: bytes.toString('base64') }, mask);
      const done = await poller.track<WatermarkResult>({
        kind: 'watermark',
        check: async () => {
          const seen = await client.result(taskId);
          return seen.phase === 'in-progress' ? { done: false } : { done: true, value: seen };
        },
      });
      if (done.phase !== 'succeeded') throw new Error(`task ${taskId} ${done.status}`);
      const saved = await download(transport, {
        url: done.imageUrls[0] as string,
        targetDir: dir,
        fileName: `${label}-result`,
      });
      const result = await readFile(saved.path);
      const outcome = await writeOutput({
        input,
        result,
        mask: () => Promise.resolve(plane),
        settings: { ...DEFAULT_SETTINGS, outputFolder: path.join(dir, 'out') },
        n: 1,
      });
      if (!('written' in outcome)) throw new Error(`${label} was not written`);
      const output = await readFile(outcome.written);
      const before =
        encoding.format === 'png'
          ? await sharp(result).png().toBuffer()
          : await sharp(result).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
      const source = await rgb(bytes);
      const sourceBytes = (await stat(input)).size;
      composited.push({
        label,
        ...compare(source, await rgb(output), outside),
        sizeRatio: output.length / sourceBytes,
      });
      whole.push({
        label,
        ...compare(source, await rgb(before), outside),
        sizeRatio: before.length / sourceBytes,
      });
    }
  } finally {
    await transport.close();
    await sim.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return { composited, whole };
}

const JPEG_LABELS = SOURCES.flatMap((source) =>
  source.encoding.format === 'jpeg' ? [source.label] : [],
);

const pick = (rows: Measured[], label: string) =>
  rows.find((row) => row.label === label) as Measured;
const jpegs = (rows: Measured[]) => rows.filter((row) => row.label.startsWith('jpeg'));

export const benchmarks: Benchmark[] = [
  {
    name: 'pixel-fidelity',
    figures: [
      'outside-mask-identical-png',
      'outside-mask-psnr-jpeg',
      'outside-mask-identical-blocks-jpeg',
      'output-size-ratio-jpeg',
      ...JPEG_LABELS.flatMap((label) => [
        `outside-mask-psnr-${label}`,
        `outside-mask-identical-${label}`,
        `output-size-ratio-${label}`,
      ]),
    ],
    // Deterministic images and a deterministic service: one run says it all.
    runs: 1,
    async measure() {
      const { composited, whole } = await measure();
      const figures: Figure[] = [
        {
          name: 'outside-mask-identical-png',
          value: pick(composited, 'png').identical,
          unit: '% pixels',
          baseline: pick(whole, 'png').identical,
          target: { op: '>=', value: 100, of: 'value' },
        },
        {
          name: 'outside-mask-psnr-jpeg',
          value: Math.min(...jpegs(composited).map((row) => row.psnr)),
          unit: 'dB, worst',
          baseline: Math.min(...jpegs(whole).map((row) => row.psnr)),
          target: { op: '>=', value: 50, of: 'value' },
        },
        {
          name: 'outside-mask-identical-blocks-jpeg',
          value: Math.min(...jpegs(composited).map((row) => row.identicalBlocks)),
          unit: '% blocks, worst',
          baseline: Math.min(...jpegs(whole).map((row) => row.identicalBlocks)),
        },
        {
          name: 'output-size-ratio-jpeg',
          value: Math.max(...jpegs(composited).map((row) => row.sizeRatio)),
          unit: 'x source, worst',
          baseline: Math.max(...jpegs(whole).map((row) => row.sizeRatio)),
          target: { op: '<=', value: 1.1, of: 'value' },
        },
      ];
      for (const row of jpegs(composited)) {
        const before = pick(whole, row.label);
        figures.push(
          {
            name: `outside-mask-psnr-${row.label}`,
            value: row.psnr,
            unit: 'dB',
            baseline: before.psnr,
          },
          {
            name: `outside-mask-identical-${row.label}`,
            value: row.identical,
            unit: '% pixels',
            baseline: before.identical,
          },
          {
            name: `output-size-ratio-${row.label}`,
            value: row.sizeRatio,
            unit: 'x source',
            baseline: before.sizeRatio,
          },
        );
      }
      return figures;
    },
  },
];
