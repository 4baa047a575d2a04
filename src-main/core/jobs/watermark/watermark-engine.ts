import type { UUID } from 'node:crypto';
import type { DoubtChoice } from '../../../../src-shared/domain/job-doubt.ts';
import { keepAsItIs, toTheService } from './doubt.ts';
import { TaskEngine, type TaskEngineOptions } from '../lifecycle/task-engine.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';
import { newJobOf, type WatermarkInput } from './watermark-input.ts';
import { WatermarkJobs, type WatermarkJobsOptions } from './watermark-jobs.ts';

export type { WatermarkInput };

export type WatermarkEngineOptions = TaskEngineOptions & WatermarkJobsOptions;

/**
 * Runs watermark jobs from the store: the shared lifecycle over the watermark kind's steps
 * (`WatermarkJobs`), with what only this kind offers: adding a batch, the user's word on
 * results in doubt, and clearing finished jobs off the list.
 */
export class WatermarkEngine extends TaskEngine<WatermarkJobRow> {
  constructor(options: WatermarkEngineOptions) {
    super(options, (life) => new WatermarkJobs(options, life));
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

  /** Takes done and canceled jobs off the list; their files stay where they were written. */
  clearFinished(): number {
    return this.store.watermarks.clearFinished();
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
        this.announce(event);
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
}
