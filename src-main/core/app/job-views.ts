import path from 'node:path';
import { canCheckAgain } from '../../../src-shared/domain/job-states.ts';
import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import type { WatermarkJobRow } from '../jobs/store.ts';
import type { JobOptions } from '../jobs/watermark-engine.ts';

/** What the screens may know of a job: no request body, no mask, nothing secret. */
export function watermarkJobView(row: WatermarkJobRow, seq: number): WatermarkJobView {
  return {
    id: row.id,
    batchId: row.batch_id,
    name: path.basename(row.input_path),
    inputPath: row.input_path,
    state: row.state,
    outputPath: row.output_path,
    error: row.error_json ? (JSON.parse(row.error_json) as WatermarkJobView['error']) : null,
    attempt: row.attempt,
    checkAgain: canCheckAgain(row.state, row.remote_task_id !== null),
    bytes: (JSON.parse(row.options_json) as JobOptions).bytes ?? null,
    seq,
    updatedAt: row.updated_at,
  };
}
