/**
 * The types the blend fit produces and the methods that use it read, in a module of their
 * own so that the fit, its colour rounds and the un-blending import them without importing
 * one another.
 */
import type { RgbPixels } from './rgb-pixels.ts';

/** A colour as JPEG stores it: brightness and two colour differences (see ycc.ts). */
export type Colour = [number, number, number];

/**
 * What a semi-transparent mark does to every pixel under it, measured over a group of
 * images that share it (Dekel et al., CVPR 2017): a blend I = a·W + (1 − a)·J of the mark's
 * colour W at opacity a over the photo J. Kept as the numbers the inversion needs, per pixel
 * of the mark's box: `keep` = 1 − a and `lift` = a·W, so that J = (I − lift) / keep.
 * Brightness and colour have a `keep` each, since JPEG stores colour at half resolution and
 * so spreads the mark's opacity wider in colour than in brightness.
 */
export interface BlendEstimate {
  width: number;
  height: number;
  /** 1 where the mark may lie (the mask), 0 where pixels are the photo's own. */
  region: Uint8Array;
  /** 1 − opacity of the brightness, per pixel. */
  keepLuma: Float32Array;
  /** 1 − opacity of the colour differences, per pixel. */
  keepChroma: Float32Array;
  /** Opacity × the mark's colour, three values (Y, Cb, Cr) per pixel. */
  lift: Float32Array;
  /**
   * How much of each pixel of a lossy file (JPEG) to take from the un-blended value, 0 to
   * 1; the rest comes from a repaint. Below 1 where the file's own noise, divided by what
   * the mark leaves of the photo, errs about as much as a repaint (a dense mark). A
   * lossless file's only noise is rounding, so its pixels are un-blended alone.
   */
  trust: Float32Array;
  /** The mark's one colour (Y, Cb, Cr), or undefined when it has several (a colour logo). */
  colour?: [number, number, number];
  /**
   * The colours the mark is made of (Y, Cb, Cr), when its pixels share a few: a TV logo's
   * white box and red letters. Pixels of none of them keep a colour of their own.
   */
  colours?: Colour[];
  /** Typical error (levels) of the file's own noise and of a repaint under the mark. */
  noise: { file: number; repaint: number };
}

/** One image of the group: its pixels in the mark's box, and the same box repainted. */
export interface BlendSample {
  observed: RgbPixels;
  /**
   * The box with the mark's region repainted from around it (Telea, without grain): a rough
   * guess of the photo under the mark whose errors differ from image to image, so they
   * average out over the group.
   */
  filled: RgbPixels;
}
