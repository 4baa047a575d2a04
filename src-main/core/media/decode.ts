import sharp from 'sharp';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/**
 * Decodes any image sharp reads into upright 8-bit sRGB. Transparent areas are flattened
 * onto black, so a transparent mask pixel reads as unmarked.
 */
export async function decodeRgb(input: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(input, { failOn: 'error' })
    .autoOrient()
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height, channels: 3 };
}

export interface ImageProbe {
  format: string;
  width: number;
  height: number;
}

/** Format and upright size, or undefined when the bytes are not an image sharp can read. */
export async function probeImage(input: Buffer): Promise<ImageProbe | undefined> {
  try {
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    if (!meta.format || !upright.width || !upright.height) return undefined;
    return { format: meta.format, width: upright.width, height: upright.height };
  } catch {
    return undefined;
  }
}
