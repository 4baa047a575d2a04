import type { Alpha } from './marked-scenes.ts';

/**
 * The shapes the real-marks set stamps besides text (`textMark`): rings, triangles, boxes,
 * turned, shrunk and tiled. Each is a coverage plane like a renderer's, soft at its edges.
 */

/** Samples per pixel along each axis: edges get 17 levels of coverage, as anti-aliasing does. */
const FINE = 4;

/** Coverage of each pixel of a width × height canvas by the shape `inside` says holds a point. */
export function drawn(
  width: number,
  height: number,
  inside: (x: number, y: number) => boolean,
): Alpha {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let hits = 0;
      for (let v = 0; v < FINE; v += 1) {
        for (let u = 0; u < FINE; u += 1) {
          if (inside(x + (u + 0.5) / FINE, y + (v + 0.5) / FINE)) hits += 1;
        }
      }
      data[y * width + x] = hits / (FINE * FINE);
    }
  }
  return { width, height, data };
}

/** A ring `diameter` pixels across whose band is `thickness` pixels wide. */
export function ring(diameter: number, thickness: number): Alpha {
  const centre = diameter / 2;
  const outer = diameter / 2;
  const inner = outer - thickness;
  return drawn(diameter, diameter, (x, y) => {
    const d = Math.hypot(x - centre, y - centre);
    return d <= outer && d >= inner;
  });
}

/** A filled triangle pointing right (a play button), `side` pixels along each side. */
export function triangle(side: number): Alpha {
  const depth = Math.ceil((side * Math.sqrt(3)) / 2);
  return drawn(depth, side, (x, y) => {
    // Between the two slanted sides, which meet at the point (depth, side / 2).
    const half = (side / 2) * (1 - x / depth);
    return x >= 0 && Math.abs(y - side / 2) <= half;
  });
}

/** A filled box with corners rounded by `radius` pixels. */
export function roundedBox(width: number, height: number, radius: number): Alpha {
  return drawn(width, height, (x, y) => {
    const cx = Math.min(Math.max(x, radius), width - radius);
    const cy = Math.min(Math.max(y, radius), height - radius);
    return Math.hypot(x - cx, y - cy) <= radius;
  });
}

/** Bilinear read of the mark at a real position; 0 outside it. */
function sample(mark: Alpha, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const at = (u: number, v: number) =>
    u < 0 || v < 0 || u >= mark.width || v >= mark.height
      ? 0
      : (mark.data[v * mark.width + u] as number);
  const fx = x - x0;
  const fy = y - y0;
  return (
    at(x0, y0) * (1 - fx) * (1 - fy) +
    at(x0 + 1, y0) * fx * (1 - fy) +
    at(x0, y0 + 1) * (1 - fx) * fy +
    at(x0 + 1, y0 + 1) * fx * fy
  );
}

/** The mark turned by `degrees` (counter-clockwise on screen) on the canvas that holds it. */
export function rotated(mark: Alpha, degrees: number): Alpha {
  const turn = (degrees * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const width = Math.ceil(Math.abs(mark.width * cos) + Math.abs(mark.height * sin)) + 2;
  const height = Math.ceil(Math.abs(mark.width * sin) + Math.abs(mark.height * cos)) + 2;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Back from the canvas's centre to the mark's, turned the other way.
      const dx = x + 0.5 - width / 2;
      const dy = y + 0.5 - height / 2;
      const u = dx * cos - dy * sin + mark.width / 2 - 0.5;
      const v = dx * sin + dy * cos + mark.height / 2 - 0.5;
      data[y * width + x] = Math.min(1, sample(mark, u, v));
    }
  }
  return { width, height, data };
}

/** Averages along one axis: each output cell holds the mean of the `factor` inputs it spans. */
function shrinkAxis(values: (i: number) => number, length: number, factor: number): number[] {
  const out: number[] = [];
  for (let o = 0; o < length; o += 1) {
    const from = o * factor;
    const to = from + factor;
    let sum = 0;
    for (let i = Math.floor(from); i < Math.ceil(to); i += 1) {
      sum += values(i) * (Math.min(to, i + 1) - Math.max(from, i));
    }
    out.push(sum / factor);
  }
  return out;
}

/**
 * The mark drawn `factor` times smaller (factor ≥ 1), by the area each output pixel covers:
 * one master drawn large gives the same mark at every image size, as a scaled logo is.
 */
export function shrunk(mark: Alpha, factor: number): Alpha {
  const width = Math.floor(mark.width / factor);
  const height = Math.floor(mark.height / factor);
  const rows = Array.from({ length: mark.height }, (_, y) =>
    shrinkAxis((x) => mark.data[y * mark.width + x] ?? 0, width, factor),
  );
  const data = new Float32Array(width * height);
  for (let x = 0; x < width; x += 1) {
    const column = shrinkAxis((y) => rows[y]?.[x] ?? 0, height, factor);
    for (let y = 0; y < height; y += 1) data[y * width + x] = column[y] as number;
  }
  return { width, height, data };
}

/**
 * The tile repeated over a whole width × height image, `step` apart, every other row shifted
 * by half a step, as stock sites cover a preview; tiles cut by the image's edges are kept.
 */
export function tiled(
  tile: Alpha,
  width: number,
  height: number,
  step: { x: number; y: number },
): Alpha {
  const data = new Float32Array(width * height);
  for (let row = -1; row * step.y < height; row += 1) {
    const shift = row % 2 === 0 ? 0 : step.x / 2;
    for (let left = -step.x + shift; left < width; left += step.x) {
      const x0 = Math.round(left);
      const y0 = row * step.y;
      for (let v = 0; v < tile.height; v += 1) {
        const y = y0 + v;
        if (y < 0 || y >= height) continue;
        for (let u = 0; u < tile.width; u += 1) {
          const x = x0 + u;
          if (x < 0 || x >= width) continue;
          const a = tile.data[v * tile.width + u] as number;
          data[y * width + x] = Math.max(data[y * width + x] as number, a);
        }
      }
    }
  }
  return { width, height, data };
}
