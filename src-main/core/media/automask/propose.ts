import {
  CORNERS,
  placeAtCorner,
  placeRect,
  type AnchoredRect,
  type Box,
  type Corner,
} from '../../../../src-shared/domain/mask-anchor.ts';
import { growPlane } from '../../../../src-shared/domain/mask-morphology.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { said } from '../../i18n/core-words.ts';
import { borrowMarks, type Template } from './borrow.ts';
import { MIN_GROUP_IMAGES, detectMark, type Detection } from './detect.ts';
import {
  readAll,
  scaleBox,
  tryReadGrey,
  upscale,
  workingSize,
  type Unreadable,
  type Working,
} from './read-grey.ts';
import { MAX_MASK_SHARE, imageVerdict, maskShare } from './verdict.ts';
import type { SelfCheck } from '../unblend/self-check.ts';

/** Pixels added around the mark at full size, so the service repaints its soft rim too. */
export const MASK_MARGIN = 3;

export interface SizedImage extends ImageSize {
  /** The file, read upright (after its EXIF turn), at this size. */
  path: string;
}

export interface ProposedImage extends SizedImage {
  /** How strongly the image carries the mark the group shares, 0 (not at all) to 1. */
  score: number;
  present: boolean;
  /** Present, and clearly enough that the finder vouches for the mask on it (verdict.ts). */
  sure: boolean;
}

export interface ProposedMask extends ImageSize {
  /** 1 where the service should repaint: the mark and a margin of `MASK_MARGIN` pixels. */
  plane: Uint8Array;
  /** The mark's pixels alone, without the margin. */
  core: Uint8Array;
  /** Where the mark was found, one box per mark (a tiled mark has several). */
  boxes: Box[];
}

/** Images that share a size, or (`anchor` a corner) photos of several sizes that share a corner. */
export interface ProposalGroup {
  anchor: 'size' | Corner;
  images: ProposedImage[];
  /** One mask per size in the group; empty when no mark was found. */
  masks: ProposedMask[];
  /**
   * The mark measured for cleaning on this computer (an encoded `MarkEstimate`), when it
   * was asked for and the group can be measured (see unblend/measurable.ts).
   */
  estimate?: Uint8Array;
  /** What cleaning on this computer is expected to give, measured with `estimate`. */
  expected?: SelfCheck;
  /**
   * Set when what stood out would cover more than `MAX_MASK_SHARE` of an image (this share):
   * no mark is shared, and nothing is proposed (`masks` is empty).
   */
  refused?: { share: number };
}

export interface Proposal {
  groups: ProposalGroup[];
  /** Images the batch cannot speak for: too few of their size to tell a mark from a photo. */
  tooFew: SizedImage[];
  /** Images that could not be read, left out of the search. */
  unreadable: Array<SizedImage & { why: Unreadable }>;
}

/** Counts steps of the search as they are done: an image read, an image compared. */
export type OnSteps = (steps: number) => void;

/** Why an image is left to the user's own mask: too few images share its size. */
export function tooFewReason(): string {
  return said('core.finder.tooFew', { count: MIN_GROUP_IMAGES });
}

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
function imagesOf(images: readonly SizedImage[], detection?: Detection): ProposedImage[] {
  const found = detection !== undefined && detection.boxes.length > 0;
  return images.map((image, k) => {
    const score = found ? (detection.scores[k] as number) : 0;
    return { ...image, score, ...imageVerdict(score, found) };
  });
}

/** A group as proposed, or refused when its mask would cover too much of an image. */
function judged(group: ProposalGroup): ProposalGroup {
  const share = Math.max(0, ...group.masks.map((mask) => maskShare(mask.plane, mask)));
  if (share <= MAX_MASK_SHARE) return group;
  return {
    ...group,
    masks: [],
    refused: { share },
    images: group.images.map((image) => ({ ...image, present: false, sure: false })),
  };
}

/** Splits what was read into the images with their planes and the files that could not be read. */
function sortReads(
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

interface SizeResult {
  group?: ProposalGroup;
  /** The group's mark, for images of other sizes to borrow. */
  template?: Template;
  /** Images left too few once the unreadable ones are out. */
  leftOver: SizedImage[];
  unreadable: Proposal['unreadable'];
}

async function sameSizeGroup(
  images: readonly SizedImage[],
  step: OnSteps,
  hint?: AnchoredRect,
): Promise<SizeResult> {
  const size = images[0] as SizedImage;
  const work = workingSize(size);
  const reads = await readAll(
    images.map((image) => image.path),
    work,
    () => step(1),
  );
  const { read, greys, unreadable } = sortReads(images, reads);
  if (read.length < MIN_GROUP_IMAGES) {
    step(images.length);
    return { leftOver: read, unreadable };
  }
  const detection = detectMark(
    greys,
    work.width,
    work.height,
    hint && scaleBox(placeRect(hint, size), work.scale),
  );
  step(images.length);
  const group = judged({
    anchor: 'size',
    images: imagesOf(read, detection),
    masks: detection.boxes.length > 0 ? [fullMask(detection, work, size)] : [],
  });
  const [mask] = group.masks;
  return {
    group,
    ...(mask ? { template: { size, work, detection, mask } } : {}),
    leftOver: [],
    unreadable,
  };
}

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
async function cornerGroup(
  all: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<{ group?: ProposalGroup; tooFew: SizedImage[]; unreadable: Proposal['unreadable'] }> {
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
  if (images.length < MIN_GROUP_IMAGES) return { tooFew: images, unreadable };
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
    };
  }
  const { corner, detection } = best;
  const windowMask = fullMask(detection, work, window);
  const sizes = [
    ...new Map(images.map((image) => [`${image.width}x${image.height}`, image])).values(),
  ];
  const group = judged({
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
  });
  return { group, tooFew: [], unreadable };
}

/**
 * One proposed mask per group of images: a group per size with at least three images. The
 * images left over (too few of their size) borrow the mark of a group of another size where
 * it lies on them, from the same corner at the same size or scaled with the width; those
 * still left are pooled by a shared corner when there are three of them or more. Any image
 * still alone is returned in `tooFew`, to be marked by hand; a file that cannot be read, in
 * `unreadable`, and the others go on. `onSteps` hears of two steps per image: read, compared.
 */
export async function proposeMasks(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
  onSteps: OnSteps = () => undefined,
): Promise<Proposal> {
  const bySize = new Map<string, SizedImage[]>();
  for (const image of images) {
    const key = `${image.width}x${image.height}`;
    bySize.set(key, [...(bySize.get(key) ?? []), image]);
  }
  const groups: ProposalGroup[] = [];
  const templates: Template[] = [];
  const unreadable: Proposal['unreadable'] = [];
  let leftOver: SizedImage[] = [];
  for (const members of bySize.values()) {
    if (members.length < MIN_GROUP_IMAGES) {
      leftOver.push(...members);
      continue;
    }
    const result = await sameSizeGroup(members, onSteps, hint);
    if (result.group) groups.push(result.group);
    if (result.template) templates.push(result.template);
    leftOver.push(...result.leftOver);
    unreadable.push(...result.unreadable);
  }
  const borrowed = await borrowMarks(leftOver, templates, onSteps);
  groups.push(...borrowed.groups.map(judged));
  unreadable.push(...borrowed.unreadable);
  leftOver = borrowed.rest;
  if (leftOver.length < MIN_GROUP_IMAGES) return { groups, tooFew: leftOver, unreadable };
  const pooled = await cornerGroup(leftOver, hint);
  return {
    groups: pooled.group ? [...groups, pooled.group] : groups,
    tooFew: pooled.tooFew,
    unreadable: [...unreadable, ...pooled.unreadable],
  };
}
