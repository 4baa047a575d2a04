/**
 * The per-pixel median of the horizontal and vertical gradients over a stack of grey images
 * of one size (Dekel et al., CVPR 2017): a mark shared by most images keeps its edges, while
 * edges of the varied backgrounds fall on different pixels in each image and cancel out.
 */
export interface MedianGradient {
  width: number;
  height: number;
  gx: Float32Array;
  gy: Float32Array;
}

/** Forward differences, zero on the last column and row. */
function gradientAt(grey: Uint8Array, width: number, x: number, y: number, height: number) {
  const i = y * width + x;
  const here = grey[i] as number;
  return {
    gx: x + 1 < width ? (grey[i + 1] as number) - here : 0,
    gy: y + 1 < height ? (grey[i + width] as number) - here : 0,
  };
}

/** The median of the first `n` values, sorting them in place (n is the group size: small). */
function medianOf(values: Int16Array, n: number): number {
  for (let i = 1; i < n; i += 1) {
    const value = values[i] as number;
    let j = i - 1;
    while (j >= 0 && (values[j] as number) > value) {
      values[j + 1] = values[j] as number;
      j -= 1;
    }
    values[j + 1] = value;
  }
  const middle = n >> 1;
  return n % 2 === 1
    ? (values[middle] as number)
    : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
}

export function medianGradient(
  greys: readonly Uint8Array[],
  width: number,
  height: number,
): MedianGradient {
  const n = greys.length;
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const xs = new Int16Array(n);
  const ys = new Int16Array(n);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const right = x + 1 < width;
      const below = y + 1 < height;
      for (let k = 0; k < n; k += 1) {
        const grey = greys[k] as Uint8Array;
        const here = grey[i] as number;
        xs[k] = right ? (grey[i + 1] as number) - here : 0;
        ys[k] = below ? (grey[i + width] as number) - here : 0;
      }
      gx[i] = medianOf(xs, n);
      gy[i] = medianOf(ys, n);
    }
  }
  return { width, height, gx, gy };
}

/**
 * How strongly one image carries the median gradient inside a region: the normalised
 * correlation of its gradient field with the median's, 1 when the image's edges there are
 * the mark's alone, near 0 when the mark is not on it.
 */
export function presenceScore(
  grey: Uint8Array,
  median: MedianGradient,
  region: Uint8Array,
): number {
  const { width, height } = median;
  let dot = 0;
  let own = 0;
  let shared = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!region[i]) continue;
      const g = gradientAt(grey, width, x, y, height);
      const mx = median.gx[i] as number;
      const my = median.gy[i] as number;
      dot += g.gx * mx + g.gy * my;
      own += g.gx * g.gx + g.gy * g.gy;
      shared += mx * mx + my * my;
    }
  }
  return own === 0 || shared === 0 ? 0 : dot / Math.sqrt(own * shared);
}
