import type { UUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IN_FLIGHT_STATES, type JobState } from '../../../src-shared/domain/job-states.ts';
import type { DoubtChoice } from '../../../src-shared/domain/job-doubt.ts';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { scaleStrokes, strokesSchema } from '../../../src-shared/domain/strokes.ts';
import { download } from '../api/downloader.ts';
import { AbortedError } from '../api/errors.ts';
import type { Transport } from '../api/http.ts';
import { taskProfile } from '../api/completion-model.ts';
import type { Poller } from '../api/poller.ts';
import type { WatermarkClient, WatermarkResult } from '../api/watermark-client.ts';
import { prepareImage, sentByAddress, type PreparedImage } from '../media/intake.ts';
import { MaskImportError, importMask, wholeMaskProblem } from '../media/mask-import.ts';
import { MaskStore } from '../media/mask-store.ts';
import type { AppLogger } from '../diagnostics/logger.ts';
import { readHeader } from '../media/decode.ts';
import { serviceMaskPng, uprightToStored } from '../media/service-mask.ts';
import { recoverClaims } from '../fs/claim-name.ts';
import { sweepOwnedTemps } from '../fs/temp-files.ts';
import {
  PROVENANCE_LOG,
  outputDirFor,
  outputOutcomeSchema,
  writeOutput,
  type FromService,
  type OutputOutcome,
  type OutputRequest,
  type ProvenanceLine,
} from '../media/output.ts';
import { EstimateStore } from '../media/unblend/estimate-store.ts';
import { markSeenIn } from '../media/unblend/mark-check.ts';
import { expectsTrace } from '../../../src-shared/domain/expected-quality.ts';
import { recoverImage } from '../media/unblend/recover.ts';
import { defaultImageOutputDir } from '../paths.ts';
import { issueAtWords } from '../../../src-shared/i18n/issue-words.ts';
import { coreIntl, said } from '../i18n/core-words.ts';
import { UserFacingError } from '../user-error.ts';
import {
  CheckAgainError,
  TaskJobLoop,
  waitForTask,
  waitStart,
  withFreshLinks,
} from './check-again.ts';
import { failureStep, fairShare, type Startable } from './job-loop.ts';
import { doubtAbout, keepAsItIs, toTheService } from './doubt.ts';
import { errorValue } from './outcome.ts';
import { hashFile, maskKeyOf } from './own-results.ts';
import { readStoredJson } from './stored-json.ts';
import type { JobEvent, JobStore, TransitionPatch, WatermarkJobRow } from './store.ts';
import {
  damagedJobError,
  readWatermarkRecord,
  type JobOptions,
  type WatermarkRecord,
} from './watermark-record.ts';

export interface WatermarkInput {
  inputPath: string;
  strokes?: unknown;
  maskFile?: string;
  /** The image's address, when the user gave one; `inputPath` is then a local copy. */
  sourceUrl?: string;
  /** The file's size when it was added, for the list. */
  bytes?: number;
  /** The folder the file was dropped as part of, mirrored under the output folder. */
  root?: string;
  /** `local`: cleaned on this computer with the measurement `estimate` (free, nothing sent). */
  engine?: 'local';
  estimate?: string;
  /** What the self-check expected of it (dB), when no one looked at that first. */
  expectedDb?: number;
}

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

/** Left in a job's download folder once its result is written. */
const WRITTEN_MARKER = 'written.json';

/**
 * Runs watermark jobs from the store: a fair share of the concurrency for each batch, one
 * poller for every task, every step recorded before the next begins, so a restart picks up
 * each job where it was without sending anything twice.
 */
export class WatermarkEngine extends TaskJobLoop {
  private readonly options: WatermarkEngineOptions;

  constructor(options: WatermarkEngineOptions) {
    super();
    this.options = options;
    if (options.spaceCheckMs !== undefined) this.spaceCheckMs = options.spaceCheckMs;
  }

  private get store(): JobStore {
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
        const dir = this.outputDirOf(job, record.options);
        const claimed = job.state === 'downloading' ? await recoverClaims(dir, job.id) : undefined;
        if (job.state === 'downloading') await sweepOwnedTemps(dir, job.id);
        const local = record.options.engine === 'local';
        if (claimed && (job.remote_task_id || local)) {
          await this.finishWritten(job, record, job.remote_task_id ?? undefined, dir, {
            written: claimed,
          });
          await rm(path.join(this.scratchRoot, job.id), { recursive: true, force: true });
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

  /** Where results are downloaded before they are written out. */
  private get scratchRoot(): string {
    return path.join(this.dataDir, 'downloads');
  }

  /** Download folders left by a crash, of jobs that are no longer downloading, are removed. */
  private sweepScratch(): void {
    const entries = existsSync(this.scratchRoot) ? readdirSync(this.scratchRoot) : [];
    for (const name of entries) {
      if (this.store.getWatermarkJob(name)?.state !== 'downloading') {
        rmSync(path.join(this.scratchRoot, name), { recursive: true, force: true });
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
    const jobs = inputs.map((input) => {
      const options = {
        ...(input.maskFile !== undefined ? { maskFile: input.maskFile } : {}),
        ...(input.sourceUrl !== undefined ? { sourceUrl: input.sourceUrl } : {}),
        ...(input.bytes !== undefined ? { bytes: input.bytes } : {}),
        ...(input.root !== undefined ? { root: input.root } : {}),
        ...(input.engine === 'local' ? { engine: input.engine, estimate: input.estimate } : {}),
        ...(input.engine === 'local' && input.expectedDb !== undefined
          ? { expectedDb: input.expectedDb }
          : {}),
      };
      if (input.strokes === undefined || input.maskFile !== undefined) {
        return { inputPath: input.inputPath, options };
      }
      const strokes = strokesSchema.safeParse(input.strokes);
      if (!strokes.success) {
        throw new UserFacingError(
          said('core.watermark.maskMalformed', {
            input: input.inputPath,
            detail: strokes.error.issues[0]
              ? issueAtWords(coreIntl(), strokes.error.issues[0])
              : said('core.watermark.invalid'),
          }),
        );
      }
      return { inputPath: input.inputPath, mask: strokes.data, options };
    });
    const ids = this.store.addWatermarkJobs(jobs, batchId);
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
    const mask = await this.maskFor(job, record, prepared, byAddress);
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

  private async finishWritten(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    taskId: string | undefined,
    outputDir: string,
    outcome: OutputOutcome,
  ): Promise<void> {
    if ('written' in outcome) {
      const sha256 = await hashFile(outcome.written);
      await this.recordProvenance(outputDir, job, record, taskId, outcome, sha256);
    }
    const taken = 'written' in outcome ? outcome.fromService : undefined;
    const doubt =
      'written' in outcome
        ? doubtAbout(taken, await this.markVisible(job, record, outcome))
        : undefined;
    this.move(
      job.id,
      'done',
      'written' in outcome
        ? {
            outputPath: outcome.written,
            // Said on the job as well as in the log: its result is the service's throughout.
            ...(taken?.region === 'whole' && { detail: { notComposited: taken.reason } }),
            ...(doubt && { doubt }),
          }
        : { detail: { skipped: outcome.skipped } },
    );
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

  /** Where this job's result goes (`outputDirFor` decides). */
  private outputDirOf(job: WatermarkJobRow, options: JobOptions): string {
    return outputDirFor(job.input_path, this.outputSettings(options), options.root);
  }

  /** An image from a URL has no folder of its own: its result goes to the default images folder. */
  private outputSettings({ sourceUrl }: JobOptions): Settings {
    const settings = this.options.settings();
    return sourceUrl && !settings.outputFolder
      ? { ...settings, outputFolder: defaultImageOutputDir() }
      : settings;
  }

  /**
   * A job that wrote its result just before a crash is done; it is not downloaded again. A
   * marker that cannot be read says nothing: the result is fetched again by its task id
   * (free) and written as the settings say, at worst as a second copy, never lost.
   */
  private async finishFromMarker(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    taskId: string | undefined,
  ): Promise<boolean> {
    if (this.store.getWatermarkJob(job.id)?.state !== 'downloading') return false;
    const scratch = path.join(this.scratchRoot, job.id);
    const marker = await readFile(path.join(scratch, WRITTEN_MARKER), 'utf8').catch(
      () => undefined,
    );
    if (!marker) return false;
    const read = readStoredJson(outputOutcomeSchema, marker, WRITTEN_MARKER);
    if (!read.ok) return false;
    const outcome = read.value;
    if ('written' in outcome && !existsSync(outcome.written)) return false;
    const dir = path.dirname('written' in outcome ? outcome.written : outcome.skipped);
    await this.finishWritten(job, record, taskId, dir, outcome);
    await rm(scratch, { recursive: true, force: true });
    return true;
  }

  /**
   * One JSON line per cleaned image in the output folder's provenance log: where it came
   * from, which task made it and when. One file per folder rather than one per image, so a
   * folder of 800 photos does not gain 800 side files. A line cut short by a crash is
   * simply unreadable; readers skip it. The result's hash also goes to the job database,
   * which outlives the job's row, so a copy of the result is known anywhere (own-results.ts).
   */
  private async recordProvenance(
    outputDir: string,
    job: WatermarkJobRow,
    { options: { maskFile, engine, estimate }, strokes }: WatermarkRecord,
    taskId: string | undefined,
    { written: output, fromService }: { written: string; fromService?: FromService | undefined },
    sha256: string,
  ): Promise<void> {
    const source = await stat(job.input_path).then(
      async (info) => ({ sha256: await hashFile(job.input_path), bytes: info.size }),
      () => undefined,
    );
    this.store.recordWrittenResult({
      sha256,
      bytes: (await stat(output)).size,
      output_path: output,
      source_path: job.input_path,
      source_sha256: source?.sha256 ?? null,
      source_bytes: source?.bytes ?? null,
      mask_key: await maskKeyOf({
        ...(strokes ? { strokes } : {}),
        ...(maskFile !== undefined ? { maskFile } : {}),
      }),
      mask_json: strokes && maskFile === undefined ? JSON.stringify(strokes) : null,
    });
    const line: ProvenanceLine = {
      source: job.input_path,
      output,
      sha256,
      sourceSha256: source?.sha256,
      service: 'watermark',
      taskId,
      ...(engine === 'local' && estimate
        ? {
            engine,
            estimate: { id: estimate, images: (await this.estimates.load(estimate)).images },
          }
        : { engine: 'service' as const }),
      attempt: job.attempt,
      mask: strokes ? 'drawn' : maskFile ? maskFile : 'none',
      fromService,
      queuedAt: new Date(job.created_at).toISOString(),
      submittedAt: job.submitted_at ? new Date(job.submitted_at).toISOString() : undefined,
      finishedAt: new Date().toISOString(),
    };
    await appendFile(path.join(outputDir, PROVENANCE_LOG), `${JSON.stringify(line)}\n`);
  }

  /**
   * The mask to send, at the size of the image as the service reads it. A local file is sent
   * upright and perhaps downscaled, so the strokes are scaled with it. An address sent as
   * such (`sentByAddress`) is read by the service itself, at full size and with its pixels as
   * stored (before any EXIF turn), so the strokes, drawn on the upright picture, are laid out
   * as stored. A mask that marks
   * nothing is refused here, before anything is paid for, and so is a mask file that marks
   * everything (see `wholeMaskProblem`).
   */
  private async maskFor(
    job: WatermarkJobRow,
    { options: { maskFile }, strokes }: WatermarkRecord,
    prepared: PreparedImage,
    byAddress: boolean,
  ): Promise<{ base64: string } | undefined> {
    if (!strokes && !maskFile) return undefined;
    const size = byAddress
      ? { width: prepared.sourceWidth, height: prepared.sourceHeight }
      : { width: prepared.width, height: prepared.height };
    let plane: Uint8Array;
    if (strokes) {
      plane = await new MaskStore(path.join(this.dataDir, 'masks')).plane(
        scaleStrokes(strokes, size.width / prepared.sourceWidth),
        size.width,
        size.height,
      );
    } else {
      const bytes = await readFile(maskFile as string).catch(() => {
        throw new MaskImportError(said('core.watermark.maskFileGone', { file: String(maskFile) }));
      });
      const imported = await importMask(bytes, size.width, size.height);
      // Whether it means the whole image or nothing is the user's to say, never guessed.
      if (imported.everything) throw new MaskImportError(wholeMaskProblem(imported.everything));
      plane = imported.plane;
    }
    const orientation = byAddress ? ((await readHeader(job.input_path)).orientation ?? 1) : 1;
    const png = serviceMaskPng(uprightToStored(plane, size, orientation));
    return { base64: png.toString('base64') };
  }

  /**
   * The job's mask at the input's upright size, where its result is put back into the
   * input. Strokes are drawn on the upright input, in its pixels. A mask file that can no
   * longer be read gives none: the region the service changed is then found by comparison.
   */
  private async uprightPlane(
    { options: { maskFile }, strokes }: WatermarkRecord,
    width: number,
    height: number,
  ): Promise<Uint8Array | undefined> {
    if (strokes)
      return new MaskStore(path.join(this.dataDir, 'masks')).plane(strokes, width, height);
    if (maskFile === undefined) return undefined;
    const bytes = await readFile(maskFile).catch(() => undefined);
    return bytes && (await importMask(bytes, width, height)).plane;
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
    if (await this.finishFromMarker(job, record, taskId)) return;
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
    await this.writeResult(job, record, taskId, async (scratch) => {
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
    if (await this.finishFromMarker(job, record, undefined)) return;
    const patches = await recoverImage(job.input_path, await this.estimates.load(estimate));
    if (signal?.aborted)
      throw new AbortedError('canceled before writing', { operation: 'watermark.submit' });
    await this.writeResult(job, record, undefined, () => Promise.resolve({ result: { patches } }));
  }

  /**
   * The free check after cleaning: whether the mark can still be read in the result, for a
   * job with a measurement of its mark (cleaned on this computer, or sent to the service
   * after that); a check that cannot be made says nothing, and the result stands.
   */
  private async markVisible(
    job: WatermarkJobRow,
    { options: { estimate, expectedDb } }: WatermarkRecord,
    { written }: { written: string },
  ): Promise<boolean> {
    if (!estimate) return false;
    // A trace the self-check expected, on a default no one looked at, stands until the
    // check reads the result and finds none.
    const expectedTrace = expectedDb !== undefined && expectsTrace(expectedDb);
    try {
      return (await markSeenIn(written, await this.estimates.load(estimate))) ?? expectedTrace;
    } catch (error) {
      this.options.log?.warn(
        'jobs',
        `${job.input_path}: the mark check could not run:`,
        errorValue(error).message,
      );
      return expectedTrace;
    }
  }

  /** Where measurements of marks are kept (see `EstimateStore`), read once per mark. */
  private get estimates(): EstimateStore {
    this.estimateStore ??= new EstimateStore(path.join(this.dataDir, 'estimates'));
    return this.estimateStore;
  }

  private estimateStore: EstimateStore | undefined;

  /**
   * Writes a job's result into its output folder: `produce` gives the result (downloading
   * it into the job's scratch folder, or from pixels made here); a marker noted the moment
   * the result holds its name keeps a crash from writing it twice.
   */
  private async writeResult(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    taskId: string | undefined,
    produce: (
      scratch: string,
    ) => Promise<Pick<OutputRequest, 'result'> & Partial<Pick<OutputRequest, 'resultOrientation'>>>,
  ): Promise<void> {
    if (this.store.getWatermarkJob(job.id)?.state !== 'downloading')
      this.move(job.id, 'downloading');
    const settings = this.outputSettings(record.options);
    const outputDir = this.outputDirOf(job, record.options);
    await mkdir(outputDir, { recursive: true });
    // One folder per job, outside the user's folders: a download cut off by a crash is
    // swept up when the job resumes or the engine starts.
    const scratch = path.join(this.scratchRoot, job.id);
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch, { recursive: true });
    try {
      const produced = await produce(scratch);
      const marker = path.join(scratch, WRITTEN_MARKER);
      const { root } = record.options;
      let noted: OutputOutcome | undefined;
      const outcome = await writeOutput({
        owner: job.id,
        input: job.input_path,
        ...(root !== undefined ? { root } : {}),
        ...produced,
        mask: (width, height) => this.uprightPlane(record, width, height),
        settings,
        n: this.store.positionInBatch(job.id),
        // Noted at once, so a crash before the job is marked done does not write it twice.
        noteWritten: (written, fromService) => {
          noted = { written, fromService };
          return writeFile(marker, JSON.stringify(noted));
        },
      });
      if ('skipped' in outcome) await writeFile(marker, JSON.stringify(outcome));
      await this.finishWritten(job, record, taskId, outputDir, noted ?? outcome);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}
