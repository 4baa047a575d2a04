import {
  placeRect,
  type AnchoredRect,
  type Box,
  type Corner,
} from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { said } from '../../i18n/core-words.ts';
import { borrowMarks, type Template } from './borrow.ts';
import { cornerGroup } from './corner-pool.ts';
import { MIN_GROUP_IMAGES, detectMark } from './detect.ts';
import { fullMask, imagesOf, sortReads } from './group-parts.ts';
import { readAll, scaleBox, workingSize, type Unreadable } from './read-grey.ts';
import { relativePool } from './relative-pool.ts';
import { judged } from './verdict.ts';
import type { SelfCheck } from '../unblend/self-check.ts';

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
  const group = judged(
    {
      anchor: 'size',
      images: imagesOf(read, detection),
      masks: detection.boxes.length > 0 ? [fullMask(detection, work, size)] : [],
    },
    detection.tiled,
  );
  const [mask] = group.masks;
  return {
    group,
    ...(mask ? { template: { size, work, detection, mask } } : {}),
    leftOver: [],
    unreadable,
  };
}

/**
 * One proposed mask per group of images: a group per size with at least three images. The
 * images left over (too few of their size) borrow the mark of a group of another size where
 * it lies on them, from the same corner (or the centre) at the same size or scaled with the
 * width; those still left, when there are three of them or more, are pooled by a shared
 * corner or in proportion to their width, whichever explains them better. Any image
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
  groups.push(...borrowed.groups);
  unreadable.push(...borrowed.unreadable);
  leftOver = borrowed.rest;
  if (leftOver.length < MIN_GROUP_IMAGES) return { groups, tooFew: leftOver, unreadable };
  // A mark stamped at one size near a corner, or drawn in proportion to each photo: the
  // pool that explains the photos better is kept.
  const byCorner = await cornerGroup(leftOver, hint);
  const inProportion = await relativePool(leftOver, hint);
  const pooled =
    inProportion.fit > byCorner.fit
      ? inProportion
      : { ...byCorner, groups: byCorner.group ? [byCorner.group] : [] };
  return {
    groups: [...groups, ...pooled.groups],
    tooFew: pooled.tooFew,
    unreadable: [...unreadable, ...pooled.unreadable],
  };
}
