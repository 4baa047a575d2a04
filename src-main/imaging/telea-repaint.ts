import { createRequire } from 'node:module';
import { addGrain } from './grain.ts';
import { boundsOf } from './pixel-grid.ts';
import type { RgbPixels } from './rgb-pixels.ts';

/** The parts of OpenCV's wasm build used here. */
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

/** How far Telea's method looks around each repainted pixel. */
const TELEA_RADIUS = 5;

/**
 * Repaints the marked pixels (alpha above 0), and only those, from their surroundings with
 * OpenCV's Telea method, then (unless `grain` is false) gives them the grain of the photo
 * around them so the fill does not show as a smooth smear. Only the box around the marks is
 * handed to OpenCV, so a small mark on a large photo costs little. Changes `pixels` in place.
 * Without grain the fill is the smooth guess an estimate averages over images.
 */
export async function repaintMarked(
  pixels: RgbPixels,
  alpha: Uint8Array,
  { grain = true }: { grain?: boolean } = {},
): Promise<void> {
  const { width } = pixels;
  const box = boundsOf(alpha, width, pixels.height, TELEA_RADIUS * 3);
  if (!box) return;
  const { cv } = await loadOpenCv();
  const src = new cv.Mat(box.height, box.width, cv.CV_8UC3);
  const marks = new cv.Mat(box.height, box.width, cv.CV_8UC1);
  const dst = new cv.Mat();
  try {
    for (let y = 0; y < box.height; y += 1) {
      const from = (box.top + y) * width + box.left;
      src.data.set(pixels.data.subarray(from * 3, (from + box.width) * 3), y * box.width * 3);
      marks.data.set(alpha.subarray(from, from + box.width), y * box.width);
    }
    cv.inpaint(src, marks, dst, TELEA_RADIUS, cv.INPAINT_TELEA);
    for (let y = 0; y < box.height; y += 1) {
      const from = (box.top + y) * width + box.left;
      pixels.data.set(dst.data.subarray(y * box.width * 3, (y + 1) * box.width * 3), from * 3);
    }
  } finally {
    src.delete();
    marks.delete();
    dst.delete();
  }
  if (grain) addGrain(pixels, alpha);
}
