import { placeRect, type AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { said } from '../../i18n/core-words.ts';
import { borrowMarks, type Template } from './borrow.ts';
import { cornerGroup } from './corner-pool.ts';
import { MIN_GROUP_IMAGES, detectMark } from './detect.ts';
import { fullMask, imagesOf, sortReads } from './group-parts.ts';
import { readAll, scaleBox, workingSize } from './read-grey.ts';
import { relativePool } from './relative-pool.ts';
import { judged } from './verdict.ts';
import type { OnSteps, Proposal, ProposalGroup, SizedImage } from './proposal.ts';

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
