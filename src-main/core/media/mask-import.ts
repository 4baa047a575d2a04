import sharp from 'sharp';
import { maskCoverage, type MaskCoverage } from '../../../src-shared/domain/mask-rule.ts';
import { MASK_MARK_RGB } from '../../../src-shared/domain/strokes.ts';
import { UserFacingError } from '../user-error.ts';
import { decodeRgb, type RawImage } from '../../imaging/decode-rgb.ts';
import { DECODE_LIMIT } from './decode.ts';
import { encodeTwoColourPng } from './two-colour-png.ts';
import { said } from '../i18n/core-words.ts';

export class MaskImportError extends UserFacingError {}

export interface ImportedMask {
  /** The mask in our own form: one-bit palette PNG, marked pixels in the mark colour. */
  png: Buffer;
  /** The same marks, one byte a pixel: 1 where marked. */
  plane: Uint8Array;
  coverage: MaskCoverage;
  /** How the file marked what to erase. */
  convention: 'service-colours' | 'white-on-black';
  resized: boolean;
  warnings: string[];
  /**
   * Set when the mask marks every pixel, which no one means without saying so: the caller
   * asks (or is told) whether the whole image or nothing was meant before using it.
   * `all-white`: a file white all over, which is the whole image as a white-on-black mask
   * but nothing under the service's rule (white marks nothing).
   */
  everything?: WholeMask;
}

export type WholeMask = 'all-white' | 'all-marked';

/** Above this share of the image marked, the user is warned. */
export const LARGE_MASK_FRACTION = 0.5;
/** Sizes of the same shape differ by rounding only: a tenth of a percent of aspect. */
const SAME_SHAPE_TOLERANCE = 0.001;

/** What a mask that marks every pixel may have meant, in words: the whole image or nothing. */
export function wholeMaskProblem(everything: WholeMask): string {
  return said(
    everything === 'all-white' ? 'core.maskImport.allWhite' : 'core.maskImport.allMarked',
  );
}

function isGreyscale(image: RawImage): boolean {
  const { data } = image;
  for (let i = 0; i < data.length; i += 3) {
    if (data[i] !== data[i + 1] || data[i] !== data[i + 2]) return false;
  }
  return true;
}

/**
 * Reads a mask made elsewhere and rewrites it in the service's rule. Two conventions are
 * understood: the service's own (any colour but pure black or white marks a pixel), and the
 * common grey mask where white means erase, whose pixels are marked when brighter than mid
 * grey. A mask of another size but the same shape is scaled with nearest neighbour, which
 * adds no in-between colours.
 */
export async function importMask(
  bytes: Buffer,
  imageWidth: number,
  imageHeight: number,
): Promise<ImportedMask> {
  let image: RawImage;
  try {
    image = await decodeRgb(bytes);
  } catch {
    throw new MaskImportError({ id: 'core.maskImport.unreadable' });
  }
  let resized = false;
  if (image.width !== imageWidth || image.height !== imageHeight) {
    const shape = image.width / image.height;
    const target = imageWidth / imageHeight;
    if (Math.abs(shape / target - 1) > SAME_SHAPE_TOLERANCE) {
      throw new MaskImportError({
        id: 'core.maskImport.otherShape',
        values: {
          mask: `${image.width}×${image.height}`,
          image: `${imageWidth}×${imageHeight}`,
        },
      });
    }
    image = await decodeRgb(
      await sharp(bytes, DECODE_LIMIT)
        .autoOrient()
        .resize(imageWidth, imageHeight, { fit: 'fill', kernel: 'nearest' })
        .png()
        .toBuffer(),
    );
    resized = true;
  }

  const convention = isGreyscale(image) ? 'white-on-black' : 'service-colours';
  const plane = new Uint8Array(imageWidth * imageHeight);
  const { data } = image;
  for (let p = 0, i = 0; p < plane.length; p += 1, i += 3) {
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    plane[p] =
      convention === 'white-on-black'
        ? r >= 128
          ? 1
          : 0
        : (r === 0 && g === 0 && b === 0) || (r === 255 && g === 255 && b === 255)
          ? 0
          : 1;
  }
  const png = encodeTwoColourPng(plane, imageWidth, imageHeight, MASK_MARK_RGB);
  const coverage = maskCoverage((await decodeRgb(png)).data, imageWidth, imageHeight);
  if (coverage.marked === 0) {
    throw new MaskImportError({ id: 'core.maskImport.marksNothing' });
  }
  const everything: WholeMask | undefined =
    coverage.marked < plane.length
      ? undefined
      : data.every((value) => value === 255)
        ? 'all-white'
        : 'all-marked';
  // A mask that marks everything is asked about instead: a warning would say less.
  const warnings =
    coverage.fraction > LARGE_MASK_FRACTION && !everything
      ? [said('core.maskImport.mostlyMarked', { percent: Math.round(coverage.fraction * 100) })]
      : [];
  return {
    png,
    plane,
    coverage,
    convention,
    resized,
    warnings,
    ...(everything ? { everything } : {}),
  };
}
