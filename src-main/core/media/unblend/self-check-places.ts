import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import type { MarkEstimate } from './mark-estimate.ts';

/**
 * JPEG codes 8 × 8 blocks of brightness and, with colour at half resolution, 16 × 16 ones
 * of colour: a place this many pixels from the mark's box, both ways, meets the file's
 * blocks as the mark does, so its compression is the mark's.
 */
export const JPEG_GRID = 16;
/** Cells of the coarse count of the mark's pixels, per side: fine enough to steer clear of it. */
const CELL = 8;

/** Counts of the mark's pixels over the image, summed so any box's count is four lookups. */
class MarkCounts {
  private readonly sums: Float64Array;
  private readonly columns: number;

  constructor(estimate: MarkEstimate) {
    this.columns = Math.ceil(estimate.width / CELL) + 1;
    const rows = Math.ceil(estimate.height / CELL) + 1;
    const cells = new Float64Array(this.columns * rows);
    for (const { box, blend } of estimate.parts) {
      for (let y = 0; y < box.height; y += 1) {
        for (let x = 0; x < box.width; x += 1) {
          if (!blend.region[y * box.width + x]) continue;
          const at =
            (Math.floor((box.y + y) / CELL) + 1) * this.columns +
            Math.floor((box.x + x) / CELL) +
            1;
          cells[at] = (cells[at] as number) + 1;
        }
      }
    }
    for (let r = 1; r < rows; r += 1) {
      for (let c = 1; c < this.columns; c += 1) {
        const at = r * this.columns + c;
        cells[at] =
          (cells[at] as number) +
          (cells[at - 1] as number) +
          (cells[at - this.columns] as number) -
          (cells[at - this.columns - 1] as number);
      }
    }
    this.sums = cells;
  }

  /** The mark's pixels in the cells a box touches. */
  in(box: Box): number {
    const left = Math.floor(box.x / CELL);
    const top = Math.floor(box.y / CELL);
    const right = Math.ceil((box.x + box.width) / CELL);
    const bottom = Math.ceil((box.y + box.height) / CELL);
    const at = (row: number, column: number) => this.sums[row * this.columns + column] as number;
    return at(bottom, right) - at(top, right) - at(bottom, left) + at(top, left);
  }
}

const overlapping = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Up to `count` places for a copy of the mark's box `part`, each the box's size, inside the
 * image, on the same JPEG grid as the mark, not overlapping one another: those over the
 * fewest of the mark's pixels (none, unless it is tiled over the whole photo), and of those
 * the nearest the mark, whose surroundings are most like what lies under it.
 */
export function placesFor(estimate: MarkEstimate, part: Box, count: number): Box[] {
  const counts = new MarkCounts(estimate);
  const step = Math.max(
    JPEG_GRID,
    Math.floor(Math.min(part.width, part.height) / 2 / JPEG_GRID) * JPEG_GRID,
  );
  const firstX = part.x % step;
  const firstY = part.y % step;
  const candidates: Array<{ box: Box; marked: number; distance: number }> = [];
  for (let y = firstY; y + part.height <= estimate.height; y += step) {
    for (let x = firstX; x + part.width <= estimate.width; x += step) {
      const box = { x, y, width: part.width, height: part.height };
      candidates.push({
        box,
        marked: counts.in(box),
        distance: Math.hypot(x - part.x, y - part.y),
      });
    }
  }
  candidates.sort((a, b) => a.marked - b.marked || a.distance - b.distance);
  const chosen: Box[] = [];
  for (const { box } of candidates) {
    if (chosen.length >= count) break;
    if (overlapping(box, part) || chosen.some((other) => overlapping(other, box))) continue;
    chosen.push(box);
  }
  return chosen;
}
