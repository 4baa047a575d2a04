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
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  const counts = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    let rowCount = 0;
    for (let x = 0; x < width; x += 1) {
      const w = weight ? (weight[y * width + x] as number) : 1;
      rowSum += w * (values[y * width + x] as number);
      rowCount += w;
      const at = (y + 1) * stride + x + 1;
      sums[at] = (sums[at - stride] as number) + rowSum;
      counts[at] = (counts[at - stride] as number) + rowCount;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const top = Math.max(0, y - radius) * stride;
    const bottom = (Math.min(height - 1, y + radius) + 1) * stride;
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - radius);
      const right = Math.min(width - 1, x + radius) + 1;
      const area = (table: Float64Array) =>
        (table[bottom + right] as number) -
        (table[bottom + left] as number) -
        (table[top + right] as number) +
        (table[top + left] as number);
      const count = area(counts);
      out[y * width + x] = count > 0 ? area(sums) / count : Number.NaN;
    }
  }
  return out;
}
