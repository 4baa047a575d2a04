/** An image as 8-bit RGB, three bytes per pixel, row by row. */
export interface RgbPixels {
  data: Buffer;
  width: number;
  height: number;
}
