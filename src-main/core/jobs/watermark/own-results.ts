import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { strokesSchema, type Stroke } from '../../../../src-shared/domain/strokes.ts';
import { mapLimit } from '../../app/map-limit.ts';
import { PROVENANCE_LOG, provenanceLineSchema } from '../../media/output.ts';
import { said } from '../../i18n/core-words.ts';
import { readStoredJson } from '../store/stored-json.ts';
import type { JobStore } from '../store/store.ts';
import type { WrittenResultRow } from '../store/written-results.ts';

export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const sha256 = (value: string | Uint8Array) => createHash('sha256').update(value).digest('hex');

/**
 * Names the mask an image was cleaned with, so that the same image with the same mask is
 * known again: drawn strokes by their content, a mask file by its bytes, or no mask.
 */
export async function maskKeyOf(mask: {
  strokes?: readonly Stroke[];
  maskFile?: string;
}): Promise<string> {
  if (mask.maskFile !== undefined) {
    const bytes = await readFile(mask.maskFile).catch(() => undefined);
    return `file:${bytes ? sha256(bytes) : mask.maskFile}`;
  }
  return mask.strokes !== undefined ? `strokes:${sha256(JSON.stringify(mask.strokes))}` : 'none';
}

/** When a file was cleaned before: the results made from the same bytes, newest first. */
export interface CleanedBefore {
  sourceSha256: string;
  results: WrittenResultRow[];
}

/**
 * Tells Clearframe's own results from the files a user gives, so they are never cleaned (and
 * paid for) again: by the provenance log of the folder they are in, and, for a result
 * copied or moved elsewhere, by the hash of its bytes. One instance serves one look at a set
 * of files, reading each folder's log once.
 */
export class OwnResults {
  private readonly store: JobStore;
  private readonly logs = new Map<string, Promise<Map<string, string>>>();

  constructor(store: JobStore) {
    this.store = store;
  }

  /** Why `file` is not taken as an input, when it is a result; undefined when it is not one. */
  async whyNotInput(file: string): Promise<string | undefined> {
    const size = await stat(file).then(
      (info) => info.size,
      () => undefined,
    );
    return this.resultReason(file, size !== undefined && this.store.written.sizes(size).result);
  }

  /** The results made earlier from the same bytes as `file`, if there are any. */
  async cleanedBefore(file: string, size: number): Promise<CleanedBefore | undefined> {
    if (!this.store.written.sizes(size).source) return undefined;
    return this.resultsFrom(file, size);
  }

  /**
   * Both at once for a file of known size, asking the store about the size once: why it is
   * not taken, when it is a result, or else the results made from it before, if any.
   */
  async lookAt(file: string, size: number): Promise<{ result?: string; cleaned?: CleanedBefore }> {
    const sizes = this.store.written.sizes(size);
    const result = await this.resultReason(file, sizes.result);
    if (result) return { result };
    const cleaned = sizes.source ? await this.resultsFrom(file, size) : undefined;
    return cleaned ? { cleaned } : {};
  }

  /** The folder's log names it as a result, or, when a result has its size, its bytes are one's. */
  private async resultReason(file: string, sizeMatches: boolean): Promise<string | undefined> {
    const source = (await this.logOf(path.dirname(file))).get(path.basename(file));
    if (source) return said('core.jobs.ownResult', { source: path.basename(source) });
    if (!sizeMatches) return undefined;
    const written = this.store.written.bySha(await hashFile(file));
    return written
      ? said('core.jobs.ownResultCopy', { source: path.basename(written.source_path) })
      : undefined;
  }

  private async resultsFrom(file: string, size: number): Promise<CleanedBefore | undefined> {
    const sourceSha256 = await hashFile(file);
    const results = this.store.written.ofSource(sourceSha256, size);
    return results.length > 0 ? { sourceSha256, results } : undefined;
  }

  /** Each result the folder's log names, by file name, with the source it came from. */
  private logOf(dir: string): Promise<Map<string, string>> {
    let log = this.logs.get(dir);
    if (!log) {
      log = readFile(path.join(dir, PROVENANCE_LOG), 'utf8').then(parseLog, () => new Map());
      this.logs.set(dir, log);
    }
    return log;
  }
}

/**
 * Only what names a result is needed to know it: a line with the rest missing or odd still
 * names one. A line cut short by a crash, or an empty one, names nothing and is passed over.
 */
const namedResult = provenanceLineSchema.pick({ source: true, output: true });

function parseLog(text: string): Map<string, string> {
  const results = new Map<string, string>();
  for (const line of text.split('\n')) {
    const read = readStoredJson(namedResult, line, PROVENANCE_LOG);
    if (read.ok) results.set(path.basename(read.value.output), read.value.source);
  }
  return results;
}

/** The sentence for a file already cleaned with the mask it would be sent with now. */
export function alreadyCleanedReason(result: WrittenResultRow): string {
  return said('core.jobs.alreadyCleaned', { result: result.output_path });
}

/**
 * The files of `files` worth sending: Clearframe's own results are left out, and, when the
 * mask is known, so are files already cleaned with it. Each one left out goes into
 * `skipped` with its reason, so the user sees it.
 */
export async function sortOutInputs(
  store: JobStore,
  files: readonly string[],
  maskKey: string | undefined,
  skipped: Array<{ path: string; reason: string }>,
): Promise<string[]> {
  const own = new OwnResults(store);
  const reasons = await mapLimit(files, 8, async (file) => {
    const result = await own.whyNotInput(file);
    if (result || maskKey === undefined) return result;
    const size = (await stat(file).catch(() => undefined))?.size;
    const before = size === undefined ? undefined : await own.cleanedBefore(file, size);
    const same = before?.results.find((row) => row.mask_key === maskKey);
    return same ? alreadyCleanedReason(same) : undefined;
  });
  return files.filter((file, i) => {
    const reason = reasons[i];
    if (reason) skipped.push({ path: file, reason });
    return !reason;
  });
}

/**
 * The mask the newest result from the file was made with, to be brought back with it: its
 * strokes, none ([]), or undefined when it cannot be drawn again (a mask file, a row written
 * before masks were kept, or strokes that no longer read).
 */
export function cleanedWithMask(before: CleanedBefore): Stroke[] | undefined {
  const [latest] = before.results;
  if (!latest) return undefined;
  if (latest.mask_key === 'none') return [];
  const strokes = readStoredJson(strokesSchema, latest.mask_json, 'mask_json');
  return strokes.ok ? strokes.value : undefined;
}

/** What the staged list says of a file cleaned before, whatever the mask was. */
export function cleanedBeforeNote(before: CleanedBefore): string {
  const [latest] = before.results;
  const when = latest ? new Date(latest.written_at).toISOString().slice(0, 10) : '';
  return said('core.jobs.cleanedBefore', { when, result: latest?.output_path ?? '' });
}
