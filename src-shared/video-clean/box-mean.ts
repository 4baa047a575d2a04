import { Integral } from '../domain/integral.ts';

/**
 * The mean of `values` over the pixels with `weight` 1 in the (2r+1)² box around each pixel,
 * NaN where the box holds none: summed-area tables, so any radius costs the same.
 */
export function boxMean(
  values: Float32Array,
  weight: Uint8Array | undefined,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const weighted = weight ? values.map((value, i) => value * (weight[i] as number)) : values;
  const sums = new Integral(width, height, weighted);
  const counts = weight ? new Integral(width, height, weight) : undefined;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const count = counts ? counts.box(x0, y0, x1, y1) : (x1 - x0) * (y1 - y0);
      out[y * width + x] = count > 0 ? sums.box(x0, y0, x1, y1) / count : Number.NaN;
    }
  }
  return out;
}
