import type { Stroke } from './strokes.ts';

/**
 * Paints strokes into a one-byte-a-pixel plane without anti-aliasing: a pixel is in a shape
 * when its centre is, so every pixel is either exactly marked or exactly clear. Soft edges
 * would leave near-black pixels that the service counts as marked.
 */
export class MaskPlane {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;

  /** Imported masks by token, each a plane of this size with 1 where marked. */
  private readonly bitmaps: ReadonlyMap<string, Uint8Array>;

  constructor(width: number, height: number, bitmaps: ReadonlyMap<string, Uint8Array> = new Map()) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height);
    this.bitmaps = bitmaps;
  }

  apply(stroke: Stroke, mark: number): void {
    switch (stroke.kind) {
      case 'brush':
        this.polyline(stroke.points, stroke.radius, mark);
        return;
      case 'eraser':
        this.polyline(stroke.points, stroke.radius, 0);
        return;
      case 'rect':
        this.rect(stroke.x, stroke.y, stroke.width, stroke.height, stroke.erase ? 0 : mark);
        return;
      case 'polygon':
        this.polygon(stroke.points, stroke.erase ? 0 : mark);
        return;
      case 'bitmap': {
        const bitmap = this.bitmaps.get(stroke.token);
        if (!bitmap) throw new Error(`the imported mask ${stroke.token} is not loaded`);
        for (let i = 0; i < bitmap.length; i += 1) if (bitmap[i]) this.data[i] = mark;
        return;
      }
    }
  }

  private span(y: number, fromX: number, toX: number, value: number): void {
    const start = Math.max(0, fromX);
    const end = Math.min(this.width - 1, toX);
    if (y < 0 || y >= this.height || start > end) return;
    this.data.fill(value, y * this.width + start, y * this.width + end + 1);
  }

  /** Pixel centres with x + 0.5 in [x0, x0 + w) and likewise for y. */
  private rect(x: number, y: number, w: number, h: number, value: number): void {
    const top = Math.ceil(y - 0.5);
    const bottom = Math.ceil(y + h - 0.5) - 1;
    const left = Math.ceil(x - 0.5);
    const right = Math.ceil(x + w - 0.5) - 1;
    for (let row = Math.max(0, top); row <= Math.min(this.height - 1, bottom); row += 1) {
      this.span(row, left, right, value);
    }
  }

  /**
   * A round brush along a polyline: per row, the union of the spans of each capsule
   * (segment widened by the radius). Each span is solved exactly, so the cost is per row,
   * not per pixel.
   */
  private polyline(
    points: ReadonlyArray<readonly [number, number]>,
    radius: number,
    value: number,
  ): void {
    const segments =
      points.length === 1
        ? [[points[0], points[0]]]
        : points.slice(1).map((p, i) => [points[i], p]);
    for (const [a, b] of segments as Array<
      [readonly [number, number], readonly [number, number]]
    >) {
      this.capsule(a[0], a[1], b[0], b[1], radius, value);
    }
  }

  private capsule(ax: number, ay: number, bx: number, by: number, r: number, value: number): void {
    const top = Math.max(0, Math.ceil(Math.min(ay, by) - r - 0.5));
    const bottom = Math.min(this.height - 1, Math.floor(Math.max(ay, by) + r - 0.5));
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSq = dx * dx + dy * dy;
    const r2 = r * r;
    for (let row = top; row <= bottom; row += 1) {
      const cy = row + 0.5;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      // Discs at both ends.
      for (const [px, py] of [
        [ax, ay],
        [bx, by],
      ] as const) {
        const h = r2 - (cy - py) * (cy - py);
        if (h >= 0) {
          const w = Math.sqrt(h);
          lo = Math.min(lo, px - w);
          hi = Math.max(hi, px + w);
        }
      }
      // The band between them: points whose projection falls inside the segment and whose
      // distance to the line is at most r, intersected with this row.
      if (lengthSq > 0) {
        const interval = bandInterval(ax, ay, dx, dy, lengthSq, r, cy);
        if (interval) {
          lo = Math.min(lo, interval[0]);
          hi = Math.max(hi, interval[1]);
        }
      }
      if (lo <= hi) this.span(row, Math.ceil(lo - 0.5), Math.floor(hi - 0.5), value);
    }
  }

  /** Even-odd fill of pixel centres, one scanline at a time. */
  private polygon(points: ReadonlyArray<readonly [number, number]>, value: number): void {
    const ys = points.map((p) => p[1]);
    const top = Math.max(0, Math.ceil(Math.min(...ys) - 0.5));
    const bottom = Math.min(this.height - 1, Math.floor(Math.max(...ys) - 0.5));
    const crossings: number[] = [];
    for (let row = top; row <= bottom; row += 1) {
      const cy = row + 0.5;
      crossings.length = 0;
      for (let i = 0; i < points.length; i += 1) {
        const [x1, y1] = points[i] as readonly [number, number];
        const [x2, y2] = points[(i + 1) % points.length] as readonly [number, number];
        if ((y1 <= cy && y2 > cy) || (y2 <= cy && y1 > cy)) {
          crossings.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
        }
      }
      crossings.sort((a, b) => a - b);
      for (let i = 0; i + 1 < crossings.length; i += 2) {
        this.span(
          row,
          Math.ceil((crossings[i] as number) - 0.5),
          Math.ceil((crossings[i + 1] as number) - 0.5) - 1,
          value,
        );
      }
    }
  }
}

/**
 * The x range on the row y = cy of points within r of the infinite line through A along
 * (dx, dy) whose projection parameter t lies in [0, 1]: both conditions are linear in x,
 * so each gives an interval and the answer is their intersection.
 */
function bandInterval(
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  lengthSq: number,
  r: number,
  cy: number,
): [number, number] | undefined {
  const length = Math.sqrt(lengthSq);
  // Distance to the line: |dy·(x − ax) − dx·(cy − ay)| / length ≤ r.
  const c = -dx * (cy - ay);
  let lo: number;
  let hi: number;
  if (dy === 0) {
    if (Math.abs(c) / length > r) return undefined;
    lo = Number.NEGATIVE_INFINITY;
    hi = Number.POSITIVE_INFINITY;
  } else {
    const a = (-r * length - c) / dy + ax;
    const b = (r * length - c) / dy + ax;
    lo = Math.min(a, b);
    hi = Math.max(a, b);
  }
  // Projection: 0 ≤ dx·(x − ax) + dy·(cy − ay) ≤ lengthSq.
  const k = dy * (cy - ay);
  if (dx === 0) {
    if (k < 0 || k > lengthSq) return undefined;
  } else {
    const a = (0 - k) / dx + ax;
    const b = (lengthSq - k) / dx + ax;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
  }
  return lo <= hi ? [lo, hi] : undefined;
}

/**
 * True when strokes drawn on an image of this size leave no pixel marked: a brush stroke
 * erased again, or shapes wholly outside the image. Painted exactly as the mask will be.
 * An imported mask is not known here, so with one the answer is false and main decides.
 */
export function marksNothing(strokes: readonly Stroke[], width: number, height: number): boolean {
  if (strokes.some((stroke) => stroke.kind === 'bitmap')) return false;
  const plane = new MaskPlane(width, height);
  for (const stroke of strokes) plane.apply(stroke, 1);
  return planeMarksNothing(plane.data);
}

/**
 * True when a mask plane (1 where marked) has no pixel marked: sent, it would be a credit
 * spent for an unchanged image. The one place that says what an empty mask is.
 */
export function planeMarksNothing(plane: Uint8Array): boolean {
  return !plane.includes(1);
}
