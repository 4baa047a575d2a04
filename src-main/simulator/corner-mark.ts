import { EDGE_CONTRAST, detail, grow, luminance, type Box } from '../imaging/pixel-grid.ts';
import type { RgbPixels } from '../imaging/rgb-pixels.ts';

/**
 * Finding a watermark when no mask is given.
 * Marks are small, high-contrast text or logos in a corner ("© Name", a site's address), so
 * the simulator looks for the corner whose fine detail stands out most from the rest of the
 * photo and repaints that detail, grown a little to take in the glyphs' soft edges. A photo
 * with no such corner falls back to the box where marks most often sit.
 */

/**
 * Where a watermark is assumed to be when no mark stands out: the bottom-right corner, the
 * right 30 % of the width and the bottom 12 % of the height (rounded up to a pixel).
 */
export function defaultRegion(width: number, height: number): Box {
  const w = Math.max(1, Math.ceil(width * 0.3));
  const h = Math.max(1, Math.ceil(height * 0.12));
  return { left: width - w, top: height - h, width: w, height: h };
}

function corners(width: number, height: number): Box[] {
  const w = Math.max(1, Math.ceil(width * 0.35));
  const h = Math.max(1, Math.ceil(height * 0.2));
  return [
    { left: 0, top: 0, width: w, height: h },
    { left: width - w, top: 0, width: w, height: h },
    { left: 0, top: height - h, width: w, height: h },
    { left: width - w, top: height - h, width: w, height: h },
  ];
}

/** The mask the simulator repaints when none is given, 255 where it repaints. */
export function markMask(pixels: RgbPixels): Uint8Array {
  const { width, height } = pixels;
  const radius = Math.max(2, Math.round(Math.min(width, height) / 160));
  const fine = detail(luminance(pixels), width, height, radius);
  const edges = new Uint8Array(fine.length);
  let all = 0;
  for (let i = 0; i < fine.length; i += 1) {
    if (Math.abs(fine[i] ?? 0) > EDGE_CONTRAST) {
      edges[i] = 1;
      all += 1;
    }
  }
  const density = all / fine.length;
  // The corner whose sharp edges most exceed what the photo has everywhere.
  let best: { box: Box; excess: number } | undefined;
  for (const box of corners(width, height)) {
    let count = 0;
    for (let y = box.top; y < box.top + box.height; y += 1) {
      for (let x = box.left; x < box.left + box.width; x += 1) count += edges[y * width + x] ?? 0;
    }
    const area = box.width * box.height;
    const excess = count / area - 2 * density;
    if (count >= 12 && excess > 0.004 && (!best || excess > best.excess)) best = { box, excess };
  }
  if (!best) {
    const box = defaultRegion(width, height);
    const alpha = new Uint8Array(width * height);
    for (let y = box.top; y < height; y += 1)
      alpha.fill(255, y * width + box.left, y * width + width);
    return alpha;
  }
  const inCorner = new Uint8Array(edges.length);
  const { box } = best;
  for (let y = box.top; y < box.top + box.height; y += 1) {
    for (let x = box.left; x < box.left + box.width; x += 1) {
      inCorner[y * width + x] = edges[y * width + x] ?? 0;
    }
  }
  return grow(inCorner, width, height, radius * 2 + 1);
}
