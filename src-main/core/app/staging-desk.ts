import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { stagingContract } from '../../../src-shared/ipc/staging.ts';
import { maskShare } from '../jobs/watermark/mask-share.ts';
import { dataPaths } from '../paths.ts';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isAssetUrl } from '../../../src-shared/api/video.ts';
import { VIDEO_LIMITS } from '../../../src-shared/domain/limits.ts';
import { planeMarksNothing } from '../../../src-shared/domain/mask-raster.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import type { InvokeResponse, StagedFile } from '../../../src-shared/ipc/contract.ts';
import { download } from '../api/downloader.ts';
import { ServiceError } from '../api/errors.ts';
import type { Transport } from '../api/http.ts';
import type { AppLogger } from '../diagnostics/logger.ts';
import { errorValue } from '../jobs/lifecycle/outcome.ts';
import {
  OwnResults,
  cleanedBeforeNote,
  cleanedWithMask,
  type CleanedBefore,
} from '../jobs/watermark/own-results.ts';
import type { JobStore } from '../jobs/store/store.ts';
import { proposalForPage } from '../media/automask/page-proposal.ts';
import { walkInputs, whyNotTaken, type Found } from '../media/collect-inputs.ts';
import { MaskStore } from '../media/mask-store.ts';
import { unblendPreview } from '../media/local-preview.ts';
import { EstimateStore } from '../media/unblend/estimate-store.ts';
import { LocalPreviews } from './local-previews.ts';
import { probeFile, probeWhole } from '../media/probe-file.ts';
import { ThumbnailCache } from '../media/thumbnails.ts';
import { UserFacingError } from '../user-error.ts';
import { addressProblem } from './address-problem.ts';
import type { DeskContext } from './desk-context.ts';
import type { Endpoints } from './endpoints.ts';
import { mapInOrder } from './map-limit.ts';
import { StagedBatcher } from './staged-batcher.ts';
import { said } from '../i18n/core-words.ts';

/** Files looked at at once: reading a header waits on the disk and on sharp's threads. */
const PROBES_AT_ONCE = os.availableParallelism();

/** A staged file as the core keeps it; the page sees a `StagedFile`. */
export interface StagedEntry {
  path: string;
  sourceUrl?: string;
  bytes?: number;
  /** The dropped folder it was found in, mirrored under the output folder. */
  root?: string;
  /** Results made earlier from the same bytes. */
  cleaned?: CleanedBefore;
  /** What the probe found when it was staged, kept so that it is not read again. */
  probe: { width: number; height: number; bytes: number; modified: number };
}

export type Skipped = { path: string; reason: string };

/**
 * Files looked at before they become jobs: dropped, chosen, pasted or given by address,
 * each read for its real type and size and handed to the page under a token, with the
 * masks drawn or imported for them. Only files staged here, besides jobs, may be previewed.
 */
export class StagingDesk {
  readonly handlers: Handlers<typeof stagingContract>;
  readonly masks: MaskStore;
  /** Measurements of marks found in staged batches, for cleaning on this computer. */
  readonly estimates: EstimateStore;
  readonly previews: LocalPreviews;
  private readonly staged = new Map<string, StagedEntry>();
  /** Looks at dropped files under way, by run, each with its Cancel. */
  private readonly runs = new Map<string, AbortController>();
  private readonly thumbnails: ThumbnailCache;
  private readonly store: JobStore;
  private readonly transport: Transport;
  private readonly endpoints: Endpoints;
  private readonly log: AppLogger;
  private readonly events: DeskContext['events'];
  private readonly dataRoot: string;

  constructor(context: DeskContext, options: { dataRoot: string; thumbnailsDir: string }) {
    this.store = context.store;
    this.transport = context.transport;
    this.endpoints = context.endpoints;
    this.log = context.log;
    this.events = context.events;
    this.dataRoot = options.dataRoot;
    this.thumbnails = new ThumbnailCache(options.thumbnailsDir);
    const paths = dataPaths(options.dataRoot);
    this.masks = new MaskStore(paths.masksDir);
    this.estimates = new EstimateStore(paths.estimatesDir);
    this.previews = new LocalPreviews(paths.previewsDir, {
      image: (token) => this.stagedImage(token),
      marked: (strokes, width, height) => this.masks.plane(strokes, width, height),
    });
    this.handlers = {
      'media:probe': ({ paths, recursive, run }) =>
        this.stageFound(paths, recursive ?? true, run ?? randomUUID()),
      'media:cancelProbe': ({ run }) => {
        const walk = this.runs.get(run);
        walk?.abort();
        return { canceled: walk !== undefined };
      },
      'media:probeUrl': ({ url }) => this.stageUrl(url),
      'media:stagePasted': ({ name, base64 }) => this.stagePasted(name, base64),
      'media:previewClean': ({ token, strokes }) => this.previews.make(token, strokes),
      'mask:shares': async ({ items }) => {
        const shares: Array<number | null> = [];
        for (const { token, strokes } of items) {
          const image = await this.stagedImage(token).catch(() => undefined);
          shares.push((image && (await maskShare({ strokes }, image, this.masks))) ?? null);
        }
        return { shares };
      },
      'mask:transform': async ({ token, strokes, tool }) => {
        const image = await this.stagedImage(token);
        return this.masks.transform(strokes, image.width, image.height, tool);
      },
      'media:findWatermark': async ({ tokens, hint, run }) =>
        proposalForPage(
          // A file gone since it was staged is named with why; the others are looked at.
          await Promise.all(
            tokens.map((token) =>
              this.stagedImage(token).then(
                (image) => ({ token, ...image }),
                (error: unknown) => {
                  if (!(error instanceof UserFacingError)) throw error;
                  return { token, gone: error.userMessage };
                },
              ),
            ),
          ),
          { masks: this.masks, estimates: this.estimates },
          hint,
          run === undefined
            ? undefined
            : (done, total) => this.events.emit('media:finderProgress', { run, done, total }),
        ),
      'media:previewUnblend': ({ token, estimateId }) =>
        this.previews.makeWith(token, 'local-engine', async (image) =>
          unblendPreview(image.path, await this.estimates.load(estimateId)),
        ),
    };
  }

  entry(token: string): StagedEntry | undefined {
    return this.staged.get(token);
  }

  /** The staged file behind a token, or its thumbnail, for the preview scheme. */
  async previewFile(token: string, side: 'input' | 'thumb'): Promise<string | undefined> {
    const file = this.staged.get(token)?.path;
    if (!file) return undefined;
    return side === 'thumb' ? this.thumbnailOf(file) : this.viewableOf(file);
  }

  /** A local preview made earlier in this run, for the preview scheme. */
  localPreviewFile(previewId: string): string | undefined {
    return this.previews.file(previewId);
  }

  thumbnailOf(file: string): Promise<string | undefined> {
    return this.thumbnails.thumbnailFor(file).catch(() => undefined);
  }

  /** The image as the window can show it: the file, or a HEIC photo's JPEG. */
  viewableOf(file: string): Promise<string | undefined> {
    return this.thumbnails.viewableFor(file).catch(() => undefined);
  }

  /** Checks a mask file the user chose against a staged image and keeps it for its strokes. */
  async importMaskFor(
    stagedToken: string,
    maskFile: string,
  ): Promise<InvokeResponse<'mask:import'>> {
    const image = await this.stagedImage(stagedToken);
    const imported = await this.masks.import(maskFile, image.width, image.height);
    this.log.info('masks', `imported ${path.basename(maskFile)} for ${path.basename(image.path)}`);
    return {
      maskToken: imported.token,
      fraction: imported.coverage.fraction,
      convention: imported.convention,
      resized: imported.resized,
      warnings: imported.warnings,
      ...(imported.everything ? { everything: imported.everything } : {}),
    };
  }

  /** Writes the mask the strokes make for a staged image, at the image's size, to `target`. */
  async exportMaskFor(
    stagedToken: string,
    strokes: readonly Stroke[],
    target: string,
  ): Promise<void> {
    const image = await this.stagedImage(stagedToken);
    await writeFile(target, await this.masks.build(strokes, image.width, image.height));
  }

  /**
   * Refuses the whole batch when any drawn mask marks nothing, before a job exists: each
   * would be a credit spent for an unchanged image. Images of one size with one mask are
   * painted once.
   */
  async refuseEmptyMasks(
    items: ReadonlyArray<{ token: string; strokes?: readonly Stroke[] }>,
  ): Promise<void> {
    const painted = new Map<string, boolean>();
    for (const item of items) {
      const { strokes } = item;
      if (strokes === undefined || !this.staged.has(item.token)) continue;
      const image = await this.stagedImage(item.token);
      const key = `${image.width}x${image.height} ${JSON.stringify(strokes)}`;
      let empty = painted.get(key);
      if (empty === undefined) {
        const plane = await this.masks.plane(strokes, image.width, image.height);
        empty = planeMarksNothing(plane);
        painted.set(key, empty);
      }
      if (empty)
        throw new UserFacingError({
          id: 'core.app.fileMaskEmpty',
          values: {
            file: path.basename(image.path),
            problem: { id: 'core.app.maskEmpty' },
          },
        });
    }
  }

  /**
   * Dropped or chosen files and folders: every image in them, and every file left out with
   * why, sent to the window as they are found, several looked at at once. Cancel stops the
   * walk; what was staged by then stays.
   */
  private async stageFound(
    paths: readonly string[],
    recursive: boolean,
    run: string,
  ): Promise<InvokeResponse<'media:probe'>> {
    const stop = new AbortController();
    this.runs.set(run, stop);
    const own = new OwnResults(this.store);
    const out = new StagedBatcher(run, (batch) => this.events.emit('media:staged', batch));
    let staged = 0;
    let skipped = 0;
    const look = async (found: Found): Promise<StagedFile | Skipped> => {
      if ('skipped' in found) return found.skipped;
      const reason = await whyNotTaken(found.file);
      if (reason) return { path: found.file, reason };
      return this.stageLocal(found.file, undefined, {
        own,
        ...(found.root !== undefined ? { root: found.root } : {}),
      });
    };
    try {
      const looked = mapInOrder(
        walkInputs(paths, recursive),
        PROBES_AT_ONCE,
        (found) => look(found).catch((error: unknown) => this.unreadable(found, error)),
        () => stop.signal.aborted,
      );
      for await (const result of looked) {
        if ('reason' in result) skipped += 1;
        else staged += 1;
        out.push(result);
      }
    } finally {
      out.flush();
      this.runs.delete(run);
    }
    return { run, staged, skipped, canceled: stop.signal.aborted };
  }

  /** A file that failed in a way no check foresaw is listed, not the whole drop refused. */
  private unreadable(found: Found, error: unknown): Skipped {
    const file = 'skipped' in found ? found.skipped.path : found.file;
    this.log.warn('staging', `${file} could not be looked at:`, errorValue(error).message);
    return {
      path: file,
      reason: said('core.app.fileUnreadable'),
    };
  }

  /** A pasted image lives in the data folder, since it has no file of its own. */
  private async stagePasted(name: string, base64: string): Promise<StagedFile> {
    const dir = path.join(dataPaths(this.dataRoot).pastedDir, randomUUID());
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, path.basename(name).replace(/[^\w.-]+/g, '_') || 'pasted.png');
    await writeFile(file, Buffer.from(base64, 'base64'));
    const staged = await this.stageLocal(file);
    if ('reason' in staged) {
      await rm(dir, { recursive: true, force: true });
      throw new UserFacingError({
        id: 'core.app.pastedUnusable',
        values: { reason: staged.reason },
      });
    }
    return staged;
  }

  /**
   * Looks at a local file and, when it is a usable image, gives it a token for the page. A
   * file found in a dropped folder keeps that folder, and is looked up among earlier results.
   * Every pixel is decoded: a file cut short is refused here, before it is counted in what
   * a batch spends.
   */
  private async stageLocal(
    file: string,
    sourceUrl?: string,
    found?: { own: OwnResults; root?: string },
  ): Promise<StagedFile | Skipped> {
    const probe = await probeWhole(file);
    if (!probe.ok) return { path: file, reason: probe.reason };
    const { result, cleaned } = (await found?.own.lookAt(file, probe.bytes)) ?? {};
    if (result) return { path: file, reason: result };
    const token = randomUUID();
    const cleanedWith = cleaned && cleanedWithMask(cleaned);
    this.staged.set(token, {
      path: file,
      bytes: probe.bytes,
      probe,
      ...(sourceUrl ? { sourceUrl } : {}),
      ...(found?.root !== undefined ? { root: found.root } : {}),
      ...(cleaned ? { cleaned } : {}),
    });
    return {
      ...(cleaned ? { cleaned: cleanedBeforeNote(cleaned) } : {}),
      ...(cleanedWith ? { cleanedWith } : {}),
      token,
      path: file,
      name: path.basename(file),
      ...(found?.root !== undefined ? { root: found.root } : {}),
      format: probe.format,
      width: probe.width,
      height: probe.height,
      bytes: probe.bytes,
      ...(sourceUrl ? { sourceUrl } : {}),
    };
  }

  /**
   * Fetches an image given by address, once, for the mask editor and the preview; the job
   * will send the address itself. The copy lives in the data folder. A demo asset is fetched
   * from the stand-in, which alone can show one, and is staged as a file of its own.
   */
  private async stageUrl(url: string): Promise<StagedFile> {
    const from = isAssetUrl(url) ? await this.endpoints.demoPictureAddress(url) : url;
    if (from === undefined) throw new UserFacingError({ id: 'core.app.assetNoPicture' });
    const dir = path.join(dataPaths(this.dataRoot).urlImagesDir, randomUUID());
    const name = decodeURIComponent(new URL(from).pathname.split('/').pop() ?? '').replace(
      /[^\w.-]+/g,
      '_',
    );
    try {
      await mkdir(dir, { recursive: true });
      const saved = await download(this.transport, {
        url: from,
        targetDir: dir,
        fileName: name && name !== '.' && name !== '..' ? name : 'image',
        maxBytes: VIDEO_LIMITS.referenceImage.maxBytes,
      });
      const staged = await this.stageLocal(saved.path, from === url ? url : undefined);
      if ('reason' in staged) {
        throw new UserFacingError({
          id: 'core.app.addressUnusable',
          values: { reason: staged.reason },
        });
      }
      return staged;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      // The site at the address is at fault, not the service: its failures are said as such.
      if (error instanceof UserFacingError && !(error instanceof ServiceError)) throw error;
      throw new UserFacingError(
        addressProblem(error, new URL(from).host || { id: 'core.app.thatAddress' }),
      );
    }
  }

  /**
   * A staged image's size, as its probe found it. The file is only looked at again (one
   * stat) to tell that it is still there and unchanged; one changed since is probed anew.
   */
  private async stagedImage(
    token: string,
  ): Promise<{ path: string; width: number; height: number }> {
    const staged = this.staged.get(token);
    const now = staged && (await stat(staged.path).catch(() => undefined));
    if (!staged || !now) throw new UserFacingError({ id: 'core.app.imageGone' });
    if (now.size !== staged.probe.bytes || now.mtimeMs !== staged.probe.modified) {
      const probe = await probeFile(staged.path);
      if (!probe.ok) throw new UserFacingError({ id: 'core.app.imageGone' });
      staged.probe = probe;
    }
    return { path: staged.path, width: staged.probe.width, height: staged.probe.height };
  }
}
