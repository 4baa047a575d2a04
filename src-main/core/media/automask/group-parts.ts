import { growPlane } from '../../../../src-shared/domain/mask-morphology.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import type { Detection } from './detect.ts';
import type { Proposal, ProposedImage, ProposedMask, SizedImage } from './proposal.ts';
import { scaleBox, upscale, type Unreadable, type Working } from './read-grey.ts';
import { imageVerdict } from './verdict.ts';

/** What every way of grouping the batch (by size, by corner, in proportion) builds its group from. */

/** Pixels added around the mark at full size, so the service repaints its soft rim too. */
export const MASK_MARGIN = 3;

/** The full-size mask for a detection made at working size. */
export function fullMask(detection: Detection, work: Working, size: ImageSize): ProposedMask {
  const core = upscale(detection.core, work, size);
  return {
    width: size.width,
    height: size.height,
    core,
    plane: growPlane(
      core,
      size.width,
      size.height,
      MASK_MARGIN + (work.scale < 1 ? 1 / work.scale / 2 : 0),
    ),
    boxes: detection.boxes.map((box) => scaleBox(box, 1 / work.scale)),
  };
}

/** Each image with its score; with no mark found (or none at all), every one scores 0. */
export function imagesOf(images: readonly SizedImage[], detection?: Detection): ProposedImage[] {
  const found = detection !== undefined && detection.boxes.length > 0;
  return images.map((image, k) => {
    const score = found ? (detection.scores[k] as number) : 0;
    return { ...image, score, ...imageVerdict(score, found, detection?.tiled) };
  });
}

/** Splits what was read into the images with their planes and the files that could not be read. */
export function sortReads(
  images: readonly SizedImage[],
  reads: ReadonlyArray<Uint8Array | Unreadable>,
): { read: SizedImage[]; greys: Uint8Array[]; unreadable: Proposal['unreadable'] } {
  const read: SizedImage[] = [];
  const greys: Uint8Array[] = [];
  const unreadable: Proposal['unreadable'] = [];
  reads.forEach((grey, k) => {
    const image = images[k] as SizedImage;
    if (typeof grey === 'string') unreadable.push({ ...image, why: grey });
    else {
      read.push(image);
      greys.push(grey);
    }
  });
  return { read, greys, unreadable };
}
