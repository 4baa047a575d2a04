import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { FINAL_STATES, type JobState } from '../../../src-shared/domain/job-states.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { strokesSchema } from '../../../src-shared/domain/strokes.ts';
import { download } from '../api/downloader.ts';
import {
  AbortedError,
  AuthenticationError,
  InsufficientFundsError,
  MethodError,
  NetworkError,
  ParameterError,
  RateLimitedError,
  ServiceError,
} from '../api/errors.ts';
import type { Transport } from '../api/http.ts';
import type { Poller } from '../api/poller.ts';
import type { WatermarkClient, WatermarkResult } from '../api/watermark-client.ts';
import { prepareImage } from '../media/intake.ts';
import { buildMask } from '../media/mask-builder.ts';
import { DEFAULT_OUTPUT_SUBFOLDER, writeOutput } from '../media/output.ts';
import { UserFacingError } from '../user-error.ts';
import type { JobEvent, JobStore, WatermarkJobRow } from './store.ts';

export interface WatermarkEngineOptions {
  store: JobStore;
  client: WatermarkClient;
  transport: Transport;
  poller: Poller;
  settings: () => Settings;
  onEvent?: (event: JobEvent) => void;
}

const IN_FLIGHT: readonly JobState[] = [
  'preparing',
  'submitting',
  'submitted',
  'processing',
  'downloading',
];

const UNKNOWN_OUTCOME =
  'The service may have received this image before the connection failed, so it may already have used a credit. Send it again only if you accept that.';

/**
 * What a failed submission means for the user's money. `not-sent`: it provably never reached
 * the service. `refused`: the service answered no, so nothing was charged. `unknown`: it may
 * have been carried out (a dropped connection, a timeout, a 5xx, a garbled answer).
 */
export function submissionOutcome(error: unknown): 'not-sent' | 'refused' | 'unknown' {
  if ((error instanceof NetworkError && !error.requestSent) || error instanceof RateLimitedError)
    return 'not-sent';
  if (
    error instanceof ParameterError ||
    error instanceof AuthenticationError ||
    error instanceof InsufficientFundsError ||
    error instanceof MethodError
  ) {
    return 'refused';
  }
  return 'unknown';
}

function errorValue(error: unknown): { code: string; message: string } {
  if (error instanceof ServiceError) return { code: error.name, message: error.userMessage };
  if (error instanceof UserFacingError) return { code: error.name, message: error.userMessage };
  return { code: 'Error', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs watermark jobs from the store: a fair share of the concurrency for each batch, one
 * poller for every task, every step recorded before the next begins, so a restart picks up
 * each job where it was without sending anything twice.
 */
export class WatermarkEngine {
  private readonly options: WatermarkEngineOptions;
  /** Jobs being worked on, with their batch, for the fair share. */
  private readonly running = new Map<string, { controller: AbortController; batchId: string }>();
  private paused = false;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];

  constructor(options: WatermarkEngineOptions) {
    this.options = options;
  }

  private get store(): JobStore {
    return this.options.store;
  }

  private move(id: string, to: JobState, patch: Parameters<JobStore['transition']>[3] = {}): void {
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
    for (const job of this.store.watermarkJobsIn(IN_FLIGHT)) {
      if (job.state === 'preparing') this.move(job.id, 'queued', { detail: { recovered: true } });
      else if (job.state === 'submitting') {
        this.move(job.id, 'needs-attention', {
          error: { code: 'unknown-outcome', message: UNKNOWN_OUTCOME },
        });
      } else this.launch(job, (signal) => this.afterSubmit(job, signal));
    }
    this.pump();
  }

  /** Strokes are checked here, so a malformed mask is refused before anything is stored. */
  add(inputs: ReadonlyArray<{ inputPath: string; strokes?: unknown }>): string[] {
    const jobs = inputs.map((input) => {
      if (input.strokes === undefined) return { inputPath: input.inputPath };
      const strokes = strokesSchema.safeParse(input.strokes);
      if (!strokes.success) {
        throw new UserFacingError(
          `The mask for ${input.inputPath} is malformed (${strokes.error.issues[0]?.message ?? 'invalid'}); draw it again.`,
        );
      }
      return { inputPath: input.inputPath, mask: strokes.data };
    });
    const ids = this.store.addWatermarkJobs(jobs);
    this.pump();
    return ids;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  /** Stops polling; a task already sent may still be processed and billed by the service. */
  cancel(ids: readonly string[]): void {
    for (const id of ids) {
      const job = this.store.getWatermarkJob(id);
      if (!job) continue;
      if (job.state === 'queued' || job.state === 'needs-attention') {
        this.move(id, 'canceled');
      } else if (this.running.has(id)) {
        this.running.get(id)?.controller.abort();
      }
    }
  }

  retry(ids: readonly string[]): void {
    for (const id of ids) {
      const job = this.store.getWatermarkJob(id);
      if (
        job &&
        (job.state === 'failed' || job.state === 'canceled' || job.state === 'needs-attention')
      ) {
        this.move(id, 'queued', { detail: { retry: true } });
      }
    }
    this.pump();
  }

  /** Resolves when nothing runs and nothing that could run is queued. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops starting jobs and stops polling; jobs keep their state for the next start. */
  stop(): void {
    this.stopped = true;
    for (const { controller } of this.running.values()) controller.abort(new Error('stopping'));
  }

  private isIdle(): boolean {
    return (
      this.running.size === 0 &&
      (this.paused || this.stopped || this.store.watermarkJobsIn(['queued']).length === 0)
    );
  }

  /** Starts queued jobs up to the concurrency, taking from the batch with the fewest running. */
  private pump(): void {
    const limit = this.options.settings().concurrency.watermark;
    if (!this.paused && !this.stopped && this.running.size < limit) {
      // One read of the queue per pump, grouped by batch in the order the batches' oldest
      // jobs were added; each free slot goes to the batch with the fewest jobs running.
      const waiting = new Map<string, WatermarkJobRow[]>();
      for (const job of this.store.watermarkJobsIn(['queued'])) {
        const group = waiting.get(job.batch_id);
        if (group) group.push(job);
        else waiting.set(job.batch_id, [job]);
      }
      const runningPerBatch = new Map<string, number>();
      for (const { batchId } of this.running.values()) {
        runningPerBatch.set(batchId, (runningPerBatch.get(batchId) ?? 0) + 1);
      }
      while (this.running.size < limit && waiting.size > 0) {
        let chosen: string | undefined;
        for (const batchId of waiting.keys()) {
          if (
            chosen === undefined ||
            (runningPerBatch.get(batchId) ?? 0) < (runningPerBatch.get(chosen) ?? 0)
          ) {
            chosen = batchId;
          }
        }
        const group = waiting.get(chosen as string) as WatermarkJobRow[];
        const next = group.shift() as WatermarkJobRow;
        if (group.length === 0) waiting.delete(chosen as string);
        runningPerBatch.set(next.batch_id, (runningPerBatch.get(next.batch_id) ?? 0) + 1);
        this.launch(next, (signal) => this.runFromStart(next, signal));
      }
    }
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private launch(job: WatermarkJobRow, work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    this.running.set(job.id, { controller, batchId: job.batch_id });
    void work(controller.signal)
      .catch((error: unknown) => this.settleFailure(job.id, error, controller.signal))
      .finally(() => {
        this.running.delete(job.id);
        this.pump();
      });
  }

  private settleFailure(id: string, error: unknown, signal: AbortSignal): void {
    const state = this.store.getWatermarkJob(id)?.state;
    if (!state || FINAL_STATES.has(state)) return;
    // Stopping the engine leaves each job where it is, for the next start to resume.
    if (this.stopped && signal.aborted) return;
    if (state === 'submitting') {
      if (submissionOutcome(error) === 'unknown') {
        this.move(id, 'needs-attention', {
          error: { code: 'unknown-outcome', message: UNKNOWN_OUTCOME },
        });
      } else {
        this.move(id, 'failed', { error: errorValue(error) });
      }
      return;
    }
    if (signal.aborted) {
      this.move(id, 'canceled', {
        detail: {
          note: 'Polling stopped. The service may still process this image and use a credit.',
        },
      });
      return;
    }
    this.move(id, 'failed', { error: errorValue(error) });
  }

  private async runFromStart(job: WatermarkJobRow, signal: AbortSignal): Promise<void> {
    const settings = this.options.settings();
    this.move(job.id, 'preparing');
    const prepared = await prepareImage(job.input_path, {
      use: 'watermark',
      ...settings.watermarkPixelCap,
      maxMegapixels: settings.watermarkPixelCap.megapixels,
    });
    let mask: { base64: string } | undefined;
    if (job.mask_json) {
      const strokes = strokesSchema.parse(JSON.parse(job.mask_json));
      mask = { base64: buildMask(prepared.width, prepared.height, strokes).toString('base64') };
    }
    if (signal.aborted)
      throw new AbortedError('canceled before sending', { operation: 'watermark.submit' });
    this.move(job.id, 'submitting');
    const taskId = await this.options.client.submit({ base64: prepared.base64 }, mask);
    this.move(job.id, 'submitted', { remoteTaskId: taskId });
    await this.afterSubmit({ ...job, remote_task_id: taskId, submitted_at: Date.now() }, signal);
  }

  private async afterSubmit(job: WatermarkJobRow, signal?: AbortSignal): Promise<void> {
    const taskId = job.remote_task_id;
    if (!taskId) throw new Error(`job ${job.id} has no task id`);
    if (this.store.getWatermarkJob(job.id)?.state === 'submitted') this.move(job.id, 'processing');
    const result = await this.options.poller.track<WatermarkResult>({
      kind: 'watermark',
      ...(job.submitted_at ? { submittedAt: job.submitted_at } : {}),
      ...(signal ? { signal } : {}),
      check: async () => {
        const seen = await this.options.client.result(taskId, signal ? { signal } : {});
        return seen.phase === 'in-progress' ? { done: false } : { done: true, value: seen };
      },
    });
    if (result.phase === 'failed') {
      this.move(job.id, 'failed', {
        error: {
          code: `task-${result.status}`,
          message: result.errorText ?? `The service reported ${result.status}.`,
        },
      });
      return;
    }
    if (this.store.getWatermarkJob(job.id)?.state !== 'downloading')
      this.move(job.id, 'downloading');
    const settings = this.options.settings();
    const outputDir =
      settings.outputFolder ?? path.join(path.dirname(job.input_path), DEFAULT_OUTPUT_SUBFOLDER);
    await mkdir(outputDir, { recursive: true });
    // Named after the job, so a download cut off by a crash is swept up when the job resumes.
    const scratch = path.join(outputDir, `.clearframe-${job.id}`);
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch);
    try {
      const saved = await download(this.options.transport, {
        url: result.imageUrls[0] ?? '',
        targetDir: scratch,
        fileName: 'result',
        ...(signal ? { signal } : {}),
      });
      const position =
        this.store.watermarkJobsIn(['downloading', 'done']).findIndex((row) => row.id === job.id) +
        1;
      const outcome = await writeOutput({
        input: job.input_path,
        result: await readFile(saved.path),
        settings,
        n: Math.max(1, position),
      });
      this.move(
        job.id,
        'done',
        'written' in outcome
          ? { outputPath: outcome.written }
          : { detail: { skipped: outcome.skipped } },
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}
