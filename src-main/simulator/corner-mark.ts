import type { RgbPixels } from './pixels.ts';

/**
 * Finding a watermark when no mask is given, and putting grain back into a repainted area.
 * Marks are small, high-contrast text or logos in a corner ("© Name", a site's address), so
 * the simulator looks for the corner whose fine detail stands out most from the rest of the
 * photo and repaints that detail, grown a little to take in the glyphs' soft edges. A photo
 * with no such corner falls back to the box where marks most often sit.
 */

/** Sums over any box of a grid in constant time. */
class Integral {
  private readonly sums: Float64Array;
  private readonly width: number;
  private readonly height: number;

  constructor(width: number, height: number, values: ArrayLike<number>) {
    this.width = width;
    this.height = height;
    const w = width + 1;
    this.sums = new Float64Array(w * (height + 1));
    for (let y = 0; y < height; y += 1) {
      let row = 0;
      for (let x = 0; x < width; x += 1) {
        row += values[y * width + x] ?? 0;
        this.sums[(y + 1) * w + x + 1] = (this.sums[y * w + x + 1] ?? 0) + row;
      }
    }
  }

  /** The sum and the count of cells within `radius` of (x, y), clipped to the grid. */
  around(x: number, y: number, radius: number): { sum: number; count: number } {
    const x0 = Math.max(0, x - radius);
    const y0 = Math.max(0, y - radius);
    const x1 = Math.min(this.width, x + radius + 1);
    const y1 = Math.min(this.height, y + radius + 1);
    const w = this.width + 1;
    const at = (xx: number, yy: number) => this.sums[yy * w + xx] ?? 0;
    return {
      sum: at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0),
      count: (x1 - x0) * (y1 - y0),
    };
  }
}

function luminance(pixels: RgbPixels): Float32Array {
  const { data, width, height } = pixels;
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i += 1) {
    out[i] =
      0.299 * (data[i * 3] ?? 0) + 0.587 * (data[i * 3 + 1] ?? 0) + 0.114 * (data[i * 3 + 2] ?? 0);
  }
  return out;
}

/** How far each pixel stands from the mean of its neighbourhood: the fine detail of the photo. */
function detail(values: Float32Array, width: number, height: number, radius: number): Float32Array {
  const sums = new Integral(width, height, values);
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { sum, count } = sums.around(x, y, radius);
      out[y * width + x] = (values[y * width + x] ?? 0) - sum / count;
    }
  }
  return out;
}

/** Every cell within `radius` of a marked one, marked. */
function grow(marks: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const sums = new Integral(width, height, marks);
  const out = new Uint8Array(marks.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (sums.around(x, y, radius).sum > 0) out[y * width + x] = 255;
    }
  }
  return out;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

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

/** A pixel this much brighter or darker than its surroundings is an edge of text, not grain. */
const EDGE_CONTRAST = 48;

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

/** A small fast generator, seeded, so the same request gets the same result every time. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The box around the marked cells, widened by `margin`; undefined when none is marked. */
function boundsOf(
  alpha: Uint8Array,
  width: number,
  height: number,
  margin: number,
): Box | undefined {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let i = 0; i < alpha.length; i += 1) {
    if (!alpha[i]) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (right < 0) return undefined;
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  return {
    left,
    top,
    width: Math.min(width, right + margin + 1) - left,
    height: Math.min(height, bottom + margin + 1) - top,
  };
}

/**
 * Puts the photo's grain back into the repainted pixels, which an inpainting fill leaves
 * smooth: noise as strong as the fine detail of the untouched pixels around the area, the
 * same in the three channels, as film and sensor grain is mostly in brightness. Works on the
 * box around the area only, so a small mark on a large photo costs little.
 */
export function addGrain(filled: RgbPixels, alpha: Uint8Array): void {
  const { data, width, height } = filled;
  const radius = Math.max(2, Math.round(Math.min(width, height) / 160));
  const box = boundsOf(alpha, width, height, radius * 6);
  if (!box) return;
  const part = {
    data: Buffer.alloc(box.width * box.height * 3),
    width: box.width,
    height: box.height,
  };
  const partAlpha = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * width + box.left;
    data.copy(part.data, y * box.width * 3, from * 3, (from + box.width) * 3);
    partAlpha.set(alpha.subarray(from, from + box.width), y * box.width);
  }
  const around = grow(partAlpha, box.width, box.height, radius * 6);
  const fine = detail(luminance(part), box.width, box.height, 1);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < partAlpha.length; i += 1) {
    const value = fine[i] ?? 0;
    // Edges are not grain: strong lines are left out of the estimate.
    if (around[i] && !partAlpha[i] && Math.abs(value) < EDGE_CONTRAST) {
      sum += value * value;
      count += 1;
    }
  }
  if (count === 0) return;
  const sigma = Math.sqrt(sum / count);
  const next = random(width * 73856093 + height * 19349663);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      if (!partAlpha[y * box.width + x]) continue;
      // A normal sample from two uniform ones (Box-Muller).
      const u = Math.max(next(), 1e-9);
      const noise = sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
      const at = ((box.top + y) * width + box.left + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        data[at + c] = Math.min(255, Math.max(0, Math.round((data[at + c] ?? 0) + noise)));
      }
    }
  }
}
