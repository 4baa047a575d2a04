import { MASK_MARK_RGB, type Stroke } from '../../../src-shared/domain/strokes.ts';
import { MaskPlane } from '../../../src-shared/domain/mask-raster.ts';
import { encodeTwoColourPng } from './two-colour-png.ts';

/**
 * The mask PNG for an image of this size: marked pixels in the mark colour, everything else
 * pure black, exactly the image's size, one bit a pixel. While it is built the image costs
 * one byte a pixel in memory.
 */
export function buildMask(
  width: number,
  height: number,
  strokes: readonly Stroke[],
  bitmaps?: ReadonlyMap<string, Uint8Array>,
): Buffer {
  return encodeTwoColourPng(
    paintPlane(width, height, strokes, bitmaps),
    width,
    height,
    MASK_MARK_RGB,
  );
}

/** The strokes painted in order: 1 where marked, 0 elsewhere. */
export function paintPlane(
  width: number,
  height: number,
  strokes: readonly Stroke[],
  bitmaps?: ReadonlyMap<string, Uint8Array>,
): Uint8Array {
  const plane = new MaskPlane(width, height, bitmaps);
  for (const stroke of strokes) plane.apply(stroke, 1);
  return plane.data;
}
