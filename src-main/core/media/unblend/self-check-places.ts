import sharp from 'sharp';
import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import { DECODE_LIMIT } from '../decode.ts';
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
 * image, on the same JPEG grid as the mark, not overlapping one another nor the mark's box
 * where the mark lies: those over the fewest of the mark's pixels (none, unless it is tiled
 * over the whole photo), and of those the nearest the mark, whose surroundings are most
 * like what lies under it.
 */
export function placesFor(estimate: MarkEstimate, part: Box, count: number): Box[] {
  const counts = new MarkCounts(estimate);
  // Every place on the mark's JPEG grid: a coarser step (half the box, once) put the nearest
  // places beside a large mark in the photo's middle over its edge, so none was free of it.
  const step = JPEG_GRID;
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
  for (const { box, marked } of candidates) {
    if (chosen.length >= count) break;
    // Within the mark's box only where none of its pixels lie (a ring's or a word's empty
    // corners): beside a large logo in the middle the places outside its box were few, on
    // busier parts of the photos, and the check promised 2 dB less than the engine gave.
    if (overlapping(box, part) && marked > 0) continue;
    if (chosen.some((other) => overlapping(other, box))) continue;
    chosen.push(box);
  }
  return chosen;
}

/** The photo is read this many times smaller to compare places: enough to see edges and grain. */
const TEXTURE_SCALE = 4;

/**
 * How busy a photo is, place by place: its brightness changes (at a quarter of its size),
 * summed so any box's mean is four lookups. What lies under a mark, sky or foliage, sets
 * how well it can be lifted by 10 dB and more, so copies go where the photo is as busy as
 * around the mark.
 */
export class Busyness {
  private readonly sums: Float64Array;
  private readonly columns: number;
  private readonly scale: number;

  constructor(grey: { data: Uint8Array; width: number; height: number }, fullWidth: number) {
    const { data, width, height } = grey;
    this.scale = width / fullWidth;
    this.columns = width + 1;
    const sums = new Float64Array(this.columns * (height + 1));
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = y * width + x;
        const here = data[at] as number;
        const change =
          (x + 1 < width ? Math.abs((data[at + 1] as number) - here) : 0) +
          (y + 1 < height ? Math.abs((data[at + width] as number) - here) : 0);
        const to = (y + 1) * this.columns + x + 1;
        sums[to] =
          change +
          (sums[to - 1] as number) +
          (sums[to - this.columns] as number) -
          (sums[to - this.columns - 1] as number);
      }
    }
    this.sums = sums;
  }

  /** The summed change inside a box of the full-size photo, and its area at this scale. */
  private total(box: Box): { sum: number; area: number } {
    const rows = this.sums.length / this.columns - 1;
    const left = Math.min(this.columns - 1, Math.floor(box.x * this.scale));
    const top = Math.min(rows, Math.floor(box.y * this.scale));
    const right = Math.min(this.columns - 1, Math.ceil((box.x + box.width) * this.scale));
    const bottom = Math.min(rows, Math.ceil((box.y + box.height) * this.scale));
    const at = (row: number, column: number) => this.sums[row * this.columns + column] as number;
    return {
      sum: at(bottom, right) - at(top, right) - at(bottom, left) + at(top, left),
      area: Math.max(1, (right - left) * (bottom - top)),
    };
  }

  /** Mean change inside a box. */
  inside(box: Box): number {
    const { sum, area } = this.total(box);
    return sum / area;
  }

  /** Mean change in the ring between `outer` and the `inner` box it holds. */
  between(outer: Box, inner: Box): number {
    const whole = this.total(outer);
    const held = this.total(inner);
    return (whole.sum - held.sum) / Math.max(1, whole.area - held.area);
  }
}

/** A photo of the group, small and grey, as `Busyness` reads it. */
export async function busynessOf(source: string | Buffer, fullWidth: number): Promise<Busyness> {
  const { data, info } = await sharp(source, { failOn: 'error', ...DECODE_LIMIT })
    .autoOrient()
    .resize({ width: Math.max(1, Math.round(fullWidth / TEXTURE_SCALE)) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Busyness({ data, width: info.width, height: info.height }, fullWidth);
}

/**
 * Of `places`, the `count` whose inside (where the copy's mark goes: `inner`, placed as in
 * the mark's box) is as busy as the photo around the mark itself: nearest on a log scale.
 */
export function likeTheMark(
  busy: Busyness,
  part: Box,
  inner: Box,
  places: readonly Box[],
  count: number,
): Box[] {
  const around = Math.log1p(busy.between(part, inner));
  const at = (place: Box) => ({
    x: place.x + inner.x - part.x,
    y: place.y + inner.y - part.y,
    width: inner.width,
    height: inner.height,
  });
  return [...places]
    .map((place) => ({ place, gap: Math.abs(Math.log1p(busy.inside(at(place))) - around) }))
    .sort((a, b) => a.gap - b.gap)
    .slice(0, count)
    .map(({ place }) => place);
}
