import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { IN_FLIGHT_STATES } from '../../../../src-shared/domain/job-states.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import { download } from '../../api/downloader.ts';
import { AbortedError } from '../../api/errors.ts';
import type { Transport } from '../../api/http.ts';
import { taskProfile } from '../../api/completion-model.ts';
import type { Poller } from '../../api/poller.ts';
import type { WatermarkClient, WatermarkResult } from '../../api/watermark-client.ts';
import { prepareImage, sentByAddress } from '../../media/intake.ts';
import type { AppLogger } from '../../diagnostics/logger.ts';
import { readHeader } from '../../media/decode.ts';
import { said, type Wording } from '../../i18n/core-words.ts';
import {
  CheckAgainError,
  waitForTask,
  waitStart,
  withFreshLinks,
} from '../lifecycle/check-again.ts';
import type { JobAdapter, Lifecycle } from '../lifecycle/task-engine.ts';
import { storedError } from '../lifecycle/outcome.ts';
import { maskToSend } from './watermark-masks.ts';
import { recoverCutWrite, sweepScratch } from './watermark-crash.ts';
import { runLocal } from './watermark-local.ts';
import { ResultWriter } from './watermark-writer.ts';
import { dataPaths } from '../../paths.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';
import { damagedJobError, readWatermarkRecord, type WatermarkRecord } from './watermark-record.ts';

export interface WatermarkJobsOptions {
  client: WatermarkClient;
  transport: Transport;
  poller: Poller;
  settings: () => Settings;
  /** Where a check that could not run is noted (the app's log); the job goes on without it. */
  log?: Pick<AppLogger, 'warn'>;
}

/**
 * The watermark kind's own steps: an image prepared and sent with its mask (or un-blended on
 * this computer), its task polled, its result written beside a provenance note. Every step is
 * recorded before the next begins, so a restart picks each job up where it was.
 */
export class WatermarkJobs implements JobAdapter<WatermarkJobRow> {
  readonly kind = 'watermark';
  private readonly options: WatermarkJobsOptions;
  private readonly life: Lifecycle;
  private readonly writer: ResultWriter;

  constructor(options: WatermarkJobsOptions, life: Lifecycle) {
    this.options = options;
    this.life = life;
    this.writer = new ResultWriter({
      store: life.store,
      settings: options.settings,
      // The job database lives at the root of the data folder (`DataPaths.database`).
      paths: dataPaths(path.dirname(life.store.db.name)),
      ...(options.log ? { log: options.log } : {}),
      move: (id, to, patch) => life.move(id, to, patch),
    });
  }

  private get store() {
    return this.life.store;
  }

  row(id: string): WatermarkJobRow | undefined {
    return this.store.getWatermarkJob(id);
  }

  inFlight(): WatermarkJobRow[] {
    return this.store.watermarks.inStates(IN_FLIGHT_STATES);
  }

  queued(free: number): WatermarkJobRow[] {
    // A batch never gets more than `free` of the slots, so reading that many heads of each is enough.
    return this.store.watermarks.queuedHeads(free);
  }

  anyQueued(): boolean {
    return this.store.watermarks.anyIn(['queued']);
  }

  group(job: WatermarkJobRow): string {
    return job.batch_id;
  }

  concurrency(): number {
    return this.options.settings().concurrency.watermark;
  }

  unknownOutcome(): Wording {
    return { id: 'core.jobs.imageUnknownOutcome' };
  }

  canceledNote(): string {
    return said('core.jobs.imagePollingStopped');
  }

  beforeRecover(): void {
    sweepScratch(this.writer.scratchRoot, (id) => this.store.getWatermarkJob(id)?.state);
  }

  async follow(job: WatermarkJobRow, signal: AbortSignal): Promise<void> {
    const record = this.recordOf(job);
    if (!record) return;
    const dir = this.writer.outputDirOf(job, record.options);
    const claimed = await recoverCutWrite(job, dir);
    const local = record.options.engine === 'local';
    if (claimed && (job.remote_task_id || local)) {
      await this.writer.finishWritten(job, record, job.remote_task_id ?? undefined, dir, {
        written: claimed,
      });
      await rm(path.join(this.writer.scratchRoot, job.id), { recursive: true, force: true });
    } else if (local) await runLocal(this.writer, job, record, signal);
    else await this.afterSubmit(job, record, signal);
  }

  /**
   * The job's stored options and mask, or undefined when they cannot be read back: the job
   * then waits for the user with a message that says so, and the other jobs go on.
   */
  private recordOf(job: WatermarkJobRow): WatermarkRecord | undefined {
    const record = readWatermarkRecord(job);
    if (record.ok) return record.value;
    this.life.move(job.id, 'needs-attention', { error: damagedJobError(record.problem) });
    return undefined;
  }

  async start(job: WatermarkJobRow, signal: AbortSignal): Promise<void> {
    const settings = this.options.settings();
    this.life.move(job.id, 'preparing');
    const record = this.recordOf(job);
    if (!record) return;
    if (record.options.engine === 'local') {
      await runLocal(this.writer, job, record, signal);
      return;
    }
    const prepared = await prepareImage(job.input_path, {
      use: 'watermark',
      ...settings.watermarkPixelCap,
      maxMegapixels: settings.watermarkPixelCap.megapixels,
    });
    const { sourceUrl } = record.options;
    const byAddress = await sentByAddress(sourceUrl, job.input_path);
    const mask = await maskToSend(this.writer.paths.masksDir, job, record, prepared, byAddress);
    if (signal.aborted)
      throw new AbortedError('canceled before sending', { operation: 'watermark.submit' });
    this.life.move(job.id, 'submitting');
    const taskId = await this.options.client.submit(
      byAddress && sourceUrl ? { url: sourceUrl } : { bytes: prepared.bytes },
      mask,
    );
    this.life.move(job.id, 'submitted', { remoteTaskId: taskId });
    // The row as stored: its submission time is on the store's clock, the one the poller's
    // deadline is counted on (not the wall clock, which a test's faster clock runs ahead of).
    const sent = this.store.getWatermarkJob(job.id);
    // Timing is learned per account and size; a key that cannot be read now only loses that.
    const account = await this.options.client.account().catch(() => undefined);
    const profile = account && taskProfile(account, prepared.width * prepared.height);
    await this.afterSubmit(sent ?? { ...job, remote_task_id: taskId }, record, signal, profile);
  }

  /** The result's links asked for again by the task id (free), after the ones given failed. */
  private async freshLinks(taskId: string, signal?: AbortSignal): Promise<string[]> {
    const seen = await this.options.client.result(taskId, signal ? { signal } : {});
    if (seen.phase !== 'succeeded' || seen.imageUrls.length === 0) {
      throw new CheckAgainError({
        id: 'core.jobs.linkGone',
        values: { what: 'result', status: seen.status },
      });
    }
    return seen.imageUrls;
  }

  /** `profile`: what the task's timing is learned under, when the image sent is known. */
  private async afterSubmit(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    signal?: AbortSignal,
    profile?: string,
  ): Promise<void> {
    const taskId = job.remote_task_id;
    if (!taskId) throw new Error(`job ${job.id} has no task id`);
    if (await this.writer.finishFromMarker(job, record, taskId)) return;
    if (this.store.getWatermarkJob(job.id)?.state === 'submitted')
      this.life.move(job.id, 'processing');
    const result = await waitForTask<WatermarkResult>(this.options.poller, {
      kind: 'watermark',
      ...(job.submitted_at ? { submittedAt: job.submitted_at } : {}),
      ...waitStart(this.store, job.id),
      ...(signal ? { signal } : {}),
      ...(profile !== undefined ? { profile } : {}),
      check: async () => {
        const seen = await this.options.client.result(taskId, signal ? { signal } : {});
        if (seen.phase === 'in-progress') return { done: false };
        if (seen.phase === 'unknown') return { done: false, status: seen.status };
        return { done: true, value: seen };
      },
    });
    if (result.phase === 'failed') {
      this.life.move(job.id, 'failed', {
        error: storedError(`task-${result.status}`, {
          id: 'core.jobs.failedOnService',
          values: {
            reason: result.errorText ?? {
              id: 'core.jobs.imageReported',
              values: { status: result.status },
            },
          },
        }),
      });
      return;
    }
    const { sourceUrl } = record.options;
    await this.writer.writeResult(job, record, taskId, async (scratch) => {
      const saved = await withFreshLinks(
        result.imageUrls,
        (urls) =>
          download(this.options.transport, {
            url: urls[0] ?? '',
            targetDir: scratch,
            fileName: 'result',
            ...(signal ? { signal } : {}),
          }),
        () => this.freshLinks(taskId, signal),
      );
      return {
        result: await readFile(saved.path),
        // The service read an address as stored, before any EXIF turn (see `maskFor`).
        ...((await sentByAddress(sourceUrl, job.input_path)) && {
          resultOrientation: (await readHeader(job.input_path)).orientation,
        }),
      };
    });
  }
}
