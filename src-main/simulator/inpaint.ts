import { createRequire } from 'node:module';
import sharp from 'sharp';
import { storedFormat, storedRgb, type RgbPixels } from './pixels.ts';
import { maskToAlpha } from '../../src-shared/domain/mask-rule.ts';
import { addGrain, markMask } from './corner-mark.ts';

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

/** Pixels a search for the mark reads at most: a large photo is searched at a smaller size. */
const SEARCH_PIXELS = 1_000_000;

/** The mask of the mark found in a corner, at the photo's size. */
async function findMark(source: RgbPixels): Promise<Uint8Array> {
  const { width, height } = source;
  const scale = Math.sqrt(SEARCH_PIXELS / (width * height));
  if (scale >= 1) return markMask(source);
  const small = await sharp(source.data, { raw: { width, height, channels: 3 } })
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = markMask({ data: small.data, width: small.info.width, height: small.info.height });
  const alpha = await sharp(Buffer.from(found), {
    raw: { width: small.info.width, height: small.info.height, channels: 1 },
  })
    .resize(width, height, { kernel: 'nearest' })
    .raw()
    .toBuffer();
  return Uint8Array.from(alpha, (value) => (value > 0 ? 255 : 0));
}

/**
 * Fills the marked pixels, and only those, from their surroundings with OpenCV's Telea
 * method, then gives them the grain of the photo around them so the fill does not show as a
 * smooth smear. Without a mask it repaints the mark it finds in a corner (see corner-mark.ts).
 */
export async function inpaint(image: Buffer, mask: Buffer | undefined): Promise<Buffer> {
  const [{ cv }, source, format] = await Promise.all([
    loadOpenCv(),
    storedRgb(image),
    storedFormat(image),
  ]);
  const { width, height } = source;
  const alpha = mask ? maskToAlpha((await storedRgb(mask)).data) : await findMark(source);
  const src = new cv.Mat(height, width, cv.CV_8UC3);
  const marks = new cv.Mat(height, width, cv.CV_8UC1);
  const dst = new cv.Mat();
  try {
    src.data.set(source.data);
    marks.data.set(alpha);
    cv.inpaint(src, marks, dst, 5, cv.INPAINT_TELEA);
    const filled = { data: Buffer.from(dst.data), width, height };
    addGrain(filled, alpha);
    return await sharp(filled.data, { raw: { width, height, channels: 3 } })
      .toFormat(outputFormatFor(format).format)
      .toBuffer();
  } finally {
    src.delete();
    marks.delete();
    dst.delete();
  }
}
