import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { markedBox } from '../../src-shared/domain/mask-morphology.ts';
import { repaintMarked } from '../../src-main/imaging/telea-repaint.ts';
import type { Kind } from '../support/real-marks-kinds.ts';
import { readLayer, type KindSet } from '../support/real-marks-set.ts';
import {
  finderScore,
  markColoured,
  markColours,
  markVisible,
  planesOf,
  psnr,
  remainingMark,
  squaredError,
  ssim,
  type FinderScore,
  type Squared,
} from './real-marks-measure.ts';
import type { KindRun } from './real-marks-run.ts';

/**
 * Folds what the command line did to one kind's 24 photos into the kind's figures. A photo it
 * left out counts as its input unchanged: the user's file still carries the mark.
 */

export interface OpaqueScore {
  /** PSNR inside the mark of plain Telea over the same masks (without grain). */
  teleaPsnr: number;
  /** The same over the true mask (the mark grown by 3 pixels): Telea without the finder's faults. */
  trueMaskTeleaPsnr: number;
  /** Mean SSIM of the luma in the mark's box: the engine's results, and Telea's. */
  ssim: number;
  teleaSsim: number;
  /** Share of the mark's pixels closer to one of its colours than to the clean photo. */
  coloured: number;
  teleaColoured: number;
}

export interface KindScore {
  kind: Kind;
  photos: number;
  /** Photos the command line wrote a result for. */
  written: number;
  /** dB inside the mark (grown 3 pixels) against the clean photo. */
  psnr: number;
  /** The same for the clean photo saved as JPEG q85: the best a result can be. */
  floor: number;
  /** dB at 24 pixels and more from the mark, against the input. */
  far: number;
  iou: number;
  recall: number;
  /** The largest false region of any photo, as a share of it. */
  largestFalse: number;
  /** Results held as 'mark-visible', and how many of those show it by this benchmark's measure. */
  flagged: number;
  flaggedVisible: number;
  /** Results showing the mark by this benchmark's measure, and how many of those were not held. */
  visible: number;
  visibleUnflagged: number;
  /** The self-check's predicted dB (mean over the photos it spoke for), when it spoke. */
  predicted?: number;
  secondsPer12mp: number;
  /** Decoding each written photo and encoding it as JPEG q85, per 12 MP: the least a writer does. */
  rewriteSecondsPer12mp: number;
  /** The engine's CPU seconds per 12 MP (all its threads), and the same rewrite's in this process. */
  cpuSecondsPer12mp: number;
  rewriteCpuSecondsPer12mp: number;
  opaque?: OpaqueScore;
}

/** Seconds (wall, and CPU of all this process's threads) to decode the file and write it again as JPEG q85. */
async function rewriteSeconds(file: string): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6 };
}

async function rgbOf(file: string | Buffer): Promise<Uint8Array> {
  const data = await sharp(file).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The clean photo saved as JPEG q85 and read back: the floor's picture. */
async function asJpeg(clean: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const jpeg = await sharp(clean, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return rgbOf(jpeg);
}

interface OpaqueParts {
  telea: Squared[];
  trueTelea: Squared[];
  ssim: number[];
  teleaSsim: number[];
  coloured: { count: number; of: number };
  teleaColoured: { count: number; of: number };
}

export async function scoreKind(set: KindSet, run: KindRun): Promise<KindScore> {
  const inside: Squared[] = [];
  const floor: Squared[] = [];
  const far: Squared[] = [];
  const finder: FinderScore[] = [];
  let largestFalse = 0;
  let written = 0;
  let megapixels = 0;
  let rewriting = 0;
  let rewritingCpu = 0;
  let flagged = 0;
  let flaggedVisible = 0;
  let visible = 0;
  let visibleUnflagged = 0;
  const opaque: OpaqueParts = {
    telea: [],
    trueTelea: [],
    ssim: [],
    teleaSsim: [],
    coloured: { count: 0, of: 0 },
    teleaColoured: { count: 0, of: 0 },
  };
  for (const photo of set.photos) {
    const outcome = run.byInput.get(photo.input) ?? {};
    const { width, height } = photo;
    const clean = await rgbOf(photo.clean);
    const input = await rgbOf(photo.input);
    const result = outcome.output ? await rgbOf(outcome.output) : input;
    const layer = await readLayer(photo.mark);
    const planes = planesOf(layer, width, height);
    inside.push(squaredError(result, clean, planes.region));
    floor.push(squaredError(await asJpeg(clean, width, height), clean, planes.region));
    far.push(squaredError(result, input, planes.far));
    const score = finderScore(outcome.mask, planes);
    finder.push(score);
    largestFalse = Math.max(largestFalse, score.largestFalse / (width * height));
    const colours = markColours(layer);
    const coloured = markColoured(result, clean, colours, planes);
    if (outcome.output) {
      written += 1;
      megapixels += (width * height) / 1e6;
      const rewrite = await rewriteSeconds(photo.input);
      rewriting += rewrite.wall;
      rewritingCpu += rewrite.cpu;
      const share = coloured.count / Math.max(1, coloured.of);
      const seen = markVisible(remainingMark(result, clean, layer, planes), share);
      const held = outcome.doubt === 'mark-visible';
      if (held) flagged += 1;
      if (held && seen) flaggedVisible += 1;
      if (seen) visible += 1;
      if (seen && !held) visibleUnflagged += 1;
    }
    if (set.kind.semiTransparent) continue;
    const telea = { data: Buffer.from(input), width, height };
    if (outcome.mask) await repaintMarked(telea, outcome.mask, { grain: false });
    opaque.telea.push(squaredError(telea.data, clean, planes.region));
    // Telea on the true mask too: what the fill does when the finder's mask has no fault.
    const trueTelea = { data: Buffer.from(input), width, height };
    await repaintMarked(trueTelea, planes.region, { grain: false });
    opaque.trueTelea.push(squaredError(trueTelea.data, clean, planes.region));
    const box = markedBox(planes.mark, width, height);
    if (box) {
      opaque.ssim.push(ssim(result, clean, width, box));
      opaque.teleaSsim.push(ssim(telea.data, clean, width, box));
    }
    const add = (into: { count: number; of: number }, part: { count: number; of: number }) => {
      into.count += part.count;
      into.of += part.of;
    };
    add(opaque.coloured, coloured);
    add(opaque.teleaColoured, markColoured(telea.data, clean, colours, planes));
  }
  const sum = (pick: (s: FinderScore) => number) => finder.reduce((t, s) => t + pick(s), 0);
  const mean = (values: readonly number[]) =>
    values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
  const predictions = set.photos.flatMap((photo) => run.predictedDb.get(photo.input) ?? []);
  return {
    kind: set.kind,
    photos: set.photos.length,
    written,
    psnr: psnr(inside),
    floor: psnr(floor),
    far: psnr(far),
    iou:
      sum((s) => s.inter) /
      Math.max(
        1,
        sum((s) => s.union),
      ),
    recall:
      sum((s) => s.covered) /
      Math.max(
        1,
        sum((s) => s.markPixels),
      ),
    largestFalse,
    flagged,
    flaggedVisible,
    visible,
    visibleUnflagged,
    ...(predictions.length > 0 ? { predicted: mean(predictions) } : {}),
    secondsPer12mp: megapixels > 0 ? (run.engineSeconds / megapixels) * 12 : Number.NaN,
    rewriteSecondsPer12mp: megapixels > 0 ? (rewriting / megapixels) * 12 : Number.NaN,
    cpuSecondsPer12mp: megapixels > 0 ? (run.engineCpuSeconds / megapixels) * 12 : Number.NaN,
    rewriteCpuSecondsPer12mp: megapixels > 0 ? (rewritingCpu / megapixels) * 12 : Number.NaN,
    ...(set.kind.semiTransparent
      ? {}
      : {
          opaque: {
            teleaPsnr: psnr(opaque.telea),
            trueMaskTeleaPsnr: psnr(opaque.trueTelea),
            ssim: mean(opaque.ssim),
            teleaSsim: mean(opaque.teleaSsim),
            coloured: opaque.coloured.count / Math.max(1, opaque.coloured.of),
            teleaColoured: opaque.teleaColoured.count / Math.max(1, opaque.teleaColoured.of),
          },
        }),
  };
}
