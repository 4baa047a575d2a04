import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { seeded, stamp, textMark, truthPlane, type Alpha } from './marked-scenes.ts';
import { cutWallpaper } from './wallpaper-cache.ts';

/** Real photographs installed with the desktop: the calibration of the mark check reads them. */
const WALLPAPER_DIRS = ['/usr/share/backgrounds/mate/nature', '/usr/share/backgrounds/gnome'];

/**
 * The installed wallpapers that are photographs or photo-like renders (JPEG, WebP), in a
 * fixed order. Missing folders stop the test with a sentence: the calibration needs them.
 */
export function wallpapers(count: number): string[] {
  const missing = WALLPAPER_DIRS.filter((dir) => !existsSync(dir));
  if (missing.length > 0) {
    throw new Error(
      `The mark check is calibrated on the desktop's wallpapers, and ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: install mate-backgrounds and gnome-backgrounds (apt-get install mate-backgrounds gnome-backgrounds).`,
    );
  }
  const files = WALLPAPER_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /\.(jpe?g|webp)$/i.test(name))
      .sort()
      .map((name) => path.join(dir, name)),
  );
  if (files.length < count) {
    throw new Error(
      `The mark check needs ${count} wallpapers to calibrate on, and only ${files.length} are installed in ${WALLPAPER_DIRS.join(' and ')}.`,
    );
  }
  return files.slice(0, count);
}

/** White text and a ring beside it, soft-edged: the semi-transparent mark of a stock photo. */
export function textAndRing(): Alpha {
  const text = textMark(seeded(33), 5, 7, 4);
  const ring = text.height;
  const width = ring + 12 + text.width;
  const data = new Float32Array(width * text.height);
  const centre = (ring - 1) / 2;
  for (let y = 0; y < text.height; y += 1) {
    for (let x = 0; x < ring; x += 1) {
      const d = Math.hypot(x - centre, y - centre);
      data[y * width + x] = Math.max(0, Math.min(1, 3 - Math.abs(d - (centre - 3))));
    }
    for (let x = 0; x < text.width; x += 1) {
      data[y * width + ring + 12 + x] = text.data[y * text.width + x] as number;
    }
  }
  return { width, height: text.height, data };
}

/** A wallpaper cut to `size`, as 8-bit sRGB bytes (decoded once per test run). */
export function wallpaperAt(
  source: string,
  size: { width: number; height: number },
): Promise<Buffer> {
  return cutWallpaper(source, size);
}

export interface StampedPhoto {
  file: string;
  width: number;
  height: number;
}

/**
 * A wallpaper cut to `width` × `height`, the mark laid over it at 40 % near the bottom-right
 * corner, saved as JPEG q85 in `folder`; with the mark's place and its mask (the mark where
 * it covers more than 2 %, grown by 3 pixels, as a painted mask would be).
 */
export async function stampedWallpapers(
  folder: string,
  count: number,
  size = { width: 1200, height: 800 },
): Promise<{
  photos: StampedPhoto[];
  mark: Alpha;
  at: { x: number; y: number };
  plane: Uint8Array;
}> {
  const mark = textAndRing();
  const at = { x: size.width - 40 - mark.width, y: size.height - 40 - mark.height };
  const photos: StampedPhoto[] = [];
  for (const [i, source] of wallpapers(count).entries()) {
    const rgb = await wallpaperAt(source, size);
    stamp(rgb, size.width, mark, at.x, at.y, 0.4);
    const file = path.join(folder, `wallpaper-${String(i).padStart(2, '0')}.jpg`);
    await sharp(rgb, { raw: { ...size, channels: 3 } })
      .jpeg({ quality: 85 })
      .toFile(file);
    photos.push({ file, ...size });
  }
  const truth = truthPlane(size.width, size.height, mark, at.x, at.y, 0.02);
  const plane = new Uint8Array(truth.length);
  for (let y = 0; y < size.height; y += 1) {
    for (let x = 0; x < size.width; x += 1) {
      if (!truth[y * size.width + x]) continue;
      for (let v = Math.max(0, y - 3); v <= Math.min(size.height - 1, y + 3); v += 1) {
        plane.fill(
          1,
          v * size.width + Math.max(0, x - 3),
          v * size.width + Math.min(size.width, x + 4),
        );
      }
    }
  }
  return { photos, mark, at, plane };
}
