/**
 * What a clip's sampled frames say about each pixel of one picture plane (Y, U or V): the
 * mean and spread of its values over time. Under a static mark of opacity α and level L a
 * pixel shows α·L + (1−α)·B(t), so its spread over time is (1−α) times the spread the moving
 * background has there, and its mean is α·L plus (1−α) times the background's mean.
 */
export class PlaneStats {
  readonly width: number;
  readonly height: number;
  private readonly sum: Float64Array;
  private readonly sumSquares: Float64Array;
  private count = 0;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.sum = new Float64Array(width * height);
    this.sumSquares = new Float64Array(width * height);
  }

  get samples(): number {
    return this.count;
  }

  /** Adds one frame's plane (`stride` bytes a row). */
  add(plane: Uint8Array, stride: number): void {
    const { width, height, sum, sumSquares } = this;
    for (let y = 0; y < height; y += 1) {
      const row = y * stride;
      const at = y * width;
      for (let x = 0; x < width; x += 1) {
        const value = plane[row + x] as number;
        sum[at + x] = (sum[at + x] as number) + value;
        sumSquares[at + x] = (sumSquares[at + x] as number) + value * value;
      }
    }
    this.count += 1;
  }

  /** Each pixel's mean and standard deviation over the frames added. */
  moments(): { mean: Float32Array; spread: Float32Array } {
    const n = Math.max(1, this.count);
    const mean = new Float32Array(this.sum.length);
    const spread = new Float32Array(this.sum.length);
    for (let i = 0; i < mean.length; i += 1) {
      const m = (this.sum[i] as number) / n;
      mean[i] = m;
      spread[i] = Math.sqrt(Math.max(0, (this.sumSquares[i] as number) / n - m * m));
    }
    return { mean, spread };
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
