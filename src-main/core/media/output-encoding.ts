/**
 * How a result is encoded: in its input's format and, where sharp can, the way the input was
 * (a JPEG's quality and chroma layout, a lossless WebP losslessly), with the input's metadata.
 */

import sharp, { type Sharp } from 'sharp';
import { DECODE_LIMIT } from './decode.ts';
import { chromaSubsamplingOf, readJpegEncoding } from './jpeg-tables.ts';
import type { OutputFormat } from './output-names.ts';

/**
 * How the input was encoded, where the result can be encoded alike: a JPEG at the quality
 * its own tables show, with its chroma layout, so its size and look stay the source's; a
 * lossless WebP losslessly.
 */
export interface SourceEncoding {
  jpeg?: { quality: number; chromaSubsampling: '4:2:0' | '4:4:4'; progressive: boolean };
  losslessWebp?: boolean;
}

export function sourceEncodingOf(bytes: Buffer, format: string | undefined): SourceEncoding {
  if (format === 'jpeg') {
    const read = readJpegEncoding(bytes);
    return read
      ? {
          jpeg: {
            quality: read.quality,
            chromaSubsampling: chromaSubsamplingOf(read.sampling),
            progressive: read.progressive,
          },
        }
      : {};
  }
  return format === 'webp' ? { losslessWebp: isLosslessWebp(bytes) } : {};
}

/** A WebP whose first image chunk is VP8L (lossless) rather than VP8 (lossy). */
function isLosslessWebp(bytes: Buffer): boolean {
  for (
    let at = 12;
    at + 8 <= bytes.length;
    at += 8 + bytes.readUInt32LE(at + 4) + (bytes.readUInt32LE(at + 4) % 2)
  ) {
    const fourcc = bytes.toString('latin1', at, at + 4);
    if (fourcc === 'VP8L') return true;
    if (fourcc === 'VP8 ') return false;
  }
  return false;
}

/**
 * The pipeline's output in `format`. With `forBlockCopy`, a JPEG's Huffman tables are the
 * standard ones rather than fitted to the image: the block copy codes the result again with
 * tables of its own, so fitting them here (half of the encoder's time) would be thrown away.
 */
export function encodeAs(
  pipeline: Sharp,
  format: OutputFormat,
  source: SourceEncoding,
  { forBlockCopy = false }: { forBlockCopy?: boolean } = {},
): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({
        ...(source.jpeg ?? { quality: 95, chromaSubsampling: '4:4:4' }),
        ...(forBlockCopy ? { optimiseCoding: false } : {}),
      });
    case 'webp':
      return pipeline.webp(source.losslessWebp ? { lossless: true } : { quality: 95 });
    case 'tiff':
      return pipeline.tiff({ compression: 'lzw' });
    case 'gif':
      return pipeline.gif();
    case 'avif':
    case 'heif':
      return pipeline.avif({ quality: 80 });
    case 'png':
      return pipeline.png();
  }
}
/** Pixels to write: raw ones, or an encoded image. */
export interface Painted {
  input: Buffer;
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The painted pixels with the input's metadata: they replace the upright input's in a
 * composite, so its EXIF and ICC travel with them (sharp attaches metadata from an input
 * only, and the composite's base is decoded for nothing else); its orientation tag is
 * reset because the pixels are already upright. A composite premultiplies by alpha, which
 * rounds the colours of translucent pixels, so the colours replace an opaque copy of the
 * input, kept losslessly, and the alpha is joined to them after.
 */
export async function withInputMetadata(inputBytes: Buffer, painted: Painted): Promise<Sharp> {
  const { raw } = painted;
  const transparent = raw && (raw.channels === 2 || raw.channels === 4);
  let colour: Painted = painted;
  let alpha: Buffer | undefined;
  if (transparent) {
    const colours = (raw.channels - 1) as 1 | 3;
    const pixels = raw.width * raw.height;
    const colourData = Buffer.alloc(pixels * colours);
    alpha = Buffer.alloc(pixels);
    for (let p = 0; p < pixels; p += 1) {
      painted.input.copy(colourData, p * colours, p * raw.channels, p * raw.channels + colours);
      alpha[p] = painted.input[p * raw.channels + colours] as number;
    }
    colour = { input: colourData, raw: { ...raw, channels: colours } };
  }
  // The composite adds an alpha channel, taken off again.
  const replaced = sharp(inputBytes, DECODE_LIMIT)
    .autoOrient()
    .removeAlpha()
    .composite([{ ...colour, left: 0, top: 0, blend: 'source' }])
    .removeAlpha()
    .keepMetadata();
  if (!raw || !alpha) return replaced;
  const opaque = await replaced.png({ compressionLevel: 1 }).toBuffer();
  return sharp(opaque)
    .joinChannel(alpha, { raw: { width: raw.width, height: raw.height, channels: 1 } })
    .keepMetadata();
}
