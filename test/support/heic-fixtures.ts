import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { withContainerRotation } from './heif-rotate.ts';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/heic/${name}`, import.meta.url)));

/**
 * The HEIC photos of test/fixtures/heic (see its README): 400×300 stored, in quadrants of
 * red (top-left), green, blue and white (bottom-right), with a Display P3 profile and EXIF.
 */
export const HEIC = {
  /** Stored upright. */
  upright: () => fixture('quadrants.heic'),
  /** EXIF orientation 6, no `irot`: shown 300×400 with blue top-left. */
  exifRotated: () => fixture('quadrants-rot6.heic'),
  /** As an iPhone writes a portrait: `irot` and EXIF orientation 6 saying the same turn. */
  containerRotated: () => withContainerRotation(fixture('quadrants-rot6.heic'), 3),
};

export const QUADRANT_COLOURS = {
  red: [220, 30, 30],
  green: [30, 200, 40],
  blue: [30, 40, 220],
  white: [250, 250, 250],
} as const;

export type Quadrant = keyof typeof QUADRANT_COLOURS;

/** The colour an upright image shows 10 % in from each corner, named as the quadrants are. */
export async function cornerColours(image: Buffer | string): Promise<{
  width: number;
  height: number;
  corners: [Quadrant | undefined, Quadrant | undefined, Quadrant | undefined, Quadrant | undefined];
}> {
  // In sRGB, as the quadrants were drawn before the fixture took its Display P3 profile.
  const { data, info } = await sharp(image)
    .autoOrient()
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const name = (x: number, y: number): Quadrant | undefined => {
    const at = (Math.round(y) * info.width + Math.round(x)) * 3;
    const pixel = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    const near = (Object.keys(QUADRANT_COLOURS) as Quadrant[]).find((quadrant) =>
      QUADRANT_COLOURS[quadrant].every((value, channel) => Math.abs(value - pixel[channel]!) < 40),
    );
    return near;
  };
  const [w, h] = [info.width - 1, info.height - 1];
  return {
    width: info.width,
    height: info.height,
    corners: [
      name(w * 0.1, h * 0.1),
      name(w * 0.9, h * 0.1),
      name(w * 0.1, h * 0.9),
      name(w * 0.9, h * 0.9),
    ],
  };
}
