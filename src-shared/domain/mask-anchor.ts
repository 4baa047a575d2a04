import type { ImageSize } from './strokes.ts';

/**
 * How a mask drawn for one image size lands on another: kept at the same distance from one
 * corner (a mark stamped at a fixed size near a corner, whatever the photo), or in relative
 * coordinates (a mark sized with the picture).
 */
export const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type Corner = (typeof CORNERS)[number];
export const MASK_ANCHORS = [...CORNERS, 'relative'] as const;
export type MaskAnchor = (typeof MASK_ANCHORS)[number];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A rectangle as the user gives it. With a corner, x and y are the distances from that
 * corner's two sides to the rectangle's nearest sides (so `bottom-right` with 20,20 puts the
 * rectangle 20 pixels in from the right and the bottom); with `relative`, all four numbers are
 * shares of the image's width and height, from 0 to 1.
 */
export interface AnchoredRect extends Box {
  anchor: MaskAnchor;
}

/** The rectangle in the pixels of an image of this size, measured from the top-left corner. */
export function placeRect(rect: AnchoredRect, size: ImageSize): Box {
  const { x, y, width, height, anchor } = rect;
  switch (anchor) {
    case 'relative':
      return {
        x: x * size.width,
        y: y * size.height,
        width: width * size.width,
        height: height * size.height,
      };
    case 'top-left':
      return { x, y, width, height };
    case 'top-right':
      return { x: size.width - x - width, y, width, height };
    case 'bottom-left':
      return { x, y: size.height - y - height, width, height };
    case 'bottom-right':
      return { x: size.width - x - width, y: size.height - y - height, width, height };
  }
}

/** True when the box lies wholly inside an image of this size. */
export function boxFits(box: Box, size: ImageSize): boolean {
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.width > 0 &&
    box.height > 0 &&
    box.x + box.width <= size.width &&
    box.y + box.height <= size.height
  );
}

/** The smallest image an anchored rectangle fits in, for the sentence that says why it did not. */
export function sizeNeeded(rect: AnchoredRect): ImageSize | undefined {
  if (rect.anchor === 'relative') return undefined;
  return { width: Math.ceil(rect.x + rect.width), height: Math.ceil(rect.y + rect.height) };
}

/**
 * Copies a plane made for one size into an image of another, at the same distance from a
 * corner: what falls outside the new image is dropped, what the old one did not cover stays
 * clear.
 */
export function placeAtCorner(
  plane: Uint8Array,
  from: ImageSize,
  to: ImageSize,
  corner: Corner,
): Uint8Array {
  const out = new Uint8Array(to.width * to.height);
  const dx = corner.endsWith('right') ? to.width - from.width : 0;
  const dy = corner.startsWith('bottom') ? to.height - from.height : 0;
  const left = Math.max(0, -dx);
  const right = Math.min(from.width, to.width - dx);
  for (let y = Math.max(0, -dy); y < Math.min(from.height, to.height - dy); y += 1) {
    if (right <= left) break;
    out.set(
      plane.subarray(y * from.width + left, y * from.width + right),
      (y + dy) * to.width + left + dx,
    );
  }
  return out;
}
