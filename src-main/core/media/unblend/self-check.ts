import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Box } from '../../../../src-shared/domain/mask-anchor.ts';
import type { BlendEstimate } from '../../../imaging/blend-estimate.ts';
import { compressionError } from '../../../imaging/compression-noise.ts';
import type { RgbPixels } from '../../../imaging/rgb-pixels.ts';
import { boundsOf } from '../../../imaging/pixel-grid.ts';
import { rgbToYcc, yccToRgb } from '../../../imaging/ycc.ts';
import { pixelSource } from '../heic/decode-heic.ts';
import {
  ESTIMATE_IMAGES,
  boxAround,
  cutBox,
  estimateMark,
  readBox,
  type MarkEstimate,
} from './mark-estimate.ts';
import { recoverImage } from './recover.ts';
import { savingOf } from './saving.ts';
import type { Busyness } from './self-check-places.ts';
import { JPEG_GRID, busynessOf, likeTheMark, placesFor } from './self-check-places.ts';

/**
 * Photos of the group the copies are cut from, at most: one copy each where the group has
 * as many as the measurement read, since what lies under a mark varies most from photo to
 * photo (with 8 photos and several places each, the figure strayed 4 to 7 dB on an opaque
 * logo). Each is decoded once, which at 12 megapixels is most of the check's time.
 */
const PHOTOS = ESTIMATE_IMAGES;
/** Places looked at per part, away from the mark and from one another. */
const PLACES = 16;
/** A tiled mark's parts are alike: the largest few stand for all. */
const PARTS = 2;
/** The figure for no error at all, as the bench prints it (a bit-identical result). */
const PERFECT_DB = 99;

/** What the engine is expected to leave of a group's photos under the mark. */
export interface SelfCheck {
  /** Expected PSNR inside the mark's region (the mask: the mark grown 3 px), in dB. */
  db: number;
  /** Boxes lifted to measure it. */
  boxes: number;
}

/** How the group's files were saved, so the copies are saved alike: compression and all. */
type Saving = Awaited<ReturnType<typeof savingOf>>;

/** Lays the measured mark over `pixels` where its region is, as the blend did: I = keep·J + lift. */
export function blendInto(pixels: RgbPixels, blend: BlendEstimate): void {
  const { data } = pixels;
  const { region, keepLuma, keepChroma, lift } = blend;
  const ycc = new Float32Array(3);
  for (let p = 0; p < region.length; p += 1) {
    if (!region[p]) continue;
    const at = p * 3;
    rgbToYcc(data[at] as number, data[at + 1] as number, data[at + 2] as number, ycc, 0);
    const luma = keepLuma[p] as number;
    const chroma = keepChroma[p] as number;
    yccToRgb(
      luma * (ycc[0] as number) + (lift[at] as number),
      chroma * (ycc[1] as number) + (lift[at + 1] as number),
      chroma * (ycc[2] as number) + (lift[at + 2] as number),
      data,
      at,
    );
  }
}

/** A place's part of a photo, read from the JPEG grid's corner before it, and where the place lies in it. */
interface Patch {
  /** The photo there, as it is: what a perfect lift gives back. */
  truth: RgbPixels;
  /** The photo of the place's box on its own grid, for what its first compression cost. */
  held: RgbPixels;
  /** The mask at the place, at the patch's size. */
  plane: Uint8Array;
}

/** Part of a photo read once, at its place in the photo, for the copies cut from it. */
interface Piece {
  pixels: RgbPixels;
  x: number;
  y: number;
}

/**
 * How far a copy's photo is read off the grid its file was compressed on: half a block of
 * brightness. On its own grid a decoded JPEG saved again gives back nearly what it held, so
 * the copies lost almost none of the photo's texture to their compression where the user's
 * photos lost its fine detail under the mark, which un-blending magnifies: on tiled text
 * (22 %, 24 photos) the check promised 38.0 dB where the engine gave 35.1. Read 4 px off,
 * the photo is compressed afresh (about 0.7 of what its first compression cost, on every
 * kind of the real-marks set) while the mark still meets the copy's blocks as it meets the
 * photos'.
 */
const TEXTURE_SHIFT = 4;

/** The box from the JPEG grid's corner before a place to the place's far corner. */
function onGrid(place: Box): Box {
  const x = place.x - (place.x % JPEG_GRID);
  const y = place.y - (place.y % JPEG_GRID);
  return { x, y, width: place.x + place.width - x, height: place.y + place.height - y };
}

/** The shift along one side that keeps `from`…`from + length` inside `0…size`: forward, else back. */
function shiftWithin(from: number, length: number, size: number): number {
  if (from + TEXTURE_SHIFT + length <= size) return TEXTURE_SHIFT;
  return from >= TEXTURE_SHIFT ? -TEXTURE_SHIFT : 0;
}

/**
 * One copy to make at a place: the part of the photo it is made from (`box`, the size of the
 * place's box on the grid, so the mark sits in the copy's blocks as in the photos', read
 * `TEXTURE_SHIFT` off that grid) and the place's box on the grid (`grid`).
 */
interface Copy {
  place: Box;
  box: Box;
  grid: Box;
}

function copyAt(place: Box, size: { width: number; height: number }): Copy {
  const grid = onGrid(place);
  const box = {
    ...grid,
    x: grid.x + shiftWithin(grid.x, grid.width, size.width),
    y: grid.y + shiftWithin(grid.y, grid.height, size.height),
  };
  return { place, box, grid };
}

/**
 * The part of a photo that holds all these places, decoded once: a JPEG is decoded from its
 * top whatever part is asked for, so one read a photo, not one a copy.
 */
async function readPiece(source: string | Buffer, boxes: readonly Box[]): Promise<Piece> {
  const around = boxAround(boxes);
  return { pixels: await readBox(source, around), x: around.x, y: around.y };
}

const cutFrom = (piece: Piece, box: Box): RgbPixels => cutBox(piece.pixels, piece, box);

/**
 * One place of one photo made into a marked image: the photo of the copy's box (`copyAt`),
 * the measured mark laid over it where the place lies in it, saved into `file` as the
 * user's photos were saved (or as PNG when they are lossless).
 */
async function markedCopy(
  piece: Piece,
  { place, box, grid }: Copy,
  blend: BlendEstimate,
  saving: Saving,
  file: string,
): Promise<Patch> {
  const { width, height } = box;
  // Where the mark lies in the copy: as far into its first block as the place lies into its own.
  const left = place.x % JPEG_GRID;
  const top = place.y % JPEG_GRID;
  const truth = cutFrom(piece, box);
  const marked = { data: Buffer.alloc(place.width * place.height * 3), ...place };
  const plane = new Uint8Array(width * height);
  for (let y = 0; y < place.height; y += 1) {
    const from = ((top + y) * width + left) * 3;
    truth.data.copy(marked.data, y * place.width * 3, from, from + place.width * 3);
    plane.set(
      blend.region.subarray(y * place.width, (y + 1) * place.width),
      (top + y) * width + left,
    );
  }
  blendInto(marked, blend);
  const canvas = Buffer.from(truth.data);
  for (let y = 0; y < place.height; y += 1) {
    const to = ((top + y) * width + left) * 3;
    marked.data.copy(canvas, to, y * place.width * 3, (y + 1) * place.width * 3);
  }
  const image = sharp(canvas, { raw: { width, height, channels: 3 } });
  await (saving ? image.jpeg(saving) : image.png()).toFile(file);
  return { truth, held: cutFrom(piece, grid), plane };
}

/** The box around a plane's marked pixels, in the finder's terms. */
function regionBox(plane: Uint8Array, width: number, height: number): Box {
  const bounds = boundsOf(plane, width, height, 0) ?? { left: 0, top: 0, width, height };
  return { x: bounds.left, y: bounds.top, width: bounds.width, height: bounds.height };
}

/**
 * One part of the mark checked: marked copies at `copies` (as many as the estimate had
 * images, so the measurement made from them errs as much as the real one), the mark
 * measured again from them by the engine, each lifted with that measurement and compared
 * with what was there. Returns the summed squared error in the mask and the values counted.
 */
async function checkPart(
  part: MarkEstimate['parts'][number],
  copies: ReadonlyArray<Copy & { piece: Piece }>,
  saving: Saving,
  dir: string,
): Promise<{ squared: number; values: number; boxes: number }> {
  const made: Array<{ file: string; patch: Patch }> = [];
  for (const [k, { piece, ...copy }] of copies.entries()) {
    const file = path.join(dir, `copy-${k}.${saving ? 'jpg' : 'png'}`);
    made.push({ file, patch: await markedCopy(piece, copy, part.blend, saving, file) });
  }
  const [first] = made;
  if (!first) return { squared: 0, values: 0, boxes: 0 };
  const { width, height } = first.patch.truth;
  const remeasured = await estimateMark(
    made.map(({ file }) => file),
    {
      width,
      height,
      plane: first.patch.plane,
      boxes: [regionBox(first.patch.plane, width, height)],
    },
  );
  let squared = 0;
  let values = 0;
  for (const { file, patch } of made) {
    for (const { box, data } of await recoverImage(file, remeasured)) {
      for (let y = 0; y < box.height; y += 1) {
        for (let x = 0; x < box.width; x += 1) {
          const p = (box.y + y) * width + box.x + x;
          if (!patch.plane[p]) continue;
          for (let c = 0; c < 3; c += 1) {
            const lifted = data[(y * box.width + x) * 3 + c] as number;
            squared += (lifted - (patch.truth.data[p * 3 + c] as number)) ** 2;
          }
          values += 3;
        }
      }
    }
  }
  // A copy is compared with the photo as the user's file holds it, already compressed once,
  // and compressed afresh it loses less than the clean photo the user lost did (about 0.7 of
  // it): what a fresh compression on the photo's own grid moves (about 0.3 to 0.45 of it)
  // stands for the rest and is added. Measured both ways on the real-marks set, the check
  // falls within 1.4 dB of the engine on every kind.
  const floor = saving
    ? (
        await compressionError(
          made.map(({ patch }) => ({ pixels: patch.held, plane: patch.plane })),
          saving,
        )
      ).rgb
    : 0;
  return { squared: squared + floor * values, values, boxes: made.length };
}

/**
 * The engine measured on the user's own batch before anything is written. For the largest
 * parts of the mark, the mark as measured is laid over places of the group's photos where
 * there is no mark (the part's box, away from the mark, on the same JPEG grid), each saved
 * as the user's photos were; the engine measures the mark from those copies (as many as
 * the real measurement read, so it errs as much) and lifts each, and what it gives back is
 * compared with what was there: PSNR inside the mask (the mark grown 3 px), the measure the
 * bench takes against the clean photo, with what a fresh compression costs there added (see
 * `compressionError`). Undefined when no place is free of the mark.
 */
export async function selfCheck(
  files: readonly string[],
  estimate: MarkEstimate,
): Promise<SelfCheck | undefined> {
  const [first] = files;
  if (!first) return undefined;
  const saving = await savingOf(first);
  const photos: Array<{ source: string | Buffer; busy: Busyness }> = [];
  for (const file of files.slice(0, Math.min(PHOTOS, estimate.images))) {
    const source = await pixelSource(file);
    photos.push({ source, busy: await busynessOf(source, estimate.width) });
  }
  const parts = [...estimate.parts]
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
    .slice(0, PARTS);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-self-check-'));
  try {
    let squared = 0;
    let values = 0;
    let boxes = 0;
    for (const part of parts) {
      const places = placesFor(estimate, part.box, PLACES);
      if (places.length === 0 || photos.length === 0) continue;
      const inner = regionBox(part.blend.region, part.box.width, part.box.height);
      const marked = { ...inner, x: part.box.x + inner.x, y: part.box.y + inner.y };
      // From each photo, the places most like what surrounds the mark there, read at once.
      const perPhoto = Math.ceil(estimate.images / photos.length);
      const copies: Array<Copy & { piece: Piece }> = [];
      for (const { source, busy } of photos) {
        if (copies.length >= estimate.images) break;
        const liked = likeTheMark(busy, part.box, marked, places, perPhoto);
        const chosen = liked.map((place) => copyAt(place, estimate));
        const piece = await readPiece(
          source,
          chosen.flatMap(({ box, grid }) => [box, grid]),
        );
        for (const copy of chosen.slice(0, estimate.images - copies.length)) {
          copies.push({ piece, ...copy });
        }
      }
      const checked = await checkPart(part, copies, saving, dir);
      squared += checked.squared;
      values += checked.values;
      boxes += checked.boxes;
    }
    if (values === 0) return undefined;
    const mse = squared / values;
    const db = mse === 0 ? PERFECT_DB : Math.min(PERFECT_DB, 10 * Math.log10((255 * 255) / mse));
    return { db, boxes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
