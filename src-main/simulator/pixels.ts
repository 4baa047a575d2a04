import sharp from 'sharp';

/** The container format sharp finds, or undefined for bytes it cannot read. */
export async function storedFormat(input: Buffer): Promise<string | undefined> {
  try {
    return (await sharp(input, { limitInputPixels: false }).metadata()).format;
  } catch {
    return undefined;
  }
}
