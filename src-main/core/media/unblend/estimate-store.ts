import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { estimateIdSchema } from '../../../../src-shared/domain/estimate-id.ts';
import { encodeEstimate, loadEstimate } from './estimate-file.ts';
import { estimateMark, type FoundMark, type MarkEstimate } from './mark-estimate.ts';
import { writeFileAtomic } from '../../fs/atomic-write.ts';

/**
 * Measurements of marks kept in the data folder's `estimates` folder, named by their
 * bytes, so a local job can be resumed after a restart by the estimate it was queued with
 * and the same measurement made twice is one file.
 */
export class EstimateStore {
  private readonly dir: string;

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

  load(id: string): Promise<MarkEstimate> {
    return loadEstimate(this.file(id));
  }
}
