import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { estimateMark } from '../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../src-main/core/media/unblend/recover.ts';
import { boundsOf } from '../../src-main/imaging/pixel-grid.ts';
import { repaintMarked } from '../../src-main/imaging/telea-repaint.ts';
import { grownPlane, type KindSet } from './engine-kinds.ts';

/**
 * The local engine measured on one kind's set with the true mask as its mask: how close
 * it comes to the clean photos inside the mark, against what JPEG alone costs there and
 * against a plain Telea repaint of the same mask; whether anything far from the mark moved.
 */
export interface KindFigures {
  /** PSNR (dB) inside the mark grown 3 px, results against the clean photos, pooled. */
  psnr: number;
  /** The same for the marked JPEGs' clean photos saved as JPEG q85: the best possible. */
  floor: number;
  /** The same for a plain Telea repaint of the mask (without grain). */
  telea: number;
  /** Mean SSIM of brightness in the mark's box: the engine's, and Telea's. */
  ssim: number;
  teleaSsim: number;
  /** Share of the mask's pixels nearer to one of the mark's colours than to the clean photo. */
  markColoured: number;
  /** Pixels 24 px or more from the mark that differ from the input, over all results. */
  farChanged: number;
  /** Seconds per image to recover (reading the boxes, un-blending, repairing). */
  seconds: number;
}

/** A running sum of squared errors, to a PSNR. */
class Squares {
  sum = 0;
  count = 0;
  add(a: number, b: number): void {
    this.sum += (a - b) ** 2;
    this.count += 1;
  }
  get psnr(): number {
    return this.count === 0 || this.sum === 0
      ? 99
      : 10 * Math.log10((255 * 255) / (this.sum / this.count));
  }
}

async function raw(file: string | Buffer): Promise<Buffer> {
  return sharp(file).removeAlpha().toColourspace('srgb').raw().toBuffer();
}

function lumaAt(rgb: Buffer, i: number): number {
  return (
    0.299 * (rgb[i * 3] as number) +
    0.587 * (rgb[i * 3 + 1] as number) +
    0.114 * (rgb[i * 3 + 2] as number)
  );
}

/** Mean SSIM of brightness over 8 × 8 windows (step 4) of the box. */
function ssimIn(
  a: Buffer,
  b: Buffer,
  width: number,
  box: { left: number; top: number; width: number; height: number },
): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let y = box.top; y + 8 <= box.top + box.height; y += 4) {
    for (let x = box.left; x + 8 <= box.left + box.width; x += 4) {
      let ma = 0;
      let mb = 0;
      for (let v = 0; v < 8; v += 1) {
        for (let u = 0; u < 8; u += 1) {
          const i = (y + v) * width + x + u;
          ma += lumaAt(a, i);
          mb += lumaAt(b, i);
        }
      }
      ma /= 64;
      mb /= 64;
      let va = 0;
      let vb = 0;
      let cov = 0;
      for (let v = 0; v < 8; v += 1) {
        for (let u = 0; u < 8; u += 1) {
          const i = (y + v) * width + x + u;
          const da = lumaAt(a, i) - ma;
          const db = lumaAt(b, i) - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      }
      va /= 63;
      vb /= 63;
      cov /= 63;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows += 1;
    }
  }
  return windows === 0 ? 1 : total / windows;
}

/** Runs the engine over the set (estimate from all its photos, then each one recovered). */
export async function measureKind(set: KindSet): Promise<KindFigures> {
  const { width, height, mask, coverage } = set;
  const box = boundsOf(mask, width, height, 0);
  if (!box) throw new Error('the set has no mark');
  const estimate = await estimateMark(set.files, {
    width,
    height,
    plane: mask,
    boxes: [{ x: box.left, y: box.top, width: box.width, height: box.height }],
  });
  const marked = Uint8Array.from(coverage, (a) => (a > 0 ? 1 : 0));
  const near = grownPlane(marked, width, height, 23);
  const engine = new Squares();
  const floor = new Squares();
  const telea = new Squares();
  let ssim = 0;
  let teleaSsim = 0;
  let coloured = 0;
  let maskPixels = 0;
  let farChanged = 0;
  let seconds = 0;
  const alpha = Uint8Array.from(mask, (m) => (m ? 255 : 0));
  for (const [k, file] of set.files.entries()) {
    const clean = set.clean[k] as Buffer;
    const input = await raw(file);
    const started = performance.now();
    const patches = await recoverImage(file, estimate);
    seconds += (performance.now() - started) / 1000;
    const result = Buffer.from(input);
    for (const patch of patches) {
      for (let y = 0; y < patch.box.height; y += 1) {
        const to = ((patch.box.y + y) * width + patch.box.x) * 3;
        patch.data.copy(result, to, y * patch.box.width * 3, (y + 1) * patch.box.width * 3);
      }
    }
    const repainted = { data: Buffer.from(input), width, height };
    await repaintMarked(repainted, alpha, { grain: false });
    const jpeg = await raw(
      await sharp(clean, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
    for (let p = 0; p < width * height; p += 1) {
      if (!near[p]) {
        for (let c = 0; c < 3; c += 1) {
          if (result[p * 3 + c] !== input[p * 3 + c]) {
            farChanged += 1;
            break;
          }
        }
      }
      if (!mask[p]) continue;
      maskPixels += 1;
      let toClean = 0;
      for (let c = 0; c < 3; c += 1) {
        const truth = clean[p * 3 + c] as number;
        engine.add(result[p * 3 + c] as number, truth);
        floor.add(jpeg[p * 3 + c] as number, truth);
        telea.add(repainted.data[p * 3 + c] as number, truth);
        toClean += ((result[p * 3 + c] as number) - truth) ** 2;
      }
      const toMark = Math.min(
        ...set.colours.map((colour) =>
          colour.reduce((sum, value, c) => sum + ((result[p * 3 + c] as number) - value) ** 2, 0),
        ),
      );
      if (toMark < toClean) coloured += 1;
    }
    ssim += ssimIn(result, clean, width, box);
    teleaSsim += ssimIn(repainted.data, clean, width, box);
  }
  const n = set.files.length;
  return {
    psnr: engine.psnr,
    floor: floor.psnr,
    telea: telea.psnr,
    ssim: ssim / n,
    teleaSsim: teleaSsim / n,
    markColoured: coloured / maskPixels,
    farChanged,
    seconds: seconds / n,
  };
}
