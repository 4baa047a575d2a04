import path from 'node:path';
import { AbortedError } from '../../api/errors.ts';
import { recoverImage } from '../../media/unblend/recover.ts';
import { UserFacingError } from '../../user-error.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';
import type { WatermarkRecord } from './watermark-record.ts';
import type { ResultWriter } from './watermark-writer.ts';

/**
 * A job for this computer: the blend undone with the measurement it was queued with, the
 * result written by the same rules as the service's, and nothing sent anywhere. Its
 * `preparing` is the un-blending; `downloading` the writing, picked up after a restart.
 */
export async function runLocal(
  writer: ResultWriter,
  job: WatermarkJobRow,
  record: WatermarkRecord,
  signal?: AbortSignal,
): Promise<void> {
  const { estimate } = record.options;
  if (!estimate) {
    throw new UserFacingError({
      id: 'core.watermark.noMeasurement',
      values: { name: path.basename(job.input_path) },
    });
  }
  if (await writer.finishFromMarker(job, record, undefined)) return;
  const patches = await recoverImage(job.input_path, await writer.estimates.load(estimate));
  if (signal?.aborted)
    throw new AbortedError('canceled before writing', { operation: 'watermark.submit' });
  await writer.writeResult(job, record, undefined, () => Promise.resolve({ result: { patches } }));
}
