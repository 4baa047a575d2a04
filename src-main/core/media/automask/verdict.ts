import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { PRESENCE_THRESHOLD } from './detect.ts';
import type { ProposalGroup } from './proposal.ts';

/**
 * What the finder vouches for. A mask the user did not look at is sent and paid for, so a
 * proposal is used by default only when the finder is sure of it: the mark shared, small,
 * and clearly on the image.
 */

/**
 * Largest share of an image a proposed mask (mark and margin) may cover. Real marks are
 * small: a photographer's logo and name in a corner covers 0.5-1.1 % of the 800 to
 * 1200-pixel photos of issue #33's batch, the bench's text marks 1.4 %, and even a mark
 * a third of a small photo wide stays under 3 %. What reaches past 5 % was the walkthrough's
 * blobs over the middle of real photos (10-23 %): no mark is shared there, and repainting
 * that much would damage the photo, so it is refused rather than proposed.
 */
export const MAX_MASK_SHARE = 0.05;

/**
 * Largest share a tiled mark's mask may cover (tiles.ts: three or more copies of one shape,
 * each carried by the batch). Diagonal text repeated over a stock preview covers 8-15 % with
 * its margin, and a dense one more: the 5 % rule would refuse every one of them, while chance
 * never draws copies of one shape. Past half the photo, though, repainting it would be making
 * another picture, not lifting a mark: that is refused however regular it is.
 */
export const MAX_TILED_SHARE = 0.5;

/** Whether a mask this large (its share of the image) is too large to propose. */
export function tooLarge(share: number, tiled: boolean): boolean {
  return share > (tiled ? MAX_TILED_SHARE : MAX_MASK_SHARE);
}

/**
 * Score at or above which the finder vouches for the mark on an image. Images that carry a
 * shared mark score 0.75-0.97 (real photos) and 0.55-0.97 (the bench's faintest marks);
 * between `PRESENCE_THRESHOLD` and this the mark is seen but faint or partly hidden, and the
 * image is left for the user to look at.
 */
export const SURE_SCORE = 0.5;

/** Share of an image a mask covers. */
export function maskShare(plane: Uint8Array, size: ImageSize): number {
  let marked = 0;
  for (const value of plane) marked += value;
  return marked / (size.width * size.height);
}

/**
 * Score at or above which a tiled mark is on an image. Its tiles cover ten times a single
 * mark's pixels, so a correlation half as strong says more; on a busy pattern (pixel art,
 * a tiled floor) the photo's own edges outweigh a 22 % mark's, and a real one scored 0.17.
 * Such an image is seen, not vouched for: the sure score is the same for every mark.
 */
export const TILED_PRESENCE = PRESENCE_THRESHOLD / 2;

/** An image's verdict from its score against the group's mark (`tiled`: one shape repeated). */
export function imageVerdict(
  score: number,
  found: boolean,
  tiled = false,
): { present: boolean; sure: boolean } {
  const present = found && score >= (tiled ? TILED_PRESENCE : PRESENCE_THRESHOLD);
  return { present, sure: present && score >= SURE_SCORE };
}

/**
 * A group as proposed, or refused when its mask would cover too much of an image: more than
 * a mark does, or (`tiled`, its mark one shape repeated) more than a tiled mark does.
 */
export function judged(group: ProposalGroup, tiled: boolean): ProposalGroup {
  const share = Math.max(0, ...group.masks.map((mask) => maskShare(mask.plane, mask)));
  if (!tooLarge(share, tiled)) return group;
  return {
    ...group,
    masks: [],
    refused: { share },
    images: group.images.map((image) => ({ ...image, present: false, sure: false })),
  };
}
