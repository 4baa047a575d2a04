import type { ImageSize } from '../../../src-shared/domain/strokes.ts';
import type { ProfilePlacement } from '../../../src-shared/domain/profile.ts';
import type { MarkEstimate } from '../media/unblend/mark-estimate.ts';

/** A centred mark's middle lies within this share of the image's middle, both ways. */
const CENTRED = 0.1;

/**
 * Where a measured mark is anchored, read from where it lies: the corner its boxes are
 * nearest to, or only its own size for a centred mark (which grows with the photo, so it
 * cannot be moved to another size by a shift).
 */
export function placementOf(estimate: MarkEstimate): ProfilePlacement {
  const boxes = estimate.parts.map((part) => part.box);
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  const middleX = (left + right) / 2 / estimate.width;
  const middleY = (top + bottom) / 2 / estimate.height;
  if (Math.abs(middleX - 0.5) < CENTRED && Math.abs(middleY - 0.5) < CENTRED) return 'same-size';
  return `${middleY < 0.5 ? 'top' : 'bottom'}-${middleX < 0.5 ? 'left' : 'right'}`;
}

/**
 * The measured mark moved onto an image of `size`: unchanged at its own size, else kept at
 * the same distance from its corner. Undefined when it cannot land there (a same-size
 * profile, or a mark that would reach past the image).
 */
export function placeEstimate(
  estimate: MarkEstimate,
  placement: ProfilePlacement,
  size: ImageSize,
): MarkEstimate | undefined {
  if (size.width === estimate.width && size.height === estimate.height) return estimate;
  if (placement === 'same-size') return undefined;
  const dx = placement.endsWith('right') ? size.width - estimate.width : 0;
  const dy = placement.startsWith('bottom') ? size.height - estimate.height : 0;
  const parts = estimate.parts.map(({ box, blend }) => ({
    box: { ...box, x: box.x + dx, y: box.y + dy },
    blend,
  }));
  const fits = parts.every(
    ({ box }) =>
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= size.width &&
      box.y + box.height <= size.height,
  );
  return fits ? { ...estimate, width: size.width, height: size.height, parts } : undefined;
}
