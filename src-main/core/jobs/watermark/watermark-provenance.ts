import { appendFile, stat } from 'node:fs/promises';
import { asDiskFull } from '../../fs/disk-space.ts';
import path from 'node:path';
import { PROVENANCE_LOG, type FromService, type ProvenanceLine } from '../../media/output.ts';
import type { EstimateStore } from '../../media/unblend/estimate-store.ts';
import { hashFile, maskKeyOf } from './own-results.ts';
import type { JobStore } from '../store/store.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';
import type { WatermarkRecord } from './watermark-record.ts';

/**
 * One JSON line per cleaned image in the output folder's provenance log: where it came
 * from, which task made it and when. One file per folder rather than one per image, so a
 * folder of 800 photos does not gain 800 side files. A line cut short by a crash is
 * simply unreadable; readers skip it. The result's hash also goes to the job database,
 * which outlives the job's row, so a copy of the result is known anywhere (own-results.ts).
 */
export async function recordProvenance(
  { store, estimates }: { store: JobStore; estimates: EstimateStore },
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
  store.written.record({
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
          estimate: { id: estimate, images: (await estimates.load(estimate)).images },
        }
      : { engine: 'service' as const }),
    attempt: job.attempt,
    mask: strokes ? 'drawn' : maskFile ? maskFile : 'none',
    fromService,
    queuedAt: new Date(job.created_at).toISOString(),
    submittedAt: job.submitted_at ? new Date(job.submitted_at).toISOString() : undefined,
    finishedAt: new Date().toISOString(),
  };
  const log = path.join(outputDir, PROVENANCE_LOG);
  // A failed append names no file (the write has only a descriptor): the disk-full wait
  // must still say which folder to free space in.
  await appendFile(log, `${JSON.stringify(line)}\n`).catch((error: unknown) => {
    throw asDiskFull(error, log) ?? error;
  });
}
