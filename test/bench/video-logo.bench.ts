import { mkdtemp } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repaintMarked } from '../../src-main/imaging/telea-repaint.ts';
import { CleanPage } from '../support/clean-page.ts';
import {
  clipFacts,
  logoFlicker,
  logoLuma,
  logoLumaOf,
  logoPsnr,
  rgbCrops,
  type Box,
} from '../support/clip-measure.ts';
import { clipPair, requireFfmpeg, type ClipSpec, type Logo } from '../support/video-clips.ts';
import type { Benchmark, Figure } from './harness.ts';

/** The clip: ten seconds of 720p at 30 frames a second, H.264 with AAC sound. */
const CLIP = { width: 1280, height: 720, frameRate: 30, frames: 300, container: 'mp4' } as const;
/** Telea sees this much of the picture round the logo. */
const MARGIN = 16;

/** The per-frame fill the issue compares with: OpenCV's Telea over the logo, frame by frame. */
async function teleaPsnr(marked: string, clean: Uint8Array[], logo: Logo): Promise<number> {
  const box: Box = {
    left: logo.left - MARGIN,
    top: logo.top - MARGIN,
    width: logo.width + 2 * MARGIN,
    height: logo.height + 2 * MARGIN,
  };
  const alpha = new Uint8Array(box.width * box.height);
  for (let y = 0; y < logo.height; y += 1) {
    for (let x = 0; x < logo.width; x += 1) {
      if ((logo.alpha[y * logo.width + x] as number) > 0)
        alpha[(y + MARGIN) * box.width + x + MARGIN] = 1;
    }
  }
  const filled: Uint8Array[] = [];
  for (const rgb of await rgbCrops(marked, box)) {
    const pixels = { data: Buffer.from(rgb), width: box.width, height: box.height };
    await repaintMarked(pixels, alpha, { grain: false });
    filled.push(logoLumaOf(pixels.data, box, logo));
  }
  return logoPsnr(filled, clean, logo);
}

interface Cleaned {
  psnr: number;
  flicker: number;
  speed: number;
  soundSame: boolean;
  peakMegabytes: number;
  clean: Uint8Array[];
  logo: Logo;
  marked: string;
}

async function cleanOne(page: CleanPage, dir: string, spec: ClipSpec): Promise<Cleaned> {
  const pair = await clipPair(spec);
  const output = path.join(dir, `${spec.logo}.mp4`);
  const run = await page.clean(pair.marked, output);
  if ('refused' in run.result)
    throw new Error(`the clean-up refused: ${String(run.result['refused'])}`);
  const [clean, result] = await Promise.all([
    logoLuma(pair.clean, pair.logo),
    logoLuma(output, pair.logo),
  ]);
  const [source, cleaned] = await Promise.all([clipFacts(pair.marked), clipFacts(output)]);
  const soundSame =
    source.sound.length > 0 &&
    source.sound.length === cleaned.sound.length &&
    source.sound.every((packet, i) => packet.equals(cleaned.sound[i] as Buffer));
  return {
    psnr: logoPsnr(result, clean, pair.logo),
    flicker: logoFlicker(result, clean, pair.logo),
    speed: spec.frames / run.seconds / spec.frameRate,
    soundSame,
    peakMegabytes: run.peakMegabytes,
    clean,
    logo: pair.logo,
    marked: pair.marked,
  };
}

/** The encode-only floor: the clean twin through the same decoder and encoder, untouched. */
async function floorPsnr(page: CleanPage, dir: string, spec: ClipSpec): Promise<number> {
  const pair = await clipPair(spec);
  const output = path.join(dir, `floor-${spec.logo}.mp4`);
  await page.clean(pair.clean, output, { lift: false });
  const [clean, result] = await Promise.all([
    logoLuma(pair.clean, pair.logo),
    logoLuma(output, pair.logo),
  ]);
  return logoPsnr(result, clean, pair.logo);
}

export const benchmarks: Benchmark[] = [
  {
    name: 'video-logo',
    figures: [
      'video-logo-speed',
      'video-logo-translucent-psnr',
      'video-logo-translucent-gap',
      'video-logo-opaque-psnr',
      'video-logo-translucent-flicker',
      'video-logo-opaque-flicker',
      'video-logo-sound-identical',
      'video-logo-peak-memory',
    ],
    runs: 1,
    async measure(): Promise<Figure[]> {
      await requireFfmpeg();
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-logo-'));
      const page = await CleanPage.start();
      try {
        const translucent = await cleanOne(page, dir, { ...CLIP, logo: 'translucent' });
        const floor = await floorPsnr(page, dir, { ...CLIP, logo: 'translucent' });
        const opaque = await cleanOne(page, dir, { ...CLIP, logo: 'opaque' });
        const telea = await teleaPsnr(opaque.marked, opaque.clean, opaque.logo);
        const speed = Math.min(translucent.speed, opaque.speed);
        return [
          {
            name: 'video-logo-speed',
            value: speed,
            unit: '× clip fps',
            target: { op: '>=', value: 1, of: 'value' },
          },
          {
            name: 'video-logo-translucent-psnr',
            value: translucent.psnr,
            unit: 'dB',
            baseline: floor,
          },
          {
            name: 'video-logo-translucent-gap',
            value: floor - translucent.psnr,
            unit: 'dB under floor',
            target: { op: '<=', value: 3, of: 'value' },
          },
          {
            name: 'video-logo-opaque-psnr',
            value: opaque.psnr,
            unit: 'dB',
            baseline: telea,
            target: { op: '>', value: 1, of: 'ratio' },
          },
          {
            name: 'video-logo-translucent-flicker',
            value: translucent.flicker,
            unit: 'levels',
            target: { op: '<=', value: 1, of: 'value' },
          },
          {
            name: 'video-logo-opaque-flicker',
            value: opaque.flicker,
            unit: 'levels',
            target: { op: '<=', value: 1, of: 'value' },
          },
          {
            name: 'video-logo-sound-identical',
            value: translucent.soundSame && opaque.soundSame ? 1 : 0,
            unit: 'yes=1',
            target: { op: '>=', value: 1, of: 'value' },
          },
          {
            name: 'video-logo-peak-memory',
            value: Math.max(translucent.peakMegabytes, opaque.peakMegabytes),
            unit: 'MB',
          },
        ];
      } finally {
        await page.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
