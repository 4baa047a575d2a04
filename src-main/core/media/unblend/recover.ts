import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import { recoverBox } from '../../../imaging/unblend.ts';
import { readHeader } from '../decode.ts';
import { pixelSource } from '../heic/decode-heic.ts';
import { UserFacingError } from '../../user-error.ts';
import type { RgbPixels } from '../../../imaging/rgb-pixels.ts';
import { readBoxes, type MarkEstimate } from './mark-estimate.ts';
import { LOSSY_FORMATS } from './saving.ts';

/** Recovered pixels of one box of an image: 8-bit RGB, row by row. */
export interface Patch {
  box: Box;
  data: Buffer;
}

/**
 * The photo under the mark in one image, at full resolution: each of the estimate's boxes
 * read on its own, the blend undone there (repainted where the mark is too opaque), so the
 * work and the memory are those of the marks, whatever the photo's size.
 */
export async function recoverImage(file: string, estimate: MarkEstimate): Promise<Patch[]> {
  // A HEIC photo is decoded once, upright, for all its boxes (sharp cannot read its pixels).
  const source = await pixelSource(file);
  const header = await readHeader(source);
  const upright = header.autoOrient ?? { width: header.width, height: header.height };
  if (upright.width !== estimate.width || upright.height !== estimate.height) {
    throw new UserFacingError({
      id: 'core.unblend.otherSize',
      values: {
        file,
        size: `${upright.width}×${upright.height}`,
        measured: `${estimate.width}×${estimate.height}`,
      },
    });
  }
  const lossy = source !== file || LOSSY_FORMATS.has(header.format ?? '');
  const read = await readBoxes(
    source,
    estimate.parts.map(({ box }) => box),
  );
  const patches: Patch[] = [];
  for (const [k, { box, blend }] of estimate.parts.entries()) {
    const pixels = read[k] as RgbPixels;
    await recoverBox(pixels, blend, { lossy });
    patches.push({ box, data: pixels.data });
  }
  return patches;
}
