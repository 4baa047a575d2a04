import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { planeMarksNothing } from '../../../src-shared/domain/mask-raster.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { localPreview } from '../media/local-preview.ts';
import { UserFacingError } from '../user-error.ts';

/** Previews kept on disk at once; the oldest goes first. One per staged image is kept. */
const KEPT = 40;

interface PreviewSources {
  image(token: string): Promise<{ path: string; width: number; height: number }>;
  marked(strokes: readonly Stroke[], width: number, height: number): Promise<Uint8Array>;
}

/**
 * Free local previews of staged images, made on request and kept in the data folder's
 * `previews` folder for this run only: each has a fresh id, so the window never shows a
 * stale one from its cache, and a new preview of an image replaces its last.
 */
export class LocalPreviews {
  private readonly dir: string;
  private readonly sources: PreviewSources;
  /** Preview id to file, oldest first. */
  private readonly files = new Map<string, string>();
  /** The last preview id of each image and kind (`<token>:<kind>`). */
  private readonly latest = new Map<string, string>();
  private cleared: Promise<void> | undefined;

  constructor(dir: string, sources: PreviewSources) {
    this.dir = dir;
    this.sources = sources;
  }

  file(previewId: string): string | undefined {
    return this.files.get(previewId);
  }

  /** The free repaint of a staged image with these strokes. */
  async make(token: string, strokes: readonly Stroke[]): Promise<{ previewId: string }> {
    const image = await this.sources.image(token);
    const marked = await this.sources.marked(strokes, image.width, image.height);
    if (planeMarksNothing(marked)) throw new UserFacingError({ id: 'core.app.maskEmpty' });
    return this.keep(`${token}:repaint`, await localPreview(image.path, marked));
  }

  /**
   * A preview of a staged image made another way (`produce` gives the JPEG): each `kind` of
   * preview of an image replaces only its own last one, so two can be shown side by side.
   */
  async makeWith(
    token: string,
    kind: string,
    produce: (image: { path: string; width: number; height: number }) => Promise<Buffer>,
  ): Promise<{ previewId: string }> {
    const image = await this.sources.image(token);
    return this.keep(`${token}:${kind}`, await produce(image));
  }

  private async keep(slot: string, jpeg: Buffer): Promise<{ previewId: string }> {
    // Previews left by an earlier run are never served again: cleared before the first is kept.
    this.cleared ??= rm(this.dir, { recursive: true, force: true }).then(() =>
      mkdir(this.dir, { recursive: true }).then(() => undefined),
    );
    await this.cleared;
    const previewId = randomUUID();
    const file = path.join(this.dir, `${previewId}.jpg`);
    await writeFileAtomic(file, jpeg);
    const replaced = this.latest.get(slot);
    if (replaced) await this.drop(replaced);
    this.latest.set(slot, previewId);
    this.files.set(previewId, file);
    const oldest = this.files.size > KEPT ? this.files.keys().next().value : undefined;
    if (oldest) await this.drop(oldest);
    return { previewId };
  }

  private async drop(previewId: string): Promise<void> {
    const file = this.files.get(previewId);
    this.files.delete(previewId);
    if (file) await rm(file, { force: true });
  }
}
