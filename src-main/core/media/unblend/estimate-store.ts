import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { estimateIdSchema } from '../../../../src-shared/domain/estimate-id.ts';
import { encodeEstimate, loadEstimate } from './estimate-file.ts';
import { estimateMark, type FoundMark, type MarkEstimate } from './mark-estimate.ts';
import { writeFileAtomic } from '../../fs/atomic-write.ts';

/** Estimates kept read at once: a batch or two of different marks. */
const KEPT_LOADED = 2;

/**
 * Measurements of marks kept in the data folder's `estimates` folder, named by their
 * bytes, so a local job can be resumed after a restart by the estimate it was queued with
 * and the same measurement made twice is one file.
 */
export class EstimateStore {
  private readonly dir: string;
  /**
   * The estimates read last, by id: a batch's jobs use one, which is read once rather than
   * once an image (one of twenty 12-megapixel photos' marks is about 12 MB).
   */
  private readonly loaded = new Map<string, Promise<MarkEstimate>>();

  constructor(dir: string) {
    this.dir = dir;
  }

  private file(id: string): string {
    return path.join(this.dir, `${estimateIdSchema.parse(id)}.estimate`);
  }

  /** Measures the mark from the images that carry it (surest first) and keeps it. */
  async make(files: readonly string[], mark: FoundMark): Promise<{ id: string; images: number }> {
    const estimate = await estimateMark(files, mark);
    return { id: await this.keep(estimate), images: estimate.images };
  }

  keep(estimate: MarkEstimate): Promise<string> {
    return this.keepEncoded(encodeEstimate(estimate));
  }

  /** Keeps an estimate already encoded (as the finder's thread hands it over). */
  async keepEncoded(bytes: Uint8Array): Promise<string> {
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    await mkdir(this.dir, { recursive: true });
    await writeFileAtomic(this.file(id), bytes);
    return id;
  }

  /** The kept bytes of an estimate (a profile keeps them as they are); undefined when gone. */
  bytes(id: string): Promise<Buffer | undefined> {
    return readFile(this.file(id)).catch(() => undefined);
  }

  load(id: string): Promise<MarkEstimate> {
    const known = this.loaded.get(id);
    if (known) return known;
    const loading = loadEstimate(this.file(id));
    // A failed read is not kept: the next job tries again (the file may be back).
    loading.catch(() => this.loaded.delete(id));
    this.loaded.set(id, loading);
    if (this.loaded.size > KEPT_LOADED)
      this.loaded.delete(this.loaded.keys().next().value as string);
    return loading;
  }
}
