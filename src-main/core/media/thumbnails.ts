import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { IntakeError } from './intake.ts';
import { renderThumbnail } from './thumbnail-render.ts';

/**
 * Small WebP previews for the interface, named by the SHA-256 of the source's bytes: the
 * same picture under two names is made once, and an edited file gets a new one.
 */
export class ThumbnailCache {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async thumbnailFor(file: string): Promise<string> {
    const bytes = await readFile(file);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const target = path.join(this.dir, `${hash}.webp`);
    try {
      await access(target);
      return target;
    } catch {
      // Not made yet.
    }
    let thumbnail: Buffer;
    try {
      thumbnail = await renderThumbnail(bytes);
    } catch {
      throw new IntakeError(
        'corrupt',
        'No preview can be made: the image is damaged or not an image.',
      );
    }
    await writeFileAtomic(target, thumbnail);
    return target;
  }
}
