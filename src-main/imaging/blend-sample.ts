import type { BlendSample } from './blend-estimate.ts';
import type { RgbPixels } from './rgb-pixels.ts';
import { repaintMarked } from './telea-repaint.ts';

/**
 * One image's part in the estimate of a mark: its pixels in the mark's box, and the same
 * box with the mark's region repainted without grain (a smooth guess of the photo there).
 */
export async function blendSampleOf(observed: RgbPixels, region: Uint8Array): Promise<BlendSample> {
  const filled = { ...observed, data: Buffer.from(observed.data) };
  await repaintMarked(
    filled,
    region.map((value) => (value ? 255 : 0)),
    { grain: false },
  );
  return { observed, filled };
}
