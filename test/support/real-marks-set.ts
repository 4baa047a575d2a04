import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { seeded, stamp } from './marked-scenes.ts';
import {
  KINDS,
  PHOTOS_PER_KIND,
  type Kind,
  type KindId,
  type Shape,
  type Size,
} from './real-marks-kinds.ts';
import { requireRealPhotos } from './real-photos.ts';
import { wallpapers } from './wallpaper-marks.ts';

/**
 * Issue #34's yardstick: crops of the desktop's real photographs (Debian's mate- and
 * gnome-backgrounds), each stamped with one of the six kinds of mark and saved as JPEG q85,
 * as stock previews are; beside each, the clean crop as PNG (before any JPEG) and the mark
 * exactly as laid (its opacity and colour per pixel). Built once per `REAL_MARKS_VERSION`
 * and kept, so a second benchmark run starts at once.
 */

/** Change it whenever what is built changes: a kept set of another version is not read. */
export const REAL_MARKS_VERSION = 'real-marks-1';

/** What one pixel of the mark is: its opacity (0–1) and its colour where it lies. */
export interface MarkLayer {
  /** The box of the image the mark lies in. */
  box: { x: number; y: number; width: number; height: number };
  alpha: Float32Array;
  /** RGB per pixel of the box. */
  colour: Uint8Array;
}

export interface SetPhoto {
  kind: KindId;
  name: string;
  width: number;
  height: number;
  /** The stamped photo, JPEG q85: what the user has. */
  input: string;
  /** The same crop before the mark and before JPEG, PNG. */
  clean: string;
  /** The mark as laid (`readLayer`). */
  mark: string;
  /** The wallpaper it was cut from. */
  source: string;
}

export interface KindSet {
  kind: Kind;
  /** The folder holding the kind's stamped photos alone: what `clearframe remove` is given. */
  inputs: string;
  photos: SetPhoto[];
}

export interface RealMarksSet {
  root: string;
  kinds: KindSet[];
}

const MANIFEST = 'manifest.json';

/** Smaller images are icons, not photographs (gnome's vnc-*.webp are 256 pixels). */
const LEAST_SOURCE_SIDE = 1000;

/** The installed photographs to cut from; stops with what to install when they are missing. */
async function sourcePhotos(): Promise<string[]> {
  await requireRealPhotos();
  const all = wallpapers(28);
  const sides = await Promise.all(all.map((file) => sharp(file).metadata()));
  return all.filter(
    (_, i) => Math.min(sides[i]?.width ?? 0, sides[i]?.height ?? 0) >= LEAST_SOURCE_SIDE,
  );
}

/** A crop of the wallpaper with the size's shape (55 to 100 % of the largest), at that size. */
async function cropOf(source: string, size: Size, random: () => number): Promise<Buffer> {
  const meta = await sharp(source).metadata();
  const sw = meta.width ?? 0;
  const sh = meta.height ?? 0;
  const aspect = size.width / size.height;
  const fullWidth = Math.min(sw, sh * aspect);
  const zoom = 0.55 + random() * 0.45;
  const width = Math.max(1, Math.floor(fullWidth * zoom));
  const height = Math.max(1, Math.floor(width / aspect));
  return sharp(source)
    .extract({
      left: Math.floor(random() * (sw - width)),
      top: Math.floor(random() * (sh - height)),
      width,
      height,
    })
    .resize(size.width, size.height, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

/**
 * Lays each shape on the photo with `stamp` (in order, as it is drawn), and the same shapes
 * over each other into one layer: opacity a = 1 − Π(1 − aᵢ), colour the premultiplied sum over
 * a, so photo × (1 − a) + colour × a is the stamped photo.
 */
function stampShapes(rgb: Buffer, size: Size, shapes: readonly Shape[]): MarkLayer {
  const left = Math.max(0, Math.min(...shapes.map((s) => s.x)));
  const top = Math.max(0, Math.min(...shapes.map((s) => s.y)));
  const right = Math.min(size.width, Math.max(...shapes.map((s) => s.x + s.alpha.width)));
  const bottom = Math.min(size.height, Math.max(...shapes.map((s) => s.y + s.alpha.height)));
  const box = { x: left, y: top, width: right - left, height: bottom - top };
  const alpha = new Float32Array(box.width * box.height);
  const premultiplied = new Float32Array(box.width * box.height * 3);
  for (const shape of shapes) {
    stamp(rgb, size.width, shape.alpha, shape.x, shape.y, shape.opacity, shape.colour);
    for (let v = 0; v < shape.alpha.height; v += 1) {
      for (let u = 0; u < shape.alpha.width; u += 1) {
        const a = (shape.alpha.data[v * shape.alpha.width + u] as number) * shape.opacity;
        if (a === 0) continue;
        const i = (shape.y + v - top) * box.width + shape.x + u - left;
        alpha[i] = (alpha[i] as number) * (1 - a) + a;
        for (let c = 0; c < 3; c += 1) {
          const p = premultiplied[i * 3 + c] as number;
          premultiplied[i * 3 + c] = p * (1 - a) + (shape.colour[c] as number) * a;
        }
      }
    }
  }
  const colour = new Uint8Array(box.width * box.height * 3);
  for (let i = 0; i < alpha.length; i += 1) {
    const a = alpha[i] as number;
    if (a === 0) continue;
    for (let c = 0; c < 3; c += 1) {
      colour[i * 3 + c] = Math.round((premultiplied[i * 3 + c] as number) / a);
    }
  }
  return { box, alpha, colour };
}

/** The clean photo with the mark laid exactly, photo × (1 − a) + colour × a, before any rounding. */
export function withMark(clean: Uint8Array, layer: MarkLayer, width: number): Float32Array {
  const out = Float32Array.from(clean);
  const { box } = layer;
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      const k = y * box.width + x;
      const a = layer.alpha[k] as number;
      const i = ((box.y + y) * width + box.x + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        out[i + c] = (clean[i + c] as number) * (1 - a) + (layer.colour[k * 3 + c] as number) * a;
      }
    }
  }
  return out;
}

/** The layer as kept: its box (four 32-bit numbers), opacities (float32), colours; gzipped. */
function encodeLayer(layer: MarkLayer): Buffer {
  const { box } = layer;
  const head = Buffer.from(new Int32Array([box.x, box.y, box.width, box.height]).buffer);
  const alpha = Buffer.from(layer.alpha.buffer, layer.alpha.byteOffset, layer.alpha.byteLength);
  return gzipSync(Buffer.concat([head, alpha, Buffer.from(layer.colour)]), { level: 1 });
}

/** The mark of a photo of the set, exactly as it was laid. */
export async function readLayer(file: string): Promise<MarkLayer> {
  const bytes = gunzipSync(await readFile(file));
  const head = new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 16));
  const [x = 0, y = 0, width = 0, height = 0] = head;
  const pixels = width * height;
  const alpha = new Float32Array(
    bytes.buffer.slice(bytes.byteOffset + 16, bytes.byteOffset + 16 + pixels * 4),
  );
  const colour = new Uint8Array(bytes.subarray(16 + pixels * 4, 16 + pixels * 7));
  return { box: { x, y, width, height }, alpha, colour };
}

/** The photos of one kind: each a different wallpaper (in turn) or another crop of one. */
async function buildKind(
  root: string,
  kind: Kind,
  index: number,
  count: number,
  sources: readonly string[],
): Promise<KindSet> {
  const random = seeded(340 + index);
  const inputs = path.join(root, kind.id, 'input');
  const kept = path.join(root, kind.id, 'clean');
  await mkdir(inputs, { recursive: true });
  await mkdir(kept, { recursive: true });
  const photos: SetPhoto[] = [];
  // A smaller set takes the first photos: any four consecutive ones hold the four sizes.
  for (let k = 0; k < count; k += 1) {
    const size = kind.sizes[k] as Size;
    const source = sources[(k + index * 5) % sources.length] as string;
    const rgb = await cropOf(source, size, random);
    const name = `${kind.id}-${String(k).padStart(2, '0')}`;
    const clean = path.join(kept, `${name}.png`);
    await sharp(rgb, { raw: { ...size, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toFile(clean);
    const layer = stampShapes(rgb, size, kind.shapes(size));
    const mark = path.join(kept, `${name}.mark.gz`);
    await writeFile(mark, encodeLayer(layer));
    const input = path.join(inputs, `${name}.jpg`);
    await sharp(rgb, { raw: { ...size, channels: 3 } })
      .jpeg({ quality: 85 })
      .toFile(input);
    photos.push({ kind: kind.id, name, ...size, input, clean, mark, source });
  }
  return { kind, inputs, photos };
}

interface Manifest {
  version: string;
  kinds: Array<{ id: KindId; inputs: string; photos: SetPhoto[] }>;
}

function fromManifest(root: string, manifest: Manifest): RealMarksSet {
  return {
    root,
    kinds: manifest.kinds.map((entry) => {
      const kind = KINDS.find((k) => k.id === entry.id);
      if (!kind) throw new Error(`The kept set at ${root} names a kind this code lacks.`);
      return { kind, inputs: entry.inputs, photos: entry.photos };
    }),
  };
}

/** Where the set is kept: the system's temporary folder, by version and size. */
export function keptSetFolder(perKind = PHOTOS_PER_KIND): string {
  return path.join(os.tmpdir(), 'clearframe-real-marks', `${REAL_MARKS_VERSION}-${perKind}`);
}

/**
 * The set in `root` (by default the kept one of this version), built there first when it is
 * not yet complete. It is built in a folder of its own and moved in whole, so a build cut
 * short is never read as a set.
 */
export async function realMarksSet(
  options: { root?: string; perKind?: number } = {},
): Promise<RealMarksSet> {
  const perKind = options.perKind ?? PHOTOS_PER_KIND;
  const root = options.root ?? keptSetFolder(perKind);
  const manifestFile = path.join(root, MANIFEST);
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.version === REAL_MARKS_VERSION) return fromManifest(root, manifest);
    await rm(root, { recursive: true, force: true });
  }
  const sources = await sourcePhotos();
  const building = `${root}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  const kinds: KindSet[] = [];
  for (const [index, kind] of KINDS.entries()) {
    kinds.push(await buildKind(building, kind, index, perKind, sources));
  }
  // Paths are written as they will be once the folder is moved in.
  const moved = (file: string) => path.join(root, path.relative(building, file));
  const manifest: Manifest = {
    version: REAL_MARKS_VERSION,
    kinds: kinds.map((set) => ({
      id: set.kind.id,
      inputs: moved(set.inputs),
      photos: set.photos.map((photo) => ({
        ...photo,
        input: moved(photo.input),
        clean: moved(photo.clean),
        mark: moved(photo.mark),
      })),
    })),
  };
  await writeFile(path.join(building, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  await mkdir(path.dirname(root), { recursive: true });
  await rename(building, root).catch(async (error: NodeJS.ErrnoException) => {
    // Another run built it meanwhile: its set is the same one.
    if (!existsSync(manifestFile)) throw error;
    await rm(building, { recursive: true, force: true });
  });
  return fromManifest(root, manifest);
}
