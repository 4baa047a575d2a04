import sharp from 'sharp';
import {
  CORNERS,
  placeAtCorner,
  placeRect,
  type AnchoredRect,
  type Box,
  type Corner,
} from '../../../../src-shared/domain/mask-anchor.ts';
import { growPlane } from '../../../../src-shared/domain/mask-morphology.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import { said } from '../../i18n/core-words.ts';
import { DECODE_LIMIT } from '../decode.ts';
import { pixelSource } from '../heic/decode-heic.ts';
import { MIN_GROUP_IMAGES, PRESENCE_THRESHOLD, detectMark, type Detection } from './detect.ts';

/** The longest side the detector works at: a 12-megapixel photo is read at about 1000 × 750. */
const WORK_SIDE = 1000;
/** Larger images than this are read downscaled; smaller ones at their own size. */
const FULL_SIZE_UP_TO = 1200;
/** Pixels added around the mark at full size, so the service repaints its soft rim too. */
export const MASK_MARGIN = 3;

export interface SizedImage extends ImageSize {
  /** The file, read upright (after its EXIF turn), at this size. */
  path: string;
}

export interface ProposedImage extends SizedImage {
  /** How strongly the image carries the mark the group shares, 0 (not at all) to 1. */
  score: number;
  present: boolean;
}

export interface ProposedMask extends ImageSize {
  /** 1 where the service should repaint: the mark and a margin of `MASK_MARGIN` pixels. */
  plane: Uint8Array;
  /** The mark's pixels alone, without the margin. */
  core: Uint8Array;
  /** Where the mark was found, one box per mark (a tiled mark has several). */
  boxes: Box[];
}

/** Images that share a size, or (`anchor` a corner) photos of several sizes that share a corner. */
export interface ProposalGroup {
  anchor: 'size' | Corner;
  images: ProposedImage[];
  /** One mask per size in the group; empty when no mark was found. */
  masks: ProposedMask[];
  /**
   * The mark measured for cleaning on this computer (an encoded `MarkEstimate`), when it
   * was asked for and the group can be measured (see unblend/measurable.ts).
   */
  estimate?: Uint8Array;
}

export interface Proposal {
  groups: ProposalGroup[];
  /** Images the batch cannot speak for: too few of their size to tell a mark from a photo. */
  tooFew: SizedImage[];
}

/** Why an image is left to the user's own mask: too few images share its size. */
export function tooFewReason(): string {
  return said('core.finder.tooFew', { count: MIN_GROUP_IMAGES });
}

interface Working extends ImageSize {
  scale: number;
}

function workingSize(size: ImageSize): Working {
  const longest = Math.max(size.width, size.height);
  const scale = longest > FULL_SIZE_UP_TO ? WORK_SIDE / longest : 1;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
    scale,
  };
}

async function readGrey(file: string, size: ImageSize): Promise<Uint8Array> {
  const { data } = await sharp(await pixelSource(file), { failOn: 'error', ...DECODE_LIMIT })
    .autoOrient()
    .greyscale()
    .resize(size.width, size.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** Two at a time: sharp spreads each decode over its own threads already. */
async function readAll(files: readonly string[], size: ImageSize): Promise<Uint8Array[]> {
  const out: Uint8Array[] = new Array<Uint8Array>(files.length);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const k = next;
      next += 1;
      out[k] = await readGrey(files[k] as string, size);
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

/** A working-size plane at full size, nearest neighbour. */
function upscale(plane: Uint8Array, from: ImageSize, to: ImageSize): Uint8Array {
  if (from.width === to.width && from.height === to.height) return plane;
  const out = new Uint8Array(to.width * to.height);
  const columns = Int32Array.from({ length: to.width }, (_, x) =>
    Math.min(from.width - 1, Math.floor(((x + 0.5) * from.width) / to.width)),
  );
  for (let y = 0; y < to.height; y += 1) {
    const row =
      Math.min(from.height - 1, Math.floor(((y + 0.5) * from.height) / to.height)) * from.width;
    for (let x = 0; x < to.width; x += 1)
      out[y * to.width + x] = plane[row + (columns[x] as number)] as number;
  }
  return out;
}

function scaleBox(box: Box, factor: number): Box {
  return {
    x: Math.floor(box.x * factor),
    y: Math.floor(box.y * factor),
    width: Math.ceil(box.width * factor),
    height: Math.ceil(box.height * factor),
  };
}

/** The full-size mask for a detection made at working size. */
function fullMask(detection: Detection, work: Working, size: ImageSize): ProposedMask {
  const core = upscale(detection.core, work, size);
  return {
    width: size.width,
    height: size.height,
    core,
    plane: growPlane(
      core,
      size.width,
      size.height,
      MASK_MARGIN + (work.scale < 1 ? 1 / work.scale / 2 : 0),
    ),
    boxes: detection.boxes.map((box) => scaleBox(box, 1 / work.scale)),
  };
}

/** Each image with its score; with no mark found (or none at all), every one scores 0. */
function imagesOf(images: readonly SizedImage[], detection?: Detection): ProposedImage[] {
  const found = detection !== undefined && detection.boxes.length > 0;
  return images.map((image, k) => {
    const score = found ? (detection.scores[k] as number) : 0;
    return { ...image, score, present: found && score >= PRESENCE_THRESHOLD };
  });
}

async function sameSizeGroup(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<ProposalGroup> {
  const size = images[0] as SizedImage;
  const work = workingSize(size);
  const greys = await readAll(
    images.map((image) => image.path),
    work,
  );
  const detection = detectMark(
    greys,
    work.width,
    work.height,
    hint && scaleBox(placeRect(hint, size), work.scale),
  );
  return {
    anchor: 'size',
    images: imagesOf(images, detection),
    masks: detection.boxes.length > 0 ? [fullMask(detection, work, size)] : [],
  };
}

/** The part of a grey plane of one size that a window at a corner covers. */
function crop(grey: Uint8Array, size: ImageSize, window: ImageSize, corner: Corner): Uint8Array {
  const out = new Uint8Array(window.width * window.height);
  const left = corner.endsWith('right') ? size.width - window.width : 0;
  const top = corner.startsWith('bottom') ? size.height - window.height : 0;
  for (let y = 0; y < window.height; y += 1) {
    const from = (top + y) * size.width + left;
    out.set(grey.subarray(from, from + window.width), y * window.width);
  }
  return out;
}

/**
 * Photos of several sizes, too few of each to decide alone: every one read at one common
 * scale, the window all of them share cut from each corner in turn, and the corner where
 * the group shares the clearest mark kept. Marks stamped at a fixed size near a corner land
 * on the same pixels of that window in every photo.
 */
async function cornerGroup(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<ProposalGroup> {
  const window = {
    width: Math.min(...images.map((image) => image.width)),
    height: Math.min(...images.map((image) => image.height)),
  };
  const scale = workingSize(window).scale;
  const scaled = images.map((image) => ({
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  }));
  const greys = await Promise.all(
    images.map((image, k) => readGrey(image.path, scaled[k] as ImageSize)),
  );
  const work: Working = {
    width: Math.min(...scaled.map((size) => size.width)),
    height: Math.min(...scaled.map((size) => size.height)),
    scale,
  };
  let best: { corner: Corner; detection: Detection } | undefined;
  for (const corner of CORNERS) {
    const crops = greys.map((grey, k) => crop(grey, scaled[k] as ImageSize, work, corner));
    const detection = detectMark(
      crops,
      work.width,
      work.height,
      hint && scaleBox(placeRect(hint, window), scale),
    );
    if (detection.boxes.length > 0 && detection.strength > (best?.detection.strength ?? 0)) {
      best = { corner, detection };
    }
  }
  if (!best) return { anchor: 'top-left', images: imagesOf(images), masks: [] };
  const { corner, detection } = best;
  const windowMask = fullMask(detection, work, window);
  const sizes = [
    ...new Map(images.map((image) => [`${image.width}x${image.height}`, image])).values(),
  ];
  return {
    anchor: corner,
    images: imagesOf(images, detection),
    masks: sizes.map((size) => ({
      width: size.width,
      height: size.height,
      plane: placeAtCorner(windowMask.plane, window, size, corner),
      core: placeAtCorner(windowMask.core, window, size, corner),
      boxes: windowMask.boxes.map((box) => ({
        ...box,
        x: corner.endsWith('right') ? box.x + size.width - window.width : box.x,
        y: corner.startsWith('bottom') ? box.y + size.height - window.height : box.y,
      })),
    })),
  };
}

/**
 * One proposed mask per group of images: a group per size with at least three images, and
 * the images left over pooled by a shared corner when there are three of them or more.
 * Any image still alone is returned in `tooFew`, to be marked by hand.
 */
export async function proposeMasks(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<Proposal> {
  const bySize = new Map<string, SizedImage[]>();
  for (const image of images) {
    const key = `${image.width}x${image.height}`;
    bySize.set(key, [...(bySize.get(key) ?? []), image]);
  }
  const groups: ProposalGroup[] = [];
  const leftOver: SizedImage[] = [];
  for (const members of bySize.values()) {
    if (members.length >= MIN_GROUP_IMAGES) groups.push(await sameSizeGroup(members, hint));
    else leftOver.push(...members);
  }
  if (leftOver.length >= MIN_GROUP_IMAGES) {
    groups.push(await cornerGroup(leftOver, hint));
    return { groups, tooFew: [] };
  }
  return { groups, tooFew: leftOver };
}
