import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';

export type { Box };

/** The connected areas (8-neighbours) of a plane's marked pixels, each as its list of pixels. */
export function components(plane: Uint8Array, width: number, height: number): Int32Array[] {
  const seen = new Uint8Array(plane.length);
  const stack = new Int32Array(plane.length);
  const found: Int32Array[] = [];
  for (let start = 0; start < plane.length; start += 1) {
    if (!plane[start] || seen[start]) continue;
    let top = 0;
    const pixels: number[] = [];
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top] as number;
      pixels.push(i);
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (plane[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    found.push(Int32Array.from(pixels));
  }
  return found;
}

/** The box around some pixels, widened by `pad` and kept inside the image. */
export function boxAround(pixels: Int32Array, width: number, height: number, pad: number): Box {
  let left = width;
  let right = 0;
  let top = height;
  let bottom = 0;
  for (const i of pixels) {
    const x = i % width;
    const y = (i - x) / width;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const x = Math.max(0, left - pad);
  const y = Math.max(0, top - pad);
  return {
    x,
    y,
    width: Math.min(width - 1, right + pad) - x + 1,
    height: Math.min(height - 1, bottom + pad) - y + 1,
  };
}

/**
 * Otsu's threshold over non-negative values: the cut that best splits them into two
 * groups, here the mark's body and the background around it within one box.
 */
export function otsu(values: Float64Array, bins = 256): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  if (max === 0) return 0;
  const histogram = new Float64Array(bins);
  for (const value of values) {
    const bin = Math.min(bins - 1, Math.floor((value / max) * bins));
    histogram[bin] = (histogram[bin] as number) + 1;
  }
  const total = values.length;
  let sumAll = 0;
  for (let b = 0; b < bins; b += 1) sumAll += b * (histogram[b] as number);
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let cut = 0;
  for (let b = 0; b < bins; b += 1) {
    below += histogram[b] as number;
    if (below === 0 || below === total) continue;
    sumBelow += b * (histogram[b] as number);
    const above = total - below;
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      cut = b + 1;
    }
  }
  return (cut / bins) * max;
}

/** The value below which the given share of the values lie. */
export function quantile(values: ArrayLike<number>, share: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * The unmarked pixels of a plane that its marked ones enclose: those no path of unmarked
 * pixels (4-neighbours) joins to the plane's border. The inside of a filled shape whose
 * body lies farther from its edges than the edges' cluster reaches, and a letter's counter.
 */
export function enclosed(plane: Uint8Array, width: number, height: number): Uint8Array {
  const reached = new Uint8Array(plane.length);
  const stack: number[] = [];
  const visit = (i: number) => {
    if (plane[i] || reached[i]) return;
    reached[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < width; x += 1) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x + 1 < width) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i + width < plane.length) visit(i + width);
  }
  return plane.map((value, i) => (value || reached[i] ? 0 : 1));
}
