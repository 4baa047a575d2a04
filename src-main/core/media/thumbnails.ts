import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { heicAsPng, pixelBytes } from './heic/decode-heic.ts';
import { IntakeError } from './intake.ts';
import { sniffFile } from './sniff.ts';
import { renderThumbnail } from './thumbnail-render.ts';

/**
 * Images made for the interface, named by the SHA-256 of the source's bytes: the same
 * picture under two names is made once, and an edited file gets a new one. Small WebP
 * thumbnails of every image, and a full-size JPEG of a HEIC photo, which the window's
 * Chromium cannot show.
 */
export class ThumbnailCache {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  thumbnailFor(file: string): Promise<string> {
    return this.made(file, 'webp', async (bytes) => renderThumbnail(await pixelBytes(bytes)));
  }

  /** The file itself, or for a HEIC photo an upright JPEG of it at full size. */
  async viewableFor(file: string): Promise<string> {
    if ((await sniffFile(file)) !== 'heic') return file;
    return this.made(file, 'jpg', async (bytes) =>
      sharp(await heicAsPng(bytes))
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }

  private async made(
    file: string,
    extension: string,
    make: (bytes: Buffer) => Promise<Buffer>,
  ): Promise<string> {
    const bytes = await readFile(file);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const target = path.join(this.dir, `${hash}.${extension}`);
    try {
      await access(target);
      return target;
    } catch {
      // Not made yet.
    }
    let made: Buffer;
    try {
      made = await make(bytes);
    } catch {
      throw new IntakeError({ id: 'core.probe.cutShort' }, { problem: 'corrupt' });
    }
    await writeFileAtomic(target, made);
    return target;
  }
}
