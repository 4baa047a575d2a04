import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { seeded, stamp, textMark, type Alpha } from './marked-scenes.ts';

/**
 * A batch of real photos (the wallpapers Debian's mate-backgrounds and gnome-backgrounds
 * install) cropped to four sizes, carrying one semi-transparent white mark, text and a ring,
 * at the bottom-right corner: the walkthrough's folder of issue #33, where generated scenes
 * were too kind to the watermark finder. Built at test time from the system's photos.
 */

const MATE = '/usr/share/backgrounds/mate';
const GNOME = '/usr/share/backgrounds/gnome';

/** Photos, not drawings: the finder's trouble is with real textures, skies and grass. */
export const REAL_PHOTOS = [
  `${MATE}/nature/Aqua.jpg`,
  `${MATE}/nature/Blinds.jpg`,
  `${MATE}/nature/Dune.jpg`,
  `${MATE}/nature/FreshFlower.jpg`,
  `${MATE}/nature/Garden.jpg`,
  `${MATE}/nature/GreenMeadow.jpg`,
  `${MATE}/nature/LadyBird.jpg`,
  `${MATE}/nature/RainDrops.jpg`,
  `${MATE}/nature/Storm.jpg`,
  `${MATE}/nature/TwoWings.jpg`,
  `${MATE}/nature/Wood.jpg`,
  `${MATE}/nature/YellowFlower.jpg`,
  `${MATE}/abstract/Elephants.jpg`,
  `${GNOME}/wood-d.webp`,
] as const;

/** Fails with what to install when the system's photos are not there: never a skipped test. */
export async function requireRealPhotos(): Promise<void> {
  const missing: string[] = [];
  for (const file of REAL_PHOTOS) {
    await access(file).catch(() => missing.push(file));
  }
  if (missing.length > 0) {
    throw new Error(
      `The real-photo tests need Debian's wallpapers, missing here: ${missing.join(', ')}. ` +
        'Install them with `sudo apt-get install mate-backgrounds gnome-backgrounds`.',
    );
  }
}

export interface RealMarked {
  path: string;
  /** The file's path from the batch's root folder, as the window names it. */
  relative: string;
  width: number;
  height: number;
  /** Where the mark's coverage lies, and how large it is drawn on this image. */
  at: { x: number; y: number };
  mark: Alpha;
}

/** A ring and block letters side by side, as a photographer's logo and name. */
function logoMark(scale: number): Alpha {
  const text = textMark(seeded(33), 5, Math.round(6 * scale), Math.max(2, Math.round(4 * scale)));
  const ring = Math.round(text.height * 1.1);
  const gap = Math.round(10 * scale);
  const width = ring + gap + text.width;
  const height = Math.max(ring, text.height);
  const data = new Float32Array(width * height);
  const centre = ring / 2;
  const outer = ring / 2 - 0.5;
  const inner = outer - Math.max(2, 5 * scale);
  const fine = 4;
  for (let y = 0; y < ring; y += 1) {
    for (let x = 0; x < ring; x += 1) {
      let inside = 0;
      for (let v = 0; v < fine; v += 1) {
        for (let u = 0; u < fine; u += 1) {
          const d = Math.hypot(x + (u + 0.5) / fine - centre, y + (v + 0.5) / fine - centre);
          if (d <= outer && d >= inner) inside += 1;
        }
      }
      data[(y + Math.floor((height - ring) / 2)) * width + x] = inside / (fine * fine);
    }
  }
  const top = Math.floor((height - text.height) / 2);
  for (let y = 0; y < text.height; y += 1) {
    for (let x = 0; x < text.width; x += 1) {
      data[(y + top) * width + ring + gap + x] = text.data[y * text.width + x] as number;
    }
  }
  return { width, height, data };
}

interface Planned {
  size: { width: number; height: number };
  /** The mark drawn in proportion to the width (1200 px wide: the mark's own size). */
  scaled: boolean;
}

/**
 * The walkthrough's sizes: 8 landscape and 6 portrait photos of a camera's small size, 4 of
 * 800×600 and 2 large ones of 2400×1600 whose mark was scaled with their width.
 */
const PLAN: Planned[] = [
  ...Array.from({ length: 8 }, () => ({ size: { width: 1200, height: 900 }, scaled: false })),
  ...Array.from({ length: 6 }, () => ({ size: { width: 900, height: 1200 }, scaled: false })),
  ...Array.from({ length: 4 }, () => ({ size: { width: 800, height: 600 }, scaled: false })),
  ...Array.from({ length: 2 }, () => ({ size: { width: 2400, height: 1600 }, scaled: true })),
];

/** Distance of the mark from the bottom and right sides, at 1200 px wide. */
const INSET = 24;
const MARK_OPACITY = 0.45;

/**
 * Writes the batch as JPEG q85 into `root`/a and `root`/b, the same names in both folders
 * (IMG_0001.jpg…), each photo a different crop of a different wallpaper within its size.
 */
export async function realMarkedBatch(root: string): Promise<RealMarked[]> {
  await requireRealPhotos();
  const out: RealMarked[] = [];
  const bySize = new Map<string, number>();
  for (const [k, planned] of PLAN.entries()) {
    const { width, height } = planned.size;
    const key = `${width}x${height}`;
    const within = bySize.get(key) ?? 0;
    bySize.set(key, within + 1);
    // Photos of one size come from different wallpapers; the sizes start at different ones.
    const source = REAL_PHOTOS[(within * 3 + bySize.size * 5) % REAL_PHOTOS.length] as string;
    const positions = ['centre', 'north', 'south', 'east', 'west'] as const;
    const rgb = await sharp(source)
      .removeAlpha()
      .resize(width, height, { fit: 'cover', position: positions[(k + within) % positions.length] })
      .raw()
      .toBuffer();
    const scale = planned.scaled ? width / 1200 : 1;
    const mark = logoMark(scale);
    const inset = Math.round(INSET * scale);
    const at = { x: width - inset - mark.width, y: height - inset - mark.height };
    stamp(rgb, width, mark, at.x, at.y, MARK_OPACITY);
    const folder = k % 2 === 0 ? 'a' : 'b';
    const name = `IMG_${String(Math.floor(k / 2) + 1).padStart(4, '0')}.jpg`;
    const file = path.join(root, folder, name);
    await mkdir(path.dirname(file), { recursive: true });
    await sharp(rgb, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toFile(file);
    out.push({ path: file, relative: `${folder}/${name}`, width, height, at, mark });
  }
  return out;
}
