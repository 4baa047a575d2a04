import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobState } from '../../../../src-shared/domain/job-states.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import type { AppLogger } from '../../diagnostics/logger.ts';
import {
  outputDirFor,
  outputOutcomeSchema,
  writeOutput,
  type FromService,
  type OutputOutcome,
  type OutputRequest,
} from '../../media/output.ts';
import { EstimateStore } from '../../media/unblend/estimate-store.ts';
import { defaultImageOutputDir } from '../../paths.ts';
import { doubtAbout } from './doubt.ts';
import { errorValue } from '../lifecycle/outcome.ts';
import { hashFile } from './own-results.ts';
import { expectedTrace, markStillVisible } from './result-check.ts';
import { readStoredJson } from '../store/stored-json.ts';
import type { JobStore } from '../store/store.ts';
import type { TransitionPatch, WatermarkJobRow } from '../store/job-tables.ts';
import { uprightMaskPlane } from './watermark-masks.ts';
import { recordProvenance } from './watermark-provenance.ts';
import type { JobOptions, WatermarkRecord } from './watermark-record.ts';
import type { DataPaths } from '../../paths.ts';

/** Left in a job's download folder once its result is written. */
const WRITTEN_MARKER = 'written.json';

/** What writing a result needs from the engine that runs the job. */
export interface WriterContext {
  store: JobStore;
  settings: () => Settings;
  /** The data folder's sub-folders: downloads, masks and measurements. */
  paths: DataPaths;
  /** Where a check that could not run is noted (the app's log); the job goes on without it. */
  log?: Pick<AppLogger, 'warn'> | undefined;
  /** A job's next state, recorded and announced. */
  move: (id: string, to: JobState, patch?: TransitionPatch) => void;
}

/**
 * The last steps of a watermark job, the same for the service's result and one made here:
 * written into the output folder once (a marker keeps a crash from writing it twice), its
 * provenance noted, the free check after cleaning made, and the job done, or done in doubt.
 */
export class ResultWriter {
  private readonly context: WriterContext;

  get paths(): DataPaths {
    return this.context.paths;
  }

  constructor(context: WriterContext) {
    this.context = context;
  }

  async finishWritten(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    taskId: string | undefined,
    outputDir: string,
    outcome: OutputOutcome,
  ): Promise<void> {
    if ('written' in outcome) {
      const sha256 = await hashFile(outcome.written);
      await recordProvenance(
        { store: this.context.store, estimates: this.estimates },
        outputDir,
        job,
        record,
        taskId,
        outcome,
        sha256,
      );
    }
    const taken = 'written' in outcome ? outcome.fromService : undefined;
    const doubt =
      'written' in outcome
        ? doubtAbout(taken, await this.markVisible(job, record, outcome.written, taken))
        : undefined;
    this.context.move(
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

  /** Where this job's result goes (`outputDirFor` decides). */
  outputDirOf(job: WatermarkJobRow, options: JobOptions): string {
    return outputDirFor(job.input_path, this.outputSettings(options), options.root);
  }

  /**
   * The settings as this job's result is written: an image from a URL has no folder of its
   * own (its result goes to the default images folder), and a job that keeps its own format
   * (a watch's profile) is written in it.
   */
  private outputSettings({ sourceUrl, outputFormat }: JobOptions): Settings {
    const settings = this.context.settings();
    return {
      ...settings,
      ...(sourceUrl && !settings.outputFolder ? { outputFolder: defaultImageOutputDir() } : {}),
      ...(outputFormat ? { outputFormat } : {}),
    };
  }

  /**
   * A job that wrote its result just before a crash is done; it is not downloaded again. A
   * marker that cannot be read says nothing: the result is fetched again by its task id
   * (free) and written as the settings say, at worst as a second copy, never lost.
   */
  async finishFromMarker(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    taskId: string | undefined,
  ): Promise<boolean> {
    if (this.context.store.getWatermarkJob(job.id)?.state !== 'downloading') return false;
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
   * The free check after cleaning (see `markStillVisible`); a check that cannot be made
   * says nothing, and the result stands.
   */
  private async markVisible(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    written: string,
    fromService: FromService | undefined,
  ): Promise<boolean> {
    const { estimate, expectedDb } = record.options;
    try {
      return await markStillVisible({
        input: job.input_path,
        written,
        estimate: estimate ? await this.estimates.load(estimate) : undefined,
        expectedDb,
        fromService,
        mask: (width, height) =>
          uprightMaskPlane(this.context.paths.masksDir, record, width, height),
      });
    } catch (error) {
      this.context.log?.warn(
        'jobs',
        `${job.input_path}: the mark check could not run:`,
        errorValue(error).message,
      );
      return expectedTrace(record.options);
    }
  }

  /** Where measurements of marks are kept (see `EstimateStore`), read once per mark. */
  get estimates(): EstimateStore {
    this.estimateStore ??= new EstimateStore(this.context.paths.estimatesDir);
    return this.estimateStore;
  }

  private estimateStore: EstimateStore | undefined;

  /**
   * Writes a job's result into its output folder: `produce` gives the result (downloading
   * it into the job's scratch folder, or from pixels made here); a marker noted the moment
   * the result holds its name keeps a crash from writing it twice.
   */
  async writeResult(
    job: WatermarkJobRow,
    record: WatermarkRecord,
    taskId: string | undefined,
    produce: (
      scratch: string,
    ) => Promise<Pick<OutputRequest, 'result'> & Partial<Pick<OutputRequest, 'resultOrientation'>>>,
  ): Promise<void> {
    if (this.context.store.getWatermarkJob(job.id)?.state !== 'downloading')
      this.context.move(job.id, 'downloading');
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
        mask: (width, height) =>
          uprightMaskPlane(this.context.paths.masksDir, record, width, height),
        settings,
        n: this.context.store.watermarks.positionInBatch(job.id),
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

  /** Where results are downloaded before they are written out. */
  get scratchRoot(): string {
    return this.context.paths.downloadsDir;
  }
}
