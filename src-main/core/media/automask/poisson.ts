import type { MedianGradient } from './median-gradient.ts';
import type { Box } from './regions.ts';

/**
 * The intensity field whose forward differences best match the gradients kept inside a
 * box, zero on the box's border: the Poisson equation ΔW = div g, solved by conjugate
 * gradients. Edges alone mark only a mark's outline; the field fills in its body, which is
 * what the mask needs. The border is zero because the box is drawn wider than the mark.
 */
export function reconstruct(
  { gx, gy, width }: MedianGradient,
  box: Box,
  keep: Uint8Array,
  options: { maxIterations?: number; tolerance?: number } = {},
): Float64Array {
  const { x: x0, y: y0, width: w, height: h } = box;
  const n = w * h;
  const b = new Float64Array(n);
  // Gradients outside `keep` count as zero.
  const at = (field: Float32Array, i: number) => (keep[i] ? (field[i] as number) : 0);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y0 + y) * width + x0 + x;
      const left = x0 + x > 0 ? at(gx, i - 1) : 0;
      const up = y0 + y > 0 ? at(gy, i - width) : 0;
      // -ΔW = -div g, so the operator below is positive definite.
      b[y * w + x] = -(at(gx, i) - left + at(gy, i) - up);
    }
  }
  const apply = (p: Float64Array, out: Float64Array) => {
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        const i = y * w + x;
        let sum = 4 * (p[i] as number);
        if (x > 0) sum -= p[i - 1] as number;
        if (x + 1 < w) sum -= p[i + 1] as number;
        if (y > 0) sum -= p[i - w] as number;
        if (y + 1 < h) sum -= p[i + w] as number;
        out[i] = sum;
      }
    }
  };
  const field = new Float64Array(n);
  const r = b.slice();
  const p = b.slice();
  const ap = new Float64Array(n);
  const dot = (a: Float64Array, c: Float64Array) => {
    let s = 0;
    for (let i = 0; i < n; i += 1) s += (a[i] as number) * (c[i] as number);
    return s;
  };
  let rr = dot(r, r);
  const stop = (options.tolerance ?? 1e-4) ** 2 * rr;
  const maxIterations = options.maxIterations ?? 2000;
  for (let iteration = 0; iteration < maxIterations && rr > stop && rr > 0; iteration += 1) {
    apply(p, ap);
    const alpha = rr / dot(p, ap);
    for (let i = 0; i < n; i += 1) {
      field[i] = (field[i] as number) + alpha * (p[i] as number);
      r[i] = (r[i] as number) - alpha * (ap[i] as number);
    }
    const next = dot(r, r);
    const beta = next / rr;
    rr = next;
    for (let i = 0; i < n; i += 1) p[i] = (r[i] as number) + beta * (p[i] as number);
  }
  return field;
}
