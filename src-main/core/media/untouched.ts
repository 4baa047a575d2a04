import type { RawPixels } from './composite.ts';

/** The side of the squares `untouched` keeps its answer in: a JPEG block's. */
const CELL = 8;

/**
 * Whether a rectangle of the composite holds the input's decoded pixels exactly: then the
 * source's own blocks decode to them, and re-encoding them could only move them. Asked
 * of the pixels, not of the mask grown and seamed: a seam or a mask's margin over which the
 * result equals the input (a local engine changes only the mark's pixels) re-encodes
 * nothing, so only the blocks a change lies in differ from the input. The changes are
 * found once, per 8 × 8 square (an MCU is made of whole ones); a row equal to the input's,
 * most of them, costs one comparison.
 */
export function untouched(pixels: RawPixels, original: RawPixels) {
  const { width, height, channels } = pixels;
  const columns = Math.ceil(width / CELL);
  const changed = new Uint8Array(columns * Math.ceil(height / CELL));
  const row = width * channels;
  for (let y = 0; y < height; y += 1) {
    const start = y * row;
    if (pixels.data.compare(original.data, start, start + row, start, start + row) === 0) continue;
    for (let i = start; i < start + row; i += 1) {
      if (pixels.data[i] !== original.data[i]) {
        changed[Math.floor(y / CELL) * columns + Math.floor((i - start) / channels / CELL)] = 1;
      }
    }
  }
  return (left: number, top: number, right: number, bottom: number): boolean => {
    for (let cy = Math.floor(top / CELL); cy <= Math.floor((bottom - 1) / CELL); cy += 1) {
      for (let cx = Math.floor(left / CELL); cx <= Math.floor((right - 1) / CELL); cx += 1) {
        if (changed[cy * columns + cx]) return false;
      }
    }
    return true;
  };
}
