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

/**
 * The median of the first `n` values, reordering them in place: Hoare's selection, which
 * touches each value about twice rather than sorting them (this runs twice per pixel).
 */
function medianOf(values: Int16Array, n: number): number {
  const k = n >> 1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  const upper = values[k] as number;
  if (n % 2 === 1) return upper;
  // The lower middle is the largest value left of k, all of which are no larger than it.
  let lower = values[0] as number;
  for (let m = 1; m < k; m += 1) if ((values[m] as number) > lower) lower = values[m] as number;
  return (lower + upper) / 2;
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

/** Where another image's pixels lie under the median's: its size, and the shift to add. */
export interface Placed {
  width: number;
  height: number;
  dx: number;
  dy: number;
}

/**
 * How strongly one image carries the median gradient inside a region: the normalised
 * correlation of its gradient field with the median's, 1 when the image's edges there are
 * the mark's alone, near 0 when the mark is not on it. `placed` reads an image of another
 * size, the region shifted onto it (a mark borrowed from a group of another size); a region
 * reaching outside that image scores 0.
 */
export function presenceScore(
  grey: Uint8Array,
  median: MedianGradient,
  region: Uint8Array,
  placed?: Placed,
): number {
  const { width, height } = median;
  const own = placed ?? { width, height, dx: 0, dy: 0 };
  let dot = 0;
  let energy = 0;
  let shared = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!region[i]) continue;
      const px = x + own.dx;
      const py = y + own.dy;
      if (px < 0 || py < 0 || px >= own.width || py >= own.height) return 0;
      const g = gradientAt(grey, own.width, px, py, own.height);
      const mx = median.gx[i] as number;
      const my = median.gy[i] as number;
      dot += g.gx * mx + g.gy * my;
      energy += g.gx * g.gx + g.gy * g.gy;
      shared += mx * mx + my * my;
    }
  }
  return energy === 0 || shared === 0 ? 0 : dot / Math.sqrt(energy * shared);
}
