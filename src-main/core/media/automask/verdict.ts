import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { PRESENCE_THRESHOLD } from './detect.ts';

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

/** An image's verdict from its score against the group's mark. */
export function imageVerdict(score: number, found: boolean): { present: boolean; sure: boolean } {
  const present = found && score >= PRESENCE_THRESHOLD;
  return { present, sure: present && score >= SURE_SCORE };
}
