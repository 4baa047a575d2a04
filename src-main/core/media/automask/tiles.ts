import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';

/**
 * Whether a mask is a tiled mark: one shape repeated over the photo (a stock site's diagonal
 * text). What chance leaves on real photos after the batch's median (grass, petals, wood
 * grain) is a few blobs of unlike shapes; three or more copies of one shape, each found on
 * its own and each carried by the batch (consistency.ts), are a mark, however much of the
 * photo they cover together.
 */

/** Fewer copies than this could be two marks, or one mark and a coincidence. */
const MIN_COPIES = 3;
/** How far two boxes' sides may differ, as a share, for their marks to be copies. */
const SIZE_SLACK = 0.15;
/** Overlap (IoU) of two boxes' marked pixels, at their best shift, that makes them copies. */
const COPY_OVERLAP = 0.5;
/** Pixels a copy may be shifted by against another: boxes are found at a working size. */
const SHIFT = 2;
/** Share of the mark's pixels that must lie in copies of one shape (the rest: cut by the border). */
const IN_COPIES = 0.6;

interface Plane extends ImageSize {
  core: Uint8Array;
  boxes: readonly Box[];
}

/** Overlap of the marked pixels of two boxes laid on each other at their top-left corners. */
function overlap(plane: Plane, a: Box, b: Box): number {
  const { width, core } = plane;
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  let best = 0;
  for (let sy = -SHIFT; sy <= SHIFT; sy += 1) {
    for (let sx = -SHIFT; sx <= SHIFT; sx += 1) {
      let both = 0;
      let either = 0;
      for (let y = SHIFT; y < h - SHIFT; y += 1) {
        const rowA = (a.y + y) * width + a.x;
        const rowB = (b.y + y + sy) * width + b.x + sx;
        for (let x = SHIFT; x < w - SHIFT; x += 1) {
          const p = core[rowA + x] as number;
          const q = core[rowB + x] as number;
          both += p & q;
          either += p | q;
        }
      }
      if (either > 0) best = Math.max(best, both / either);
    }
  }
  return best;
}

function similar(a: Box, b: Box): boolean {
  return (
    Math.abs(a.width - b.width) <= SIZE_SLACK * a.width &&
    Math.abs(a.height - b.height) <= SIZE_SLACK * a.height
  );
}

function inBox(i: number, width: number, box: Box): boolean {
  const x = i % width;
  const y = (i - x) / width;
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
}

/** The boxes that copy the most-copied shape among the mask's boxes (none when under three). */
export function copies(plane: Plane): Box[] {
  const inside = plane.boxes.filter(
    (box) =>
      box.x >= SHIFT &&
      box.y >= SHIFT &&
      box.x + box.width + SHIFT <= plane.width &&
      box.y + box.height + SHIFT <= plane.height,
  );
  if (inside.length < MIN_COPIES) return [];
  // A typical tile as reference: the boxes of middling size (a border cuts some, two tiles
  // that touch make one large one).
  const byArea = [...inside].sort((a, b) => a.width * a.height - b.width * b.height);
  const candidates = [0.5, 0.3, 0.7].map(
    (at) => byArea[Math.floor(at * (byArea.length - 1))] as Box,
  );
  let most: Box[] = [];
  for (const reference of new Set(candidates)) {
    const found = inside.filter(
      (box) =>
        box === reference ||
        (similar(reference, box) && overlap(plane, reference, box) >= COPY_OVERLAP),
    );
    if (found.length > most.length) most = found;
  }
  return most.length >= MIN_COPIES ? most : [];
}

/** Whether most of the mask's pixels lie in three or more copies of one shape. */
export function isTiled(plane: Plane): boolean {
  const found = copies(plane);
  if (found.length === 0) return false;
  let all = 0;
  let inCopies = 0;
  plane.core.forEach((value, i) => {
    if (!value) return;
    all += 1;
    if (found.some((box) => inBox(i, plane.width, box))) inCopies += 1;
  });
  return all > 0 && inCopies >= IN_COPIES * all;
}
