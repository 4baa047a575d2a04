import {
  CORNERS,
  placeAtCorner,
  placeRect,
  type AnchoredRect,
  type Corner,
} from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { detectMark, MIN_GROUP_IMAGES, type Detection } from './detect.ts';
import { fullMask, imagesOf, sortReads } from './group-parts.ts';
import type { Proposal, ProposalGroup, SizedImage } from './proposal.ts';
import { scaleBox, tryReadGrey, workingSize, type Working } from './read-grey.ts';
import { judged } from './verdict.ts';

/** The part of a grey plane of one size that a window at a corner covers. */
function crop(grey: Uint8Array, size: ImageSize, window: ImageSize, corner: Corner): Uint8Array {
  const out = new Uint8Array(window.width * window.height);
  const left = corner.endsWith('right') ? size.width - window.width : 0;
  const top = corner.startsWith('bottom') ? size.height - window.height : 0;
  for (let y = 0; y < window.height; y += 1) {
    const from = (top + y) * size.width + left;
    out.set(grey.subarray(from, from + window.width), y * window.width);
  }
  return out;
}

/**
 * Photos of several sizes, too few of each to decide alone: every one read at one common
 * scale, the window all of them share cut from each corner in turn, and the corner where
 * the group shares the clearest mark kept. Marks stamped at a fixed size near a corner land
 * on the same pixels of that window in every photo.
 */
export async function cornerGroup(
  all: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<{
  group?: ProposalGroup;
  tooFew: SizedImage[];
  unreadable: Proposal['unreadable'];
  fit: number;
}> {
  const scale = workingSize({
    width: Math.min(...all.map((image) => image.width)),
    height: Math.min(...all.map((image) => image.height)),
  }).scale;
  const scaledOf = (image: ImageSize) => ({
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  });
  const reads = await Promise.all(all.map((image) => tryReadGrey(image.path, scaledOf(image))));
  const { read: images, greys, unreadable } = sortReads(all, reads);
  if (images.length < MIN_GROUP_IMAGES) return { tooFew: images, unreadable, fit: 0 };
  const window = {
    width: Math.min(...images.map((image) => image.width)),
    height: Math.min(...images.map((image) => image.height)),
  };
  const scaled = images.map(scaledOf);
  const work: Working = {
    width: Math.min(...scaled.map((size) => size.width)),
    height: Math.min(...scaled.map((size) => size.height)),
    scale,
  };
  let best: { corner: Corner; detection: Detection } | undefined;
  for (const corner of CORNERS) {
    const crops = greys.map((grey, k) => crop(grey, scaled[k] as ImageSize, work, corner));
    const detection = detectMark(
      crops,
      work.width,
      work.height,
      hint && scaleBox(placeRect(hint, window), scale),
    );
    if (detection.boxes.length > 0 && detection.strength > (best?.detection.strength ?? 0)) {
      best = { corner, detection };
    }
  }
  if (!best) {
    return {
      group: { anchor: 'top-left', images: imagesOf(images), masks: [] },
      tooFew: [],
      unreadable,
      fit: 0,
    };
  }
  const { corner, detection } = best;
  const windowMask = fullMask(detection, work, window);
  const sizes = [
    ...new Map(images.map((image) => [`${image.width}x${image.height}`, image])).values(),
  ];
  const group = judged(
    {
      anchor: corner,
      images: imagesOf(images, detection),
      masks: sizes.map((size) => ({
        width: size.width,
        height: size.height,
        plane: placeAtCorner(windowMask.plane, window, size, corner),
        core: placeAtCorner(windowMask.core, window, size, corner),
        boxes: windowMask.boxes.map((box) => ({
          ...box,
          x: corner.endsWith('right') ? box.x + size.width - window.width : box.x,
          y: corner.startsWith('bottom') ? box.y + size.height - window.height : box.y,
        })),
      })),
    },
    detection.tiled,
  );
  const fit = detection.correlations.reduce(
    (sum, correlation) => sum + Math.max(0, correlation),
    0,
  );
  return { group, tooFew: [], unreadable, fit };
}
