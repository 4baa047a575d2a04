/**
 * A result put back into its input before it is written: the service's image, or the pixels
 * recovered on this computer, taken where the mask (or the change) is and blended over a seam.
 */

import sharp, { type Sharp } from 'sharp';
import {
  blendInto,
  blendWeights,
  changedPlane,
  changedWhereTaken,
  GROW_PX,
  type RawPixels,
} from './composite.ts';
import { DECODE_LIMIT } from './decode.ts';
import type { FromService } from './from-service.ts';
import { storedToUpright } from './service-mask.ts';
import type { Patch } from './unblend/recover.ts';
import { said } from '../i18n/core-words.ts';

/** What of a write request the composite reads (see `OutputRequest`). */
export interface CompositeRequest {
  result: Buffer | { patches: readonly Patch[] };
  mask?: (width: number, height: number) => Promise<Uint8Array | undefined>;
  resultOrientation?: number;
}

/** Pixels as sharp decodes them, 8 bits a channel, with the values the file holds (no colour conversion). */
async function decodeRaw(pipeline: Sharp): Promise<RawPixels> {
  const { data, info } = await pipeline
    .keepIccProfile()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Within a pixel of the input's size scaled by the same factor both ways. */
function isUniformScale(
  result: { width: number; height: number },
  input: { width: number; height: number },
): boolean {
  return (
    Math.abs(result.width - (input.width * result.height) / input.height) <= 1 &&
    Math.abs(result.height - (input.height * result.width) / input.width) <= 1
  );
}

export interface Composited {
  pixels: RawPixels;
  fromService: FromService;
  /** The input's decoded pixels, which the composite's differ from only where it took a result's. */
  original: RawPixels;
}

/**
 * The service's result put back into the input: its pixels inside the mask (or, with no
 * mask, where it changed the input beyond compression noise), grown and blended over a
 * seam, the input's decoded pixels everywhere else. A result scaled by one factor both
 * ways is scaled back first; one of another shape cannot be laid over the input: the
 * reason is returned instead, and the result is written whole.
 */
export async function compositeOnInput(
  inputBytes: Buffer,
  request: CompositeRequest,
  upright: { width: number; height: number },
): Promise<Composited | { whole: string }> {
  if (!Buffer.isBuffer(request.result)) {
    return compositePatches(inputBytes, request, request.result.patches);
  }
  const resultMeta = await sharp(request.result).metadata();
  const orientation = request.resultOrientation ?? 1;
  const sideways = orientation >= 5 && orientation <= 8;
  const resultSize = sideways
    ? { width: resultMeta.height, height: resultMeta.width }
    : { width: resultMeta.width, height: resultMeta.height };
  const sameSize = resultSize.width === upright.width && resultSize.height === upright.height;
  if (!sameSize && !isUniformScale(resultSize, upright)) {
    return {
      whole: said('core.output.otherShape', {
        result: `${resultSize.width}×${resultSize.height}`,
        image: `${upright.width}×${upright.height}`,
      }),
    };
  }
  // Decoded once, upright, with its values as stored (no colour conversion, alpha kept).
  const original = await decodeRaw(sharp(inputBytes, DECODE_LIMIT).autoOrient());
  const colours =
    original.channels === 2 || original.channels === 4 ? original.channels - 1 : original.channels;
  let result = storedToUpright(
    await decodeRaw(
      sharp(request.result, DECODE_LIMIT)
        .removeAlpha()
        .toColourspace(colours === 1 ? 'b-w' : 'srgb'),
    ),
    orientation,
  );
  if (!sameSize) {
    const { data, width, height, channels } = result;
    result = await decodeRaw(
      sharp(data, { raw: { width, height, channels: channels as 1 | 3 } }).resize(
        upright.width,
        upright.height,
        { fit: 'fill' },
      ),
    );
  }
  const scale = upright.width / resultSize.width;
  const masked = await request.mask?.(upright.width, upright.height);
  const plane = masked ?? changedPlane(original, result, colours);
  // A result scaled back is soft across as many pixels as it was scaled by.
  const grow = Math.max(GROW_PX, Math.ceil(GROW_PX * scale));
  const { weights, taken } = blendWeights(plane, upright.width, upright.height, grow);
  // With a mask, what is taken is the mask whatever the service did there: a result that
  // is the input's own pixels in it is said to be unchanged, as one without a mask would be.
  const fromService: FromService =
    taken && (!masked || changedWhereTaken(original, result, colours, weights))
      ? {
          region: masked ? 'mask' : 'changed',
          ...taken,
          ...(sameSize ? {} : { scaledFrom: resultSize }),
        }
      : { region: 'unchanged' };
  return {
    pixels: { ...original, data: blendInto(original, result, weights, colours) },
    fromService,
    original,
  };
}

/**
 * Pixels recovered on this computer put into the input: the input decoded once, a copy
 * with the patches laid in as the result, then blended by the mask as a service's result
 * is. Outside the mark a patch holds the input's own pixels, so the seam changes nothing.
 */
async function compositePatches(
  inputBytes: Buffer,
  request: CompositeRequest,
  patches: readonly Patch[],
): Promise<Composited> {
  const original = await decodeRaw(sharp(inputBytes, DECODE_LIMIT).autoOrient());
  const { width, height, channels } = original;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  const result = { ...original, data: Buffer.from(original.data) };
  for (const { box, data } of patches) {
    for (let y = 0; y < box.height; y += 1) {
      for (let x = 0; x < box.width; x += 1) {
        const from = (y * box.width + x) * 3;
        const to = ((box.y + y) * width + box.x + x) * channels;
        if (colours === 3) data.copy(result.data, to, from, from + 3);
        else {
          result.data[to] = Math.round(
            0.299 * (data[from] as number) +
              0.587 * (data[from + 1] as number) +
              0.114 * (data[from + 2] as number),
          );
        }
      }
    }
  }
  const plane = (await request.mask?.(width, height)) ?? changedPlane(original, result, colours);
  const { weights, taken } = blendWeights(plane, width, height);
  return {
    pixels: { ...original, data: blendInto(original, result, weights, colours) },
    fromService: taken ? { region: 'mask', ...taken } : { region: 'unchanged' },
    original,
  };
}
