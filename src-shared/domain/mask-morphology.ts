/**
 * Whole-mask tools on a one-byte-a-pixel plane (1 marked, 0 clear): grow, shrink, invert and
 * clear outside a box. Growing and shrinking use the exact Euclidean distance, so a grown
 * mark keeps round corners like a brush stroke would, whatever N is.
 */

const FAR = 1e20;

/**
 * Squared distance along one line to the nearest zero of `f` (0 at sources, FAR elsewhere),
 * by the lower envelope of parabolas (Felzenszwalb and Huttenlocher 2012): linear time.
 */
function distanceLine(
  f: Float64Array,
  n: number,
  out: Float64Array,
  v: Int32Array,
  z: Float64Array,
): void {
  // Only sources carry a parabola: a pixel far from every source adds nothing to the envelope.
  let k = -1;
  for (let q = 0; q < n; q += 1) {
    const fq = f[q] as number;
    if (fq >= FAR) continue;
    let s = Number.NEGATIVE_INFINITY;
    while (k >= 0) {
      const p = v[k] as number;
      s = (fq + q * q - ((f[p] as number) + p * p)) / (2 * (q - p));
      if (s > (z[k] as number)) break;
      k -= 1;
    }
    k += 1;
    v[k] = q;
    z[k] = k === 0 ? Number.NEGATIVE_INFINITY : s;
    z[k + 1] = Number.POSITIVE_INFINITY;
  }
  if (k < 0) {
    out.fill(FAR, 0, n);
    return;
  }
  k = 0;
  for (let q = 0; q < n; q += 1) {
    while ((z[k + 1] as number) < q) k += 1;
    const p = v[k] as number;
    out[q] = (q - p) * (q - p) + (f[p] as number);
  }
}

/** Squared Euclidean distance from every pixel to the nearest pixel where `source` is true. */
export function squaredDistance(
  width: number,
  height: number,
  source: (index: number) => boolean,
): Float64Array {
  const grid = new Float64Array(width * height);
  const longest = Math.max(width, height);
  const f = new Float64Array(longest);
  const out = new Float64Array(longest);
  const v = new Int32Array(longest);
  const z = new Float64Array(longest + 1);
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) f[y] = source(y * width + x) ? 0 : FAR;
    distanceLine(f, height, out, v, z);
    for (let y = 0; y < height; y += 1) grid[y * width + x] = out[y] as number;
  }
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) f[x] = grid[row + x] as number;
    distanceLine(f, width, out, v, z);
    for (let x = 0; x < width; x += 1) grid[row + x] = out[x] as number;
  }
  return grid;
}

/** The smallest box holding every marked pixel, or undefined when none is. */
export function markedBox(
  plane: Uint8Array,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | undefined {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if (!plane[row + x]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0
    ? undefined
    : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * Marks every pixel within `pixels` of a marked one. Only the box around the marks, widened
 * by the distance, is measured: a small mark on a large photo costs what its box costs.
 */
export function growPlane(
  plane: Uint8Array,
  width: number,
  height: number,
  pixels: number,
): Uint8Array {
  const box = markedBox(plane, width, height);
  const out = plane.slice();
  if (!box || pixels <= 0) return out;
  const reach = Math.ceil(pixels);
  const x0 = Math.max(0, box.x - reach);
  const y0 = Math.max(0, box.y - reach);
  const w = Math.min(width, box.x + box.width + reach) - x0;
  const h = Math.min(height, box.y + box.height + reach) - y0;
  const inBox = (i: number) => plane[(y0 + Math.floor(i / w)) * width + x0 + (i % w)] === 1;
  const distance = squaredDistance(w, h, inBox);
  const limit = pixels * pixels;
  for (let i = 0; i < distance.length; i += 1) {
    if ((distance[i] as number) <= limit) out[(y0 + Math.floor(i / w)) * width + x0 + (i % w)] = 1;
  }
  return out;
}

/** Clears every marked pixel within `pixels` of a clear one (the image's edge counts as marked). */
export function shrinkPlane(
  plane: Uint8Array,
  width: number,
  height: number,
  pixels: number,
): Uint8Array {
  const out = plane.slice();
  if (pixels <= 0) return out;
  const distance = squaredDistance(width, height, (i) => plane[i] !== 1);
  const limit = pixels * pixels;
  for (let i = 0; i < distance.length; i += 1) if ((distance[i] as number) <= limit) out[i] = 0;
  return out;
}

export function invertPlane(plane: Uint8Array): Uint8Array {
  return plane.map((value) => (value === 1 ? 0 : 1));
}

/** Keeps the marks whose pixel centres fall inside the box; clears the rest. */
export function clearOutside(
  plane: Uint8Array,
  width: number,
  height: number,
  box: { x: number; y: number; width: number; height: number },
): Uint8Array {
  const out = new Uint8Array(plane.length);
  const left = Math.max(0, Math.ceil(box.x - 0.5));
  const right = Math.min(width, Math.ceil(box.x + box.width - 0.5));
  const top = Math.max(0, Math.ceil(box.y - 0.5));
  const bottom = Math.min(height, Math.ceil(box.y + box.height - 0.5));
  for (let y = top; y < bottom; y += 1) {
    out.set(plane.subarray(y * width + left, y * width + Math.max(left, right)), y * width + left);
  }
  return out;
}
