import { createRequire } from 'node:module';
import sharp from 'sharp';
import { storedFormat, storedRgb } from './pixels.ts';
import { maskToAlpha } from '../../src-shared/domain/mask-rule.ts';

/** The parts of OpenCV's wasm build the simulator uses. */
interface Mat {
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  Mat: { new (): Mat; new (rows: number, cols: number, type: number): Mat };
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  inpaint(src: Mat, mask: Mat, dst: Mat, radius: number, flags: number): void;
  onRuntimeInitialized?: () => void;
}

let openCv: Promise<{ cv: OpenCv }> | undefined;

/**
 * OpenCV's wasm module is a thenable that resolves to itself, so no promise may ever
 * resolve to it (awaiting it would loop forever): it travels wrapped in an object.
 */
function loadOpenCv(): Promise<{ cv: OpenCv }> {
  openCv ??= new Promise((resolve) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
    if (typeof (cv as Partial<OpenCv>).inpaint === 'function') resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return openCv;
}

/**
 * Where a watermark is assumed to be when no mask is given: the bottom-right corner, the
 * right 30 % of the width and the bottom 12 % of the height (rounded up to a pixel).
 */
export function defaultRegion(width: number, height: number) {
  const w = Math.max(1, Math.ceil(width * 0.3));
  const h = Math.max(1, Math.ceil(height * 0.12));
  return { left: width - w, top: height - h, width: w, height: h };
}

function regionAlpha(width: number, height: number): Uint8Array {
  const alpha = new Uint8Array(width * height);
  const region = defaultRegion(width, height);
  for (let y = region.top; y < height; y += 1) {
    alpha.fill(255, y * width + region.left, y * width + width);
  }
  return alpha;
}

export interface OutputFormat {
  format: 'jpeg' | 'png' | 'webp';
  contentType: string;
  extension: string;
}

/** Results keep the input's format when it is JPEG, PNG or WebP, and are PNG otherwise. */
export function outputFormatFor(inputFormat: string | undefined): OutputFormat {
  const format = inputFormat === 'jpeg' || inputFormat === 'webp' ? inputFormat : 'png';
  return { format, contentType: `image/${format}`, extension: format === 'jpeg' ? 'jpg' : format };
}

/** Fills the marked pixels from their surroundings with OpenCV's Telea method. */
export async function inpaint(image: Buffer, mask: Buffer | undefined): Promise<Buffer> {
  const [{ cv }, source, format] = await Promise.all([
    loadOpenCv(),
    storedRgb(image),
    storedFormat(image),
  ]);
  const { width, height } = source;
  const alpha = mask ? maskToAlpha((await storedRgb(mask)).data) : regionAlpha(width, height);
  const src = new cv.Mat(height, width, cv.CV_8UC3);
  const marks = new cv.Mat(height, width, cv.CV_8UC1);
  const dst = new cv.Mat();
  try {
    src.data.set(source.data);
    marks.data.set(alpha);
    cv.inpaint(src, marks, dst, 5, cv.INPAINT_TELEA);
    return await sharp(Buffer.from(dst.data), { raw: { width, height, channels: 3 } })
      .toFormat(outputFormatFor(format).format)
      .toBuffer();
  } finally {
    src.delete();
    marks.delete();
    dst.delete();
  }
}
