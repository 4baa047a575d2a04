/**
 * Sums over any box of a grid in constant time (a summed-area table). One owner for the
 * image finder in the main process and the clip clean-up in the window, so it stays free of
 * anything platform-specific.
 */
export class Integral {
  private readonly sums: Float64Array;
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number, values: ArrayLike<number>) {
    this.width = width;
    this.height = height;
    const w = width + 1;
    const sums = new Float64Array(w * (height + 1));
    for (let y = 0; y < height; y += 1) {
      let row = 0;
      const from = y * width;
      const above = y * w + 1;
      const at = (y + 1) * w + 1;
      for (let x = 0; x < width; x += 1) {
        row += values[from + x] ?? 0;
        sums[at + x] = (sums[above + x] as number) + row;
      }
    }
    this.sums = sums;
  }

  /** The sum of the cells in columns [x0, x1) and rows [y0, y1), already clipped to the grid. */
  box(x0: number, y0: number, x1: number, y1: number): number {
    const { sums } = this;
    const w = this.width + 1;
    return (
      (sums[y1 * w + x1] as number) -
      (sums[y1 * w + x0] as number) -
      (sums[y0 * w + x1] as number) +
      (sums[y0 * w + x0] as number)
    );
  }

  /** The sum and the count of cells within `radius` of (x, y), clipped to the grid. */
  around(x: number, y: number, radius: number): { sum: number; count: number } {
    const x0 = Math.max(0, x - radius);
    const y0 = Math.max(0, y - radius);
    const x1 = Math.min(this.width, x + radius + 1);
    const y1 = Math.min(this.height, y + radius + 1);
    return { sum: this.box(x0, y0, x1, y1), count: (x1 - x0) * (y1 - y0) };
  }
}
