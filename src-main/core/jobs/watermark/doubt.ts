import { JOB_DOUBTS, type JobDoubt } from '../../../../src-shared/domain/job-doubt.ts';
import type { FromService } from '../../media/output.ts';
import type { JobEvent, WatermarkJobRow } from '../store/job-tables.ts';
import type { JobStore } from '../store/store.ts';
import { readJobOptions } from './watermark-record.ts';

/** The doubt a job holds, read as one of the known words; anything else is none. */
export function doubtOf(row: Pick<WatermarkJobRow, 'state' | 'doubt'>): JobDoubt | null {
  if (row.state !== 'done') return null;
  return (JOB_DOUBTS as readonly string[]).includes(row.doubt ?? '')
    ? (row.doubt as JobDoubt)
    : null;
}

/**
 * Why a written result cannot be vouched for: the service gave the image back unchanged
 * where it was taken, or the check after cleaning (`markVisible`) still reads the mark.
 */
export function doubtAbout(
  fromService: FromService | undefined,
  markVisible: boolean,
): JobDoubt | undefined {
  if (fromService?.region === 'unchanged') return 'unchanged';
  return markVisible ? 'mark-visible' : undefined;
}

/**
 * The user keeps a result in doubt as it is: it is done from now on, and the event says it
 * was kept with its doubt (free; nothing is sent).
 */
export function keepAsItIs(store: JobStore, id: string): JobEvent | undefined {
  return store.db
    .transaction(() => {
      const row = store.getWatermarkJob(id);
      const doubt = row && doubtOf(row);
      if (!doubt) return undefined;
      store
        .statement('UPDATE watermark_jobs SET doubt = NULL, updated_at = ? WHERE id = ?')
        .run(store.now(), id);
      return store.appendEvent(id, 'watermark', 'done', { kept: doubt });
    })
    .immediate();
}

/**
 * Readies a result in doubt to be sent to the service: a job cleaned on this computer is
 * from now on the service's, so its next attempt is paid; its measurement of the mark stays,
 * for the same check on the service's result.
 * Returns the doubt it held, or undefined when it holds none and is left alone.
 */
export function toTheService(store: JobStore, id: string): JobDoubt | undefined {
  const row = store.getWatermarkJob(id);
  const doubt = row && doubtOf(row);
  if (!row || !doubt) return undefined;
  const options = readJobOptions(row);
  if (options.ok && options.value.engine === 'local') {
    const service = { ...options.value };
    delete service.engine;
    store
      .statement('UPDATE watermark_jobs SET options_json = ? WHERE id = ?')
      .run(JSON.stringify(service), id);
  }
  return doubt;
}
