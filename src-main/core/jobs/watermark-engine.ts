import type { UUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { IN_FLIGHT_STATES, type JobState } from '../../../src-shared/domain/job-states.ts';
import type { DoubtChoice } from '../../../src-shared/domain/job-doubt.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { download } from '../api/downloader.ts';
import { AbortedError } from '../api/errors.ts';
import type { Transport } from '../api/http.ts';
import { taskProfile } from '../api/completion-model.ts';
import type { Poller } from '../api/poller.ts';
import type { WatermarkClient, WatermarkResult } from '../api/watermark-client.ts';
import { prepareImage, sentByAddress } from '../media/intake.ts';
import type { AppLogger } from '../diagnostics/logger.ts';
import { readHeader } from '../media/decode.ts';
import { recoverClaims } from '../fs/claim-name.ts';
import { sweepOwnedTemps } from '../fs/temp-files.ts';
import { recoverImage } from '../media/unblend/recover.ts';
import { said } from '../i18n/core-words.ts';
import { UserFacingError } from '../user-error.ts';
import {
  CheckAgainError,
  TaskJobLoop,
  waitForTask,
  waitStart,
  withFreshLinks,
} from './check-again.ts';
import { failureStep, fairShare, type Startable } from './job-loop.ts';
import { keepAsItIs, toTheService } from './doubt.ts';
import { newJobOf, type WatermarkInput } from './watermark-input.ts';
import { maskToSend } from './watermark-masks.ts';
import { ResultWriter } from './watermark-writer.ts';
import type { JobEvent, JobStore, TransitionPatch, WatermarkJobRow } from './store.ts';
import { damagedJobError, readWatermarkRecord, type WatermarkRecord } from './watermark-record.ts';

export type { WatermarkInput };

export interface WatermarkEngineOptions {
  store: JobStore;
  client: WatermarkClient;
  transport: Transport;
  poller: Poller;
  settings: () => Settings;
  onEvent?: (event: JobEvent) => void;
  /** Where a check that could not run is noted (the app's log); the job goes on without it. */
  log?: Pick<AppLogger, 'warn'>;
  /** How often a job waiting for disk space looks again; tests shorten it. */
  spaceCheckMs?: number;
}

/**
 * Runs watermark jobs from the store: a fair share of the concurrency for each batch, one
 * poller for every task, every step recorded before the next begins, so a restart picks up
 * each job where it was without sending anything twice.
 */
export class WatermarkEngine extends TaskJobLoop {
  private readonly options: WatermarkEngineOptions;

  private readonly writer: ResultWriter;

  constructor(options: WatermarkEngineOptions) {
    super();
    this.options = options;
    this.writer = new ResultWriter({
      store: options.store,
      settings: options.settings,
      dataDir: path.dirname(options.store.db.name),
      log: options.log,
      move: (id, to, patch) => this.move(id, to, patch),
    });
    if (options.spaceCheckMs !== undefined) this.spaceCheckMs = options.spaceCheckMs;
  }

  get store(): JobStore {
    return this.options.store;
  }

  protected move(id: string, to: JobState, patch: TransitionPatch = {}): void {
    // Not folded into `onEvent?.(…)`: an optional call skips evaluating its argument.
    const event = this.store.transition('watermark', id, to, patch);
    this.options.onEvent?.(event);
  }

  /**
   * Brings jobs a previous run left in flight back to life. Local steps start again; a job
   * with a task id is polled by that id; a submission whose outcome is unknown waits for
   * the user (there is no way to list watermark tasks and find it).
   */
  recover(): void {
    this.sweepScratch();
    for (const job of this.store.watermarkJobsIn(IN_FLIGHT_STATES)) {
      const work = this.resumable(job.id);
      if (work) this.launch(work);
    }
    this.pump();
  }

  protected resumable(id: string): Startable | undefined {
    const job = this.store.getWatermarkJob(id);
    if (job?.state === 'preparing') this.move(id, 'queued', { detail: { recovered: true } });
    else if (job?.state === 'submitting') {
      this.move(id, 'needs-attention', {
        error: { code: 'unknown-outcome', message: said('core.jobs.imageUnknownOutcome') },
      });
    } else if (job && IN_FLIGHT_STATES.includes(job.state)) {
      return this.startable(job, async (signal) => {
        const record = this.recordOf(job);
        if (!record) return;
        // A write cut off by a crash left its temporary file beside the result: remove it,
        // unless it is the twin of a result already under its name, which is then kept.
        // Only a job caught downloading can have written: the others leave the output
        // folder, which may hold a whole history of results, unread.
        const dir = this.writer.outputDirOf(job, record.options);
        const claimed = job.state === 'downloading' ? await recoverClaims(dir, job.id) : undefined;
        if (job.state === 'downloading') await sweepOwnedTemps(dir, job.id);
        const local = record.options.engine === 'local';
        if (claimed && (job.remote_task_id || local)) {
          await this.writer.finishWritten(job, record, job.remote_task_id ?? undefined, dir, {
            written: claimed,
          });
          await rm(path.join(this.writer.scratchRoot, job.id), { recursive: true, force: true });
        } else if (local) await this.runLocal(job, record, signal);
        else await this.afterSubmit(job, record, signal);
      });
    }
    return undefined;
  }

  protected standing(id: string): { state: JobState; taskIdKnown: boolean } | undefined {
    const job = this.store.getWatermarkJob(id);
    return job && { state: job.state, taskIdKnown: job.remote_task_id !== null };
  }

  /**
   * The job's stored options and mask, or undefined when they cannot be read back: the job
   * then waits for the user with a message that says so, and the other jobs go on.
   */
  private recordOf(job: WatermarkJobRow): WatermarkRecord | undefined {
    const record = readWatermarkRecord(job);
    if (record.ok) return record.value;
    this.move(job.id, 'needs-attention', { error: damagedJobError(record.problem) });
    return undefined;
  }

  protected noteWaiting(id: string, error: { code: string; message: string } | null): void {
    const event = this.store.noteWaiting('watermark', id, error);
    if (event) this.options.onEvent?.(event);
  }

  /** The folder of the job database, which also holds downloads and imported masks. */
  private get dataDir(): string {
    return path.dirname(this.store.db.name);
  }

  /** Download folders left by a crash, of jobs that are no longer downloading, are removed. */
  private sweepScratch(): void {
    const entries = existsSync(this.writer.scratchRoot) ? readdirSync(this.writer.scratchRoot) : [];
    for (const name of entries) {
      if (this.store.getWatermarkJob(name)?.state !== 'downloading') {
        rmSync(path.join(this.writer.scratchRoot, name), { recursive: true, force: true });
      }
    }
  }

  /**
   * Strokes are checked here, so a malformed mask is refused before anything is stored. An
   * image given by URL keeps a local copy as its input (for the mask, the preview, the
   * name and the format of the result) and is sent to the service as that URL. `batchId`
   * adds them to a batch already begun, for a big batch added a slice at a time.
   */
  add(inputs: ReadonlyArray<WatermarkInput>, batchId?: UUID): string[] {
    const ids = this.store.addWatermarkJobs(inputs.map(newJobOf), batchId);
    this.pump();
    return ids;
  }

  /** Stops polling; a task already sent may still be processed and billed by the service. */
  cancel(ids: readonly string[]): void {
    for (const id of ids) {
      const job = this.store.getWatermarkJob(id);
      if (!job) continue;
      if (job.state === 'queued' || job.state === 'needs-attention' || this.stopWaiting(id)) {
        this.move(id, 'canceled');
      } else {
        this.abortRunning(id);
      }
    }
  }

  /** Takes done and canceled jobs off the list; their files stay where they were written. */
  clearFinished(): number {
    return this.store.clearFinishedWatermarkJobs();
  }

  protected concurrency(): number {
    return this.options.settings().concurrency.watermark;
  }

  protected hasQueued(): boolean {
    return this.store.anyWatermarkJobIn(['queued']);
  }

  protected nextJobs(free: number, runningPerGroup: Map<string, number>): Startable[] {
    // A batch never gets more than `free` of the slots, so reading that many heads of each is enough.
    return fairShare(
      this.store.queuedWatermarkHeads(free),
      (job) => job.batch_id,
      free,
      runningPerGroup,
    ).map((job) => this.startable(job, (signal) => this.runFromStart(job, signal)));
  }

  private startable(
    job: { id: string; batch_id: string },
    work: (signal: AbortSignal) => Promise<void>,
  ): Startable {
    return { id: job.id, group: job.batch_id, work };
  }

  protected settleFailure(id: string, error: unknown, signal: AbortSignal): void {
    const step = failureStep({
      state: this.store.getWatermarkJob(id)?.state,
      error,
      aborted: signal.aborted,
      stopping: this.stopped,
      unknownOutcome: said('core.jobs.imageUnknownOutcome'),
      canceledNote: said('core.jobs.imagePollingStopped'),
    });
    if (step) this.move(id, step.to, step.patch);
  }

  private async runFromStart(job: WatermarkJobRow, signal: AbortSignal): Promise<void> {
    const settings = this.options.settings();
    this.move(job.id, 'preparing');
    const record = this.recordOf(job);
    if (!record) return;
    if (record.options.engine === 'local') {
      await this.runLocal(job, record, signal);
      return;
    }
    const prepared = await prepareImage(job.input_path, {
      use: 'watermark',
      ...settings.watermarkPixelCap,
      maxMegapixels: settings.watermarkPixelCap.megapixels,
    });
    const { sourceUrl } = record.options;
    const byAddress = await sentByAddress(sourceUrl, job.input_path);
    const mask = await maskToSend(this.dataDir, job, record, prepared, byAddress);
    if (signal.aborted)
      throw new AbortedError('canceled before sending', { operation: 'watermark.submit' });
    this.move(job.id, 'submitting');
    const taskId = await this.options.client.submit(
      byAddress && sourceUrl ? { url: sourceUrl } : { base64: prepared.base64 },
      mask,
    );
    this.move(job.id, 'submitted', { remoteTaskId: taskId });
    // The row as stored: its submission time is on the store's clock, the one the poller's
    // deadline is counted on (not the wall clock, which a test's faster clock runs ahead of).
    const sent = this.store.getWatermarkJob(job.id);
    // Timing is learned per account and size; a key that cannot be read now only loses that.
    const account = await this.options.client.account().catch(() => undefined);
    const profile = account && taskProfile(account, prepared.width * prepared.height);
    await this.afterSubmit(sent ?? { ...job, remote_task_id: taskId }, record, signal, profile);
  }

  /**
   * The user's word on results in doubt: kept as they are (free), or sent to the service, a
   * new paid attempt the window asked about first. Returns how many were decided.
   */
  decide(ids: readonly string[], choice: DoubtChoice): number {
    let count = 0;
    for (const id of ids) {
      if (choice === 'keep') {
        const event = keepAsItIs(this.store, id);
        if (event) this.options.onEvent?.(event);
        count += event ? 1 : 0;
        continue;
      }
      const doubt = toTheService(this.store, id);
      if (!doubt) continue;
      this.move(id, 'queued', { detail: { sendAgain: true, doubt } });
      count += 1;
    }
    this.pump();
    return count;
  }

  /** The result's links asked for again by the task id (free), after the ones given failed. */
  private async freshLinks(taskId: string, signal?: AbortSignal): Promise<string[]> {
    const seen = await this.options.client.result(taskId, signal ? { signal } : {});
    if (seen.phase !== 'succeeded' || seen.imageUrls.length === 0) {
      throw new CheckAgainError(
        said('core.jobs.linkGone', { what: 'result', status: seen.status }),
      );
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
    if (this.store.getWatermarkJob(job.id)?.state === 'submitted') this.move(job.id, 'processing');
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
      this.move(job.id, 'failed', {
        error: {
          code: `task-${result.status}`,
          message: said('core.jobs.failedOnService', {
            reason: result.errorText ?? said('core.jobs.imageReported', { status: result.status }),
          }),
        },
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

  /**
   * A job for this computer: the blend undone with the measurement it was queued with, the
   * result written by the same rules as the service's, and nothing sent anywhere. Its
   * `preparing` is the un-blending; `downloading` the writing, picked up after a restart.
   */
  private async runLocal(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    signal?: AbortSignal,
  ): Promise<void> {
    const { estimate } = record.options;
    if (!estimate) {
      throw new UserFacingError(
        said('core.watermark.noMeasurement', { name: path.basename(job.input_path) }),
      );
    }
    if (await this.writer.finishFromMarker(job, record, undefined)) return;
    const patches = await recoverImage(job.input_path, await this.writer.estimates.load(estimate));
    if (signal?.aborted)
      throw new AbortedError('canceled before writing', { operation: 'watermark.submit' });
    await this.writer.writeResult(job, record, undefined, () =>
      Promise.resolve({ result: { patches } }),
    );
  }
}
