import { MASK_MARK_RGB, type Stroke } from '../../../src-shared/domain/strokes.ts';
import type { Box } from '../../../src-shared/domain/mask-anchor.ts';
import {
  clearOutside,
  growPlane,
  invertPlane,
  shrinkPlane,
} from '../../../src-shared/domain/mask-morphology.ts';
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

/**
 * Whole-mask tools, for a mask found automatically or given as a file: grow or shrink the
 * marks by N pixels, invert them, and clear everything outside a box.
 */
export interface MaskTools {
  grow?: number;
  shrink?: number;
  invert?: boolean;
  /** Keeps only the marks inside this box, in the image's pixels. */
  keepInside?: Box;
}

export function hasMaskTools(tools: MaskTools): boolean {
  return Boolean(tools.grow || tools.shrink || tools.invert || tools.keepInside);
}

/**
 * The tools in a fixed order: shrink (which drops specks), grow, invert, then the box, so
 * "invert and keep inside a box" marks the box's area around a mark, not the whole image.
 */
export function applyMaskTools(
  plane: Uint8Array,
  width: number,
  height: number,
  tools: MaskTools,
): Uint8Array {
  let out = plane;
  if (tools.shrink) out = shrinkPlane(out, width, height, tools.shrink);
  if (tools.grow) out = growPlane(out, width, height, tools.grow);
  if (tools.invert) out = invertPlane(out);
  if (tools.keepInside) out = clearOutside(out, width, height, tools.keepInside);
  return out;
}
