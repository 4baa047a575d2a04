import { MIN_GROUP_IMAGES } from '../automask/detect.ts';
import type { ProposalGroup, ProposedMask } from '../automask/proposal.ts';

/** A group whose mark can be measured: the images that carry it, surest first, and its mask. */
export interface MeasurableGroup {
  files: string[];
  mask: ProposedMask;
}

/**
 * Whether this computer can clean a group the finder proposed: images of one size (a group
 * pooled from several sizes has no one grid of pixels to measure on) with the mark found on
 * at least three of them. The one rule the window, the command line and the finder follow.
 */
export function measurableGroup(group: ProposalGroup): MeasurableGroup | undefined {
  const [mask] = group.masks;
  if (group.anchor !== 'size' || !mask || group.masks.length !== 1) return undefined;
  const files = group.images
    .filter((image) => image.present)
    .sort((a, b) => b.score - a.score)
    .map((image) => image.path);
  return files.length >= MIN_GROUP_IMAGES ? { files, mask } : undefined;
}
