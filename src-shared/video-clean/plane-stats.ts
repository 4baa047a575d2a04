/**
 * What a clip's sampled frames say about each pixel of one picture plane (Y, U or V): the
 * mean and spread of its values over time. Under a static mark of opacity α and level L a
 * pixel shows α·L + (1−α)·B(t), so its spread over time is (1−α) times the spread the moving
 * background has there, and its mean is α·L plus (1−α) times the background's mean.
 */
/** Frames a 32-bit sum of squares of 8-bit values holds exactly: 2³² / 255². */
const MOST = 66_000;

export class PlaneStats {
  readonly width: number;
  readonly height: number;
  /**
   * Whole numbers, so 32-bit integer sums are exact up to MOST frames and adding a frame
   * stays integer arithmetic (the estimate adds at most a few hundred).
   */
  private readonly sum: Uint32Array;
  /** Undefined when only the mean is wanted: the squares cost as much again. */
  private readonly sumSquares: Uint32Array | undefined;
  private count = 0;

  constructor(width: number, height: number, { spread = true } = {}) {
    this.width = width;
    this.height = height;
    this.sum = new Uint32Array(width * height);
    this.sumSquares = spread ? new Uint32Array(width * height) : undefined;
  }

  get samples(): number {
    return this.count;
  }

  /** Adds one frame's plane (`stride` bytes a row). */
  add(plane: Uint8Array, stride: number): void {
    if (this.count >= MOST) throw new Error(`plane statistics hold at most ${MOST} frames`);
    const { width, height } = this;
    for (let y = 0; y < height; y += 1)
      addRow(this.sum, this.sumSquares, y * width, plane, y * stride, width);
    this.count += 1;
  }

  /** Each pixel's mean and standard deviation (0 where not kept) over the frames added. */
  moments(): { mean: Float32Array; spread: Float32Array } {
    const n = Math.max(1, this.count);
    const { sum, sumSquares } = this;
    const mean = new Float32Array(sum.length);
    const spread = new Float32Array(sum.length);
    for (let i = 0; i < mean.length; i += 1) {
      const m = (sum[i] as number) / n;
      mean[i] = m;
      if (sumSquares) spread[i] = Math.sqrt(Math.max(0, (sumSquares[i] as number) / n - m * m));
    }
    return { mean, spread };
  }
}

/** Adds one row of values (and their squares, when kept) into the sums at `at`. */
function addRow(
  sum: Uint32Array,
  squares: Uint32Array | undefined,
  at: number,
  plane: Uint8Array,
  from: number,
  width: number,
): void {
  const values = plane.subarray(from, from + width);
  const sums = sum.subarray(at, at + width);
  if (!squares) {
    for (let x = 0; x < width; x += 1) sums[x] = (sums[x] as number) + (values[x] as number);
    return;
  }
  const squared = squares.subarray(at, at + width);
  for (let x = 0; x < width; x += 1) {
    const value = values[x] as number;
    sums[x] = (sums[x] as number) + value;
    squared[x] = (squared[x] as number) + value * value;
  }
}

/** Mean absolute difference of two planes on a coarse grid: how far apart two frames are. */
export function planeDistance(a: Uint8Array, b: Uint8Array, step = 7): number {
  let total = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += step) {
    total += Math.abs((a[i] as number) - (b[i] as number));
    n += 1;
  }
  return n === 0 ? 0 : total / n;
}
