/**
 * Colour as JPEG stores it (BT.601, full range): brightness and two colour differences. A
 * blend is linear in these as in RGB, but JPEG keeps the colour differences at half
 * resolution, so they are un-blended with an opacity of their own (see blend-fit.ts).
 */
export function rgbToYcc(r: number, g: number, b: number, out: Float32Array, at: number): void {
  out[at] = 0.299 * r + 0.587 * g + 0.114 * b;
  out[at + 1] = -0.168736 * r - 0.331264 * g + 0.5 * b;
  out[at + 2] = 0.5 * r - 0.418688 * g - 0.081312 * b;
}

const clampByte = (value: number) => (value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value));

/** Writes one pixel back as 8-bit RGB at `at` in `out`. */
export function yccToRgb(y: number, cb: number, cr: number, out: Uint8Array, at: number): void {
  out[at] = clampByte(y + 1.402 * cr);
  out[at + 1] = clampByte(y - 0.344136 * cb - 0.714136 * cr);
  out[at + 2] = clampByte(y + 1.772 * cb);
}
