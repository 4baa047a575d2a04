import path from 'node:path';
import { canCheckAgain } from '../../../src-shared/domain/job-states.ts';
import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import { doubtOf } from '../jobs/watermark/doubt.ts';
import { readStoredError } from '../jobs/lifecycle/outcome.ts';
import { shownError } from '../jobs/store/damaged-record.ts';
import type { WatermarkJobRow } from '../jobs/store/job-tables.ts';
import { damagedJobError, readJobOptions } from '../jobs/watermark/watermark-record.ts';

/**
 * What the screens may know of a job: no request body, no mask, nothing secret. A job whose
 * stored values cannot be read is still shown, with what is damaged as its error, so the
 * list loads and the user can cancel it.
 */
export function watermarkJobView(row: WatermarkJobRow, seq: number): WatermarkJobView {
  const options = readJobOptions(row);
  return {
    id: row.id,
    batchId: row.batch_id,
    name: path.basename(row.input_path),
    inputPath: row.input_path,
    ...(options.ok && options.value.root !== undefined ? { root: options.value.root } : {}),
    state: row.state,
    outputPath: row.output_path,
    error: shownError(readStoredError(row.error_json), [options], damagedJobError),
    attempt: row.attempt,
    checkAgain: canCheckAgain(row.state, row.remote_task_id !== null),
    bytes: (options.ok ? options.value.bytes : undefined) ?? null,
    local: options.ok && options.value.engine === 'local',
    doubt: doubtOf(row),
    seq,
    updatedAt: row.updated_at,
  };
}
