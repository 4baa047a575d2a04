import { planeMarksNothing } from '../../../src-shared/domain/mask-raster.ts';
import { MASK_MARK_RGB } from '../../../src-shared/domain/strokes.ts';
import { UserFacingError } from '../user-error.ts';
import { encodeTwoColourPng } from './two-colour-png.ts';

/**
 * A mask that would be paid for although it asks the service to change nothing. Worded for
 * the command line as well as the window, since a mask given there (`--mask-rect` outside
 * the image) ends here too.
 */
export class EmptyMaskError extends UserFacingError {
  constructor() {
    super({ id: 'core.mask.marksNothing' });
  }
}

/**
 * Where the pixel at (u, v) of the upright picture is stored in a file of `width`×`height`
 * stored pixels with this EXIF orientation (1 to 8; the upright picture is the stored one
 * turned and mirrored as the tag says, so 5 to 8 swap width and height).
 */
function storedIndex(
  orientation: number,
  width: number,
  height: number,
): (u: number, v: number) => number {
  const at = (x: number, y: number) => y * width + x;
  switch (orientation) {
    case 2:
      return (u, v) => at(width - 1 - u, v);
    case 3:
      return (u, v) => at(width - 1 - u, height - 1 - v);
    case 4:
      return (u, v) => at(u, height - 1 - v);
    case 5:
      return (u, v) => at(v, u);
    case 6:
      return (u, v) => at(v, height - 1 - u);
    case 7:
      return (u, v) => at(width - 1 - v, height - 1 - u);
    case 8:
      return (u, v) => at(width - 1 - v, u);
    default:
      return at;
  }
}

/**
 * A plane drawn on the upright picture, laid out as the file stores its pixels. A service
 * that reads the file itself sees the stored layout, so the mask it pairs with the file
 * must have that layout too.
 */
export function uprightToStored(
  plane: Uint8Array,
  upright: { width: number; height: number },
  orientation: number,
): { data: Uint8Array; width: number; height: number } {
  const turned = orientation >= 5 && orientation <= 8;
  const width = turned ? upright.height : upright.width;
  const height = turned ? upright.width : upright.height;
  if (orientation <= 1 || orientation > 8) return { data: plane, width, height };
  const index = storedIndex(orientation, width, height);
  const data = new Uint8Array(plane.length);
  for (let v = 0; v < upright.height; v += 1) {
    for (let u = 0; u < upright.width; u += 1) {
      data[index(u, v)] = plane[v * upright.width + u] as number;
    }
  }
  return { data, width, height };
}

/**
 * A result the service made from the file as stored, turned upright: the inverse of
 * `uprightToStored`, for pixels of any number of channels.
 */
export function storedToUpright<
  T extends { data: Buffer; width: number; height: number; channels: number },
>(stored: T, orientation: number): T {
  if (orientation <= 1 || orientation > 8) return stored;
  const turned = orientation >= 5;
  const width = turned ? stored.height : stored.width;
  const height = turned ? stored.width : stored.height;
  const index = storedIndex(orientation, stored.width, stored.height);
  const { channels } = stored;
  const data = Buffer.alloc(stored.data.length);
  for (let v = 0; v < height; v += 1) {
    for (let u = 0; u < width; u += 1) {
      const from = index(u, v) * channels;
      stored.data.copy(data, (v * width + u) * channels, from, from + channels);
    }
  }
  return { ...stored, data, width, height };
}

/** The mask PNG the service gets, refused when it marks nothing: that would be a credit spent for no change. */
export function serviceMaskPng(plane: { data: Uint8Array; width: number; height: number }): Buffer {
  if (planeMarksNothing(plane.data)) throw new EmptyMaskError();
  return encodeTwoColourPng(plane.data, plane.width, plane.height, MASK_MARK_RGB);
}
