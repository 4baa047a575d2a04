import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { watermarkContract } from '../../../src-shared/ipc/watermark.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { SETTLED_STATES } from '../../../src-shared/domain/job-states.ts';
import type { Stroke } from '../../../src-shared/domain/strokes.ts';
import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import { WatermarkClient } from '../api/watermark-client.ts';
import { alreadyCleanedReason, maskKeyOf, sortOutInputs } from '../jobs/watermark/own-results.ts';
import type { JobStore } from '../jobs/store/store.ts';
import { WatermarkEngine, type WatermarkInput } from '../jobs/watermark/watermark-engine.ts';
import { collectInputs } from '../media/collect-inputs.ts';
import { ServicePreviews } from './service-preview.ts';
import { UserFacingError } from '../user-error.ts';
import type { CoreEvents } from './core-events.ts';
import type { DeskContext } from './desk-context.ts';
import { watermarkJobView } from './job-views.ts';
import { logWait } from './wait-log.ts';
import type { Skipped, StagedEntry, StagingDesk } from './staging-desk.ts';
import { said } from '../i18n/core-words.ts';

type NewJob = Omit<StagedEntry, 'cleaned' | 'probe'> & {
  strokes?: readonly Stroke[];
  estimate?: string;
};

/**
 * A big batch is written in slices of about this many milliseconds each, the slice's size
 * following how fast the disk and the store were on the one before.
 */
const SLICE_MS = 10;
const FIRST_SLICE = 25;
const MAX_SLICE = 1_000;

/**
 * The image side of the app: the watermark engine, the queue as the window sees it, and the
 * rules for what may join it (a file already waiting is not added twice; an image cleaned
 * before with the same mask stays out unless the user asks again).
 */
export class WatermarkDesk {
  readonly engine: WatermarkEngine;
  readonly handlers: Handlers<typeof watermarkContract>;
  private readonly store: JobStore;
  private readonly staging: StagingDesk;
  private readonly events: CoreEvents;

  constructor(
    context: DeskContext,
    options: {
      client: WatermarkClient;
      staging: StagingDesk;
      /** Why the queue cannot run here now (another process holds the folder), if so. */
      waitingFor: () => string | undefined;
    },
  ) {
    this.store = context.store;
    this.staging = options.staging;
    this.events = context.events;
    this.engine = new WatermarkEngine({
      ...context,
      client: options.client,
      onEvent: (event) => {
        const row = this.store.getWatermarkJob(event.jobId);
        if (!row) return;
        logWait(context.log, event, row.input_path);
        if (event.state === 'failed' || event.state === 'needs-attention') {
          context.log.warn('jobs', `${row.input_path} ${event.state}:`, row.error_json ?? '');
        }
        this.events.emit('jobs:changed', { jobs: [watermarkJobView(row, event.seq)] });
      },
    });
    const engine = this.engine;
    const servicePreviews = new ServicePreviews({
      ...context,
      // Free in demo mode, so sent with the stand-in's preview key: the demo credits the
      // window shows are not taken by it. Out of demo mode it is the account's own key.
      client: new WatermarkClient({
        baseUrl: () => context.endpoints.baseUrl('watermark'),
        key: () => context.endpoints.key('watermark', 'free-preview'),
        transport: context.transport,
      }),
      demo: () => context.endpoints.usesDemo('watermark'),
      masks: options.staging.masks,
      previews: options.staging.previews,
      scratchDir: path.dirname(context.store.db.name),
    });
    this.handlers = {
      'media:previewService': ({ token, strokes, confirmed }) =>
        servicePreviews.make(token, strokes, confirmed),
      'watermark:add': (request) =>
        'items' in request
          ? this.addStaged(request.items)
          : this.addFound(request.paths, request.recursive ?? true, request.strokes),
      'watermark:list': () => ({ jobs: this.views(), paused: engine.isPaused }),
      'watermark:history': ({ before, limit }) => {
        const page = this.store.history.page({
          limit,
          ...(before === undefined ? {} : { before }),
        });
        return {
          jobs: page.rows.map((row) => watermarkJobView(row, row.seq)),
          next: page.next ?? null,
        };
      },
      'watermark:cancel': ({ ids }) => ({ count: engine.cancel(ids) }),
      'watermark:retry': ({ ids }) => ({ count: engine.retry(ids) }),
      'watermark:sendAgain': ({ ids }) => ({ count: engine.sendAgain(ids) }),
      'watermark:decide': ({ ids, choice }) => ({ count: engine.decide(ids, choice) }),
      'watermark:pause': () => {
        engine.pause();
        return { paused: true };
      },
      'watermark:resume': () => {
        const waiting = options.waitingFor();
        if (waiting) throw new UserFacingError(waiting);
        engine.resume();
        return { paused: false };
      },
      'watermark:clearFinished': () => ({ count: engine.clearFinished() }),
    };
  }

  /** The jobs the window lists by default: the batch added last, and any still under way. */
  views(): WatermarkJobView[] {
    return this.store.history.current().map((row) => watermarkJobView(row, row.seq));
  }

  /** A job's input, result or thumbnail, for the preview scheme. */
  async previewFile(
    jobId: string,
    side: 'input' | 'output' | 'thumb',
  ): Promise<string | undefined> {
    const job = this.store.getWatermarkJob(jobId);
    const file = (side === 'output' ? job?.output_path : job?.input_path) ?? undefined;
    if (!file || side === 'output') return file;
    return side === 'thumb' ? this.staging.thumbnailOf(file) : this.staging.viewableOf(file);
  }

  outputOf(jobId: string): string | undefined {
    return this.store.getWatermarkJob(jobId)?.output_path ?? undefined;
  }

  /**
   * Share of the jobs of the batches under way that are settled, while any are unsettled;
   * for the dock/taskbar. The history of earlier batches does not count.
   */
  batchProgress(): { settled: number; total: number } | undefined {
    const counts = this.store.watermarks.openBatchStateCounts();
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const settled = [...SETTLED_STATES].reduce((sum, state) => sum + (counts[state] ?? 0), 0);
    return settled < total ? { settled, total } : undefined;
  }

  /** Files the page was shown, by token, each with the strokes drawn for it. */
  private async addStaged(
    items: ReadonlyArray<{
      token: string;
      strokes?: readonly Stroke[];
      again?: boolean;
      estimate?: string;
    }>,
  ): Promise<{ added: number; skipped: Skipped[] }> {
    const skipped: Skipped[] = [];
    const known = items.flatMap((item) => {
      const staged = this.staging.entry(item.token);
      if (!staged) {
        skipped.push({
          path: item.token,
          reason: said('core.app.stagedGone'),
        });
      }
      return staged
        ? [
            {
              ...staged,
              strokes: item.strokes,
              again: item.again === true,
              ...(item.estimate ? { estimate: item.estimate } : {}),
            },
          ]
        : [];
    });
    await this.staging.refuseEmptyMasks(items);
    const added = await this.addFresh(await this.leaveOutCleaned(known, skipped));
    return { added: added.added, skipped: [...skipped, ...added.skipped] };
  }

  /** Paths straight from the command line or a drop the page did not stage, with one mask. */
  private async addFound(
    paths: readonly string[],
    recursive: boolean,
    strokes: readonly Stroke[] | undefined,
  ): Promise<{ added: number; skipped: Skipped[] }> {
    const { files, roots, skipped } = await collectInputs(paths, recursive);
    const inputs = await sortOutInputs(this.store, files, await maskKeyOf({ strokes }), skipped);
    const added = await this.addFresh(
      inputs.map((file) => ({
        path: file,
        strokes,
        ...(roots.has(file) ? { root: roots.get(file) } : {}),
      })),
    );
    return { added: added.added, skipped: [...skipped, ...added.skipped] };
  }

  /**
   * Staged files cleaned before with the mask they would be sent with now stay out, with
   * the reason, unless the user chose to clean them again.
   */
  private async leaveOutCleaned<
    T extends StagedEntry & { strokes?: readonly Stroke[]; again: boolean },
  >(items: readonly T[], skipped: Skipped[]): Promise<T[]> {
    const kept: T[] = [];
    for (const item of items) {
      const key = item.cleaned && !item.again ? await maskKeyOf({ strokes: item.strokes }) : '';
      const same = item.cleaned?.results.find((row) => row.mask_key === key);
      if (same) skipped.push({ path: item.path, reason: alreadyCleanedReason(same) });
      else kept.push(item);
    }
    return kept;
  }

  /**
   * Adds the files not already waiting or running; a file dropped twice is noticed, not
   * doubled. A big batch is written a slice at a time, each slice whole, with the window
   * answered between slices: ten thousand files never hold the main process at once.
   */
  private async addFresh(items: readonly NewJob[]): Promise<{ added: number; skipped: Skipped[] }> {
    const skipped: Skipped[] = [];
    const batchId = randomUUID();
    let added = 0;
    let slice = FIRST_SLICE;
    for (let from = 0; from < items.length;) {
      const started = performance.now();
      const part = items.slice(from, from + slice);
      from += part.length;
      const fresh: WatermarkInput[] = [];
      for (const item of part) {
        const latest = this.store.latestWatermarkJobFor(item.path);
        if (latest && latest.state !== 'done' && latest.state !== 'canceled') {
          skipped.push({ path: item.path, reason: said('core.app.alreadyListed') });
        } else {
          fresh.push({
            inputPath: item.path,
            ...(item.strokes ? { strokes: item.strokes } : {}),
            ...(item.sourceUrl ? { sourceUrl: item.sourceUrl } : {}),
            ...(item.bytes !== undefined ? { bytes: item.bytes } : {}),
            ...(item.root !== undefined ? { root: item.root } : {}),
            ...(item.estimate ? { engine: 'local' as const, estimate: item.estimate } : {}),
          });
        }
      }
      // The queue's first state is written with the jobs, not as a move: announce them here.
      const jobs = this.engine
        .add(fresh, batchId)
        .map((id) => this.store.getWatermarkJob(id))
        .filter((row) => row !== undefined)
        .map((row) => watermarkJobView(row, 1));
      if (jobs.length > 0) this.events.emit('jobs:changed', { jobs });
      added += fresh.length;
      const took = performance.now() - started;
      slice = Math.max(1, Math.min(MAX_SLICE, Math.round((slice * SLICE_MS) / Math.max(1, took))));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { added, skipped };
  }
}
