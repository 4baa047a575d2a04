import { open, readFile } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_DECODE_PIXELS } from '../../../../src-shared/domain/limits.ts';
import { readHeader } from '../decode.ts';
import { exifOrientation, withOrientation } from '../exif-orientation.ts';
import { pngWithMetadata } from '../png-metadata.ts';
import { sniffFile, sniffImageType } from '../sniff.ts';
import { runWorker, workerScript } from '../../worker-thread.ts';
import { hasContainerTransform, metaBoxEnd } from './boxes.ts';

interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Decodes on a thread of its own: libheif in WebAssembly holds the thread it runs on for
 * 0.4 to 0.7 s with a 12-megapixel photo (measured on two shared cores), which the window
 * and the command line's progress must not wait on; off it, the main thread's longest
 * stall while a photo is read was 17 ms.
 */
async function decodeOffThread(bytes: Buffer): Promise<Rgba> {
  return runWorker<Rgba>(
    workerScript(import.meta.url, './worker.ts', './heic-worker.js'),
    { bytes },
    'The HEIC image could not be decoded',
  );
}

/** Turns pixels stored with an EXIF orientation upright (sharp mirrors before it rotates). */
function upright(image: Sharp, orientation: number): Sharp {
  const mirrored = orientation === 2 || orientation === 4 || orientation === 5 || orientation === 7;
  const turned = orientation === 4 ? image.flip() : mirrored ? image.flop() : image;
  const degrees = { 3: 180, 5: 270, 6: 90, 7: 90, 8: 270 }[orientation];
  return degrees ? turned.rotate(degrees) : turned;
}

/**
 * How a HEIC photo's decoded pixels still need turning: libheif applies the file's own
 * rotation and mirroring (`irot`, `imir`); the EXIF orientation counts only in a file
 * without them, since a phone that writes both means the same turn.
 */
function orientationLeft(bytes: Buffer, header: Metadata): number {
  return hasContainerTransform(bytes) ? 1 : exifOrientation(header.exif);
}

/** Enough of a HEIF file to hold its `meta` box in the common case (a phone's is a few KB). */
const HEAD_BYTES = 1024 * 1024;

/** A HEIF file up to the end of its `meta` box, where its item properties are. */
async function readUpToMeta(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const end = metaBoxEnd(head.subarray(0, bytesRead));
    if (end === undefined || end <= bytesRead) return head.subarray(0, bytesRead);
    const whole = Buffer.alloc(end);
    const { bytesRead: read } = await handle.read(whole, 0, end, 0);
    return whole.subarray(0, read);
  } finally {
    await handle.close();
  }
}

/**
 * A HEIC photo's upright size, from its header (which gives the size after `irot`) and its
 * `meta` box: nothing is decoded, and the pixels' part of the file is not read.
 */
export async function heicUprightSize(
  file: string,
  header: Metadata,
): Promise<{ width: number | undefined; height: number | undefined }> {
  const sideways = orientationLeft(await readUpToMeta(file), header) >= 5;
  return sideways
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height };
}

/**
 * A HEIC or HEIF photo as a lossless PNG sharp can read, upright (see `orientationLeft`),
 * with the photo's EXIF (its orientation reset) and colour profile.
 */
export async function heicAsPng(bytes: Buffer): Promise<Buffer> {
  const header = await readHeader(bytes);
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_DECODE_PIXELS) {
    throw new Error(`the HEIC image is ${header.width}×${header.height}, too large to decode`);
  }
  const decoded = await decodeOffThread(bytes);
  const { width, height } = decoded;
  const orientation = orientationLeft(bytes, header);
  const raw = sharp(Buffer.from(decoded.data.buffer), { raw: { width, height, channels: 4 } });
  const pixels = upright(header.hasAlpha ? raw : raw.removeAlpha(), orientation);
  // Fast compression: the copy is read once and thrown away; its pixels are what matter.
  const png = await pixels.png({ compressionLevel: 1 }).toBuffer();
  return pngWithMetadata(png, {
    ...(header.exif ? { exif: withOrientation(header.exif, 1) } : {}),
    ...(header.icc ? { icc: header.icc } : {}),
  });
}

/**
 * An image's bytes in a form sharp decodes: the file's own, or for a HEIC photo (whose
 * HEVC sharp does not decode) its upright lossless copy from `heicAsPng`.
 */
export async function pixelBytes(bytes: Buffer): Promise<Buffer> {
  return sniffImageType(bytes) === 'heic' ? heicAsPng(bytes) : bytes;
}

/** What sharp should open for an image file: its path, or a HEIC photo's copy from `heicAsPng`. */
export async function pixelSource(file: string): Promise<string | Buffer> {
  return (await sniffFile(file)) === 'heic' ? heicAsPng(await readFile(file)) : file;
}
