import sharp from 'sharp';
import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import type { BlendEstimate, BlendSample } from '../../../imaging/blend-estimate.ts';
import { fitBlend } from '../../../imaging/blend-fit.ts';
import { compressionError, type Saving } from '../../../imaging/compression-noise.ts';
import { blendSampleOf } from '../../../imaging/blend-sample.ts';
import { PINHOLE_CELLS, sealPinholes } from '../../../imaging/pixel-grid.ts';
import { opaqueHolesSealed } from '../../../imaging/pinholes.ts';
import type { RgbPixels } from '../../../imaging/rgb-pixels.ts';
import { DECODE_LIMIT } from '../decode.ts';
import { pixelSource } from '../heic/decode-heic.ts';
import { savingOf } from './saving.ts';

/**
 * Images read for an estimate at most: the fit's error falls as one over the square root of
 * the count, so past a few dozen more images cost time and memory and add little. The
 * images given first (the surest) are read.
 */
export const ESTIMATE_IMAGES = 24;
/**
 * Images whose compression is made again to read the files' noise: it is the texture's and
 * the quality's, alike across a batch, so a few give it to a tenth of a level.
 */
const NOISE_IMAGES = 8;
/** Pixels of photo kept around each mark: what a repaint of its region draws from. */
export const CONTEXT_PX = 16;

/** Where a mark lies in images of one size, with what it does to the pixels there. */
export interface MarkEstimate extends ImageSize {
  /** One part per mark (a tiled mark has several), each its own box of the image. */
  parts: Array<{ box: Box; blend: BlendEstimate }>;
  /** How many images the estimate was made from. */
  images: number;
}

/** A mark found by the finder: its mask at the images' size and a box per mark. */
export interface FoundMark extends ImageSize {
  /** 1 where the mark may lie (the mark and its margin). */
  plane: Uint8Array;
  boxes: readonly Box[];
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * The boxes worked in: each mark's box widened by `CONTEXT_PX` and kept inside the image,
 * overlapping ones joined, so no pixel is un-blended twice. A tiled mark stays several
 * small boxes, which is what keeps the work per image the size of the marks, not the photo.
 */
export function workBoxes(mark: FoundMark): Box[] {
  const boxes = mark.boxes.map((box) => {
    const x = Math.max(0, box.x - CONTEXT_PX);
    const y = Math.max(0, box.y - CONTEXT_PX);
    return {
      x,
      y,
      width: Math.min(mark.width, box.x + box.width + CONTEXT_PX) - x,
      height: Math.min(mark.height, box.y + box.height + CONTEXT_PX) - y,
    };
  });
  for (let joined = true; joined;) {
    joined = false;
    for (let i = 0; i < boxes.length && !joined; i += 1) {
      for (let j = i + 1; j < boxes.length && !joined; j += 1) {
        if (overlaps(boxes[i] as Box, boxes[j] as Box)) {
          boxes[i] = union(boxes[i] as Box, boxes[j] as Box);
          boxes.splice(j, 1);
          joined = true;
        }
      }
    }
  }
  return boxes;
}

/** The part of a full-size plane a box covers. */
export function planeIn(plane: Uint8Array, width: number, box: Box): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.y + y) * width + box.x;
    out.set(plane.subarray(from, from + box.width), y * box.width);
  }
  return out;
}

/**
 * One box of an image at full resolution, upright, 8-bit sRGB: the decoder hands over only
 * these pixels, so a 12-megapixel photo costs the memory of its mark, not of itself.
 */
export async function readBox(file: string | Buffer, box: Box): Promise<RgbPixels> {
  const { data, info } = await sharp(file, { failOn: 'error', ...DECODE_LIMIT })
    .autoOrient()
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The smallest box holding all of `boxes` (at least one). */
export function boxAround(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const width = Math.max(...boxes.map((box) => box.x + box.width)) - x;
  const height = Math.max(...boxes.map((box) => box.y + box.height)) - y;
  return { x, y, width, height };
}

/** The part `box` of `pixels`, which hold the image from `origin` on. */
export function cutBox(pixels: RgbPixels, origin: { x: number; y: number }, box: Box): RgbPixels {
  const data = Buffer.alloc(box.width * box.height * 3);
  for (let y = 0; y < box.height; y += 1) {
    const from = ((box.y - origin.y + y) * pixels.width + box.x - origin.x) * 3;
    pixels.data.copy(data, y * box.width * 3, from, from + box.width * 3);
  }
  return { data, width: box.width, height: box.height };
}

/**
 * Below this share of the box around them all, boxes are read one by one: two small marks
 * in opposite corners cost their own memory, not the photo's.
 */
const READ_TOGETHER = 0.25;

/**
 * Several boxes of one image (`readBox`), decoded once when they cover much of the box
 * around them all: a tiled mark's eighteen tiles read one by one took six times as long as
 * one read of the whole photo, since each read decodes the JPEG from its top.
 */
export async function readBoxes(
  file: string | Buffer,
  boxes: readonly Box[],
): Promise<RgbPixels[]> {
  const [first] = boxes;
  if (!first || boxes.length === 1) return first ? [await readBox(file, first)] : [];
  const around = boxAround(boxes);
  const covered = boxes.reduce((sum, box) => sum + box.width * box.height, 0);
  if (covered < READ_TOGETHER * around.width * around.height) {
    const read: RgbPixels[] = [];
    for (const box of boxes) read.push(await readBox(file, box));
    return read;
  }
  const all = await readBox(file, around);
  return boxes.map((box) => cutBox(all, around, box));
}

/**
 * The fit of one box, with the pinholes of its mask that hold the mark sealed (see
 * `sealPinholes`, `opaqueHolesSealed`), each image's repaint made over that region. The
 * counters of a semi-transparent letter stay the photo's, as they are.
 */
async function fitSealed(
  box: Box,
  found: Uint8Array,
  observed: readonly RgbPixels[],
  saving: Saving | undefined,
): Promise<BlendEstimate> {
  const sealed = sealPinholes(found, box.width, box.height, PINHOLE_CELLS);
  const region = opaqueHolesSealed(found, sealed, observed, box.width);
  const samples: BlendSample[] = [];
  for (const pixels of observed) samples.push(await blendSampleOf(pixels, region));
  const noise = saving
    ? await compressionError(
        observed.slice(0, NOISE_IMAGES).map((pixels) => ({ pixels, plane: region })),
        saving,
      )
    : undefined;
  return fitBlend(samples, region, noise && Math.sqrt(noise.luma));
}

/**
 * The mark's colour and opacity, pixel by pixel at full resolution, from images that carry
 * it (the finder's present ones, surest first), box by box.
 */
export async function estimateMark(
  files: readonly string[],
  mark: FoundMark,
): Promise<MarkEstimate> {
  const used = files.slice(0, ESTIMATE_IMAGES);
  const [first] = used;
  const saving = first === undefined ? undefined : await savingOf(first);
  const boxes = workBoxes(mark).map((box) => ({
    box,
    region: planeIn(mark.plane, mark.width, box),
    observed: [] as RgbPixels[],
  }));
  // Image by image, so a HEIC photo (whose pixels sharp cannot read) is decoded once.
  for (const file of used) {
    const read = await readBoxes(
      await pixelSource(file),
      boxes.map(({ box }) => box),
    );
    read.forEach((pixels, k) => boxes[k]?.observed.push(pixels));
  }
  const parts: MarkEstimate['parts'] = [];
  for (const { box, region, observed } of boxes) {
    parts.push({ box, blend: await fitSealed(box, region, observed, saving) });
  }
  return { width: mark.width, height: mark.height, parts, images: used.length };
}
