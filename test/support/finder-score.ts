import type { Proposal } from '../../src-main/core/media/automask/proposal.ts';
import { components } from '../../src-main/core/media/automask/regions.ts';
import type { KindPhoto } from './finder-kinds.ts';

export interface FinderScore {
  /** Share of the pixels the mark touches at all that the masks sent with the images cover. */
  recall: number;
  /**
   * The same with only the images the finder is sure of: what the command line sends and the
   * window ticks (an unsure image keeps its mark unless the user looks).
   */
  sureRecall: number;
  /** The largest region of a mask that touches no pixel of the mark, as a share of its image. */
  worstFalse: number;
  /** Shares of the images the groups' refusals named. */
  refused: number[];
  /** The largest share of an image a proposed mask covers. */
  largest: number;
}

/**
 * The finder's proposal against the marks stamped: an image counts with its group's mask for
 * its size when the finder says the mark is on it, as the command line sends it.
 */
export function scoreProposal(photos: readonly KindPhoto[], proposal: Proposal): FinderScore {
  let touched = 0;
  let covered = 0;
  let coveredSure = 0;
  let worstFalse = 0;
  let largest = 0;
  for (const photo of photos) {
    const group = proposal.groups.find((g) => g.images.some((i) => i.path === photo.file));
    const image = group?.images.find((i) => i.path === photo.file);
    const mask = image?.present
      ? group?.masks.find((m) => m.width === photo.width && m.height === photo.height)
      : undefined;
    const area = photo.width * photo.height;
    let marked = 0;
    photo.coverage.forEach((value, i) => {
      if (mask?.plane[i]) marked += 1;
      if (value === 0) return;
      touched += 1;
      if (!mask?.plane[i]) return;
      covered += 1;
      if (image?.sure) coveredSure += 1;
    });
    largest = Math.max(largest, marked / area);
    if (!mask) continue;
    for (const region of components(mask.plane, photo.width, photo.height)) {
      if (!region.some((i) => (photo.coverage[i] as number) > 0)) {
        worstFalse = Math.max(worstFalse, region.length / area);
      }
    }
  }
  return {
    recall: touched === 0 ? 0 : covered / touched,
    sureRecall: touched === 0 ? 0 : coveredSure / touched,
    worstFalse,
    refused: proposal.groups.flatMap((group) => (group.refused ? [group.refused.share] : [])),
    largest,
  };
}
