import { seeded, textMark, type Alpha } from './marked-scenes.ts';
import { ring, rotated, roundedBox, shrunk, tiled, triangle } from './real-marks-shapes.ts';
import { textAndRing } from './wallpaper-marks.ts';

/**
 * The six kinds of watermark of issue #34's table, as the real-marks set stamps them on
 * photographs: what each is made of, where it sits, how opaque, on images of which sizes.
 */

export type KindId = 'corner' | 'logo' | 'tiled' | 'black' | 'scaled' | 'opaque';

export interface Size {
  width: number;
  height: number;
}

/** One part of a mark: its coverage, laid at (x, y) in `colour` at `opacity`. */
export interface Shape {
  alpha: Alpha;
  x: number;
  y: number;
  opacity: number;
  colour: readonly [number, number, number];
}

export interface Kind {
  id: KindId;
  /** The words for it, for the benchmark's table. */
  title: string;
  /** A mark one sees the photo through everywhere (un-blending can lift it), or an opaque one. */
  semiTransparent: boolean;
  /** The size of each photo of the kind, in order. */
  sizes: Size[];
  /** The parts of the mark on a photo of this size, laid in this order. */
  shapes(size: Size): Shape[];
}

export const PHOTOS_PER_KIND = 24;

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;
/** A broadcaster's red. */
const RED = [215, 25, 35] as const;

const LANDSCAPE = { width: 1200, height: 800 };
const same = (size: Size) => Array.from({ length: PHOTOS_PER_KIND }, () => size);

/** White text and a ring at 40 %, 40 pixels from the bottom-right corner. */
const corner: Kind = {
  id: 'corner',
  title: 'white text + circle, 40 %, bottom right',
  semiTransparent: true,
  sizes: same(LANDSCAPE),
  shapes: ({ width, height }) => {
    const alpha = textAndRing();
    return [
      {
        alpha,
        x: width - 40 - alpha.width,
        y: height - 40 - alpha.height,
        opacity: 0.4,
        colour: WHITE,
      },
    ];
  },
};

/** A ring with a filled triangle in it and a word under it, at 30 %, in the photo's middle. */
const logo: Kind = {
  id: 'logo',
  title: 'large centre logo (ring, filled triangle, word), 30 %',
  semiTransparent: true,
  sizes: same(LANDSCAPE),
  shapes: ({ width, height }) => {
    const circle = ring(240, 16);
    const play = triangle(130);
    const word = textMark(seeded(30), 6, 8, 6);
    const top = Math.round((height - (circle.height + 24 + word.height)) / 2);
    const left = Math.round((width - circle.width) / 2);
    const shape = (alpha: Alpha, x: number, y: number): Shape => ({
      alpha,
      x,
      y,
      opacity: 0.3,
      colour: WHITE,
    });
    return [
      shape(circle, left, top),
      // Its centre of area a little right of the ring's, as a play sign is drawn.
      shape(
        play,
        Math.round(width / 2 - play.width / 3),
        Math.round(top + (circle.height - play.height) / 2),
      ),
      shape(word, Math.round((width - word.width) / 2), top + circle.height + 24),
    ];
  },
};

/** Text turned 30°, repeated over the whole photo at 22 %. */
const tiledKind: Kind = {
  id: 'tiled',
  title: 'diagonal tiled text over the whole photo, 22 %',
  semiTransparent: true,
  sizes: same(LANDSCAPE),
  shapes: ({ width, height }) => [
    {
      alpha: tiled(rotated(textMark(seeded(22), 5, 6, 4), 30), width, height, { x: 320, y: 200 }),
      x: 0,
      y: 0,
      opacity: 0.22,
      colour: WHITE,
    },
  ],
};

/** Black text at 35 %, 40 pixels from the bottom-left corner. */
const black: Kind = {
  id: 'black',
  title: 'black text, 35 %, bottom left',
  semiTransparent: true,
  sizes: same(LANDSCAPE),
  shapes: ({ height }) => {
    const alpha = textMark(seeded(35), 6, 7, 5);
    return [{ alpha, x: 40, y: height - 40 - alpha.height, opacity: 0.35, colour: BLACK }];
  },
};

/** The scaled mark drawn for a 4800-pixel-wide image, shrunk to each photo's width. */
const MASTER_WIDTH = 4800;
let master: Alpha | undefined;

/**
 * White text at 40 % whose size and distance from the bottom-right corner are the same
 * fraction of the photo's width (3 %), on photos of four sizes, six each, one portrait.
 */
const scaled: Kind = {
  id: 'scaled',
  title: 'text scaled with the image width, four image sizes',
  semiTransparent: true,
  sizes: Array.from(
    { length: PHOTOS_PER_KIND },
    (_, k) =>
      [
        { width: 2400, height: 1600 },
        { width: 1800, height: 1200 },
        { width: 1200, height: 800 },
        { width: 800, height: 1200 },
      ][k % 4] as Size,
  ),
  shapes: ({ width, height }) => {
    master ??= textMark(seeded(41), 6, 28, 20);
    const alpha = shrunk(master, MASTER_WIDTH / width);
    const inset = Math.round(width * 0.03);
    return [
      {
        alpha,
        x: width - inset - alpha.width,
        y: height - inset - alpha.height,
        opacity: 0.4,
        colour: WHITE,
      },
    ];
  },
};

/** An opaque white box with red letters in it, 36 pixels from the top-right corner: a TV logo. */
const opaque: Kind = {
  id: 'opaque',
  title: 'opaque white box with red letters (a TV logo)',
  semiTransparent: false,
  sizes: same({ width: 1280, height: 720 }),
  shapes: ({ width }) => {
    const box = roundedBox(150, 64, 8);
    const letters = textMark(seeded(6), 3, 6, 5);
    const x = width - 36 - box.width;
    const y = 36;
    return [
      { alpha: box, x, y, opacity: 1, colour: WHITE },
      {
        alpha: letters,
        x: x + Math.round((box.width - letters.width) / 2),
        y: y + Math.round((box.height - letters.height) / 2),
        opacity: 1,
        colour: RED,
      },
    ];
  },
};

export const KINDS: readonly Kind[] = [corner, logo, tiledKind, black, scaled, opaque];
