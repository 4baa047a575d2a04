import { parentPort, workerData } from 'node:worker_threads';
import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import type { WorkerAnswer } from '../../worker-thread.ts';
import { encodeEstimate } from '../unblend/estimate-file.ts';
import { estimateMark } from '../unblend/mark-estimate.ts';
import { measurableGroup } from '../unblend/measurable.ts';
import { proposeMasks, type Proposal, type SizedImage } from './propose.ts';

/**
 * The detector's thread: one batch in, one proposal (or one error message) out; with
 * `measure`, each measurable group's mark measured too (for cleaning on this computer).
 */
const { images, hint, measure } = workerData as {
  images: SizedImage[];
  hint?: AnchoredRect;
  measure?: boolean;
};

async function run(): Promise<Proposal> {
  const proposal = await proposeMasks(images, hint);
  if (!measure) return proposal;
  for (const group of proposal.groups) {
    const measurable = measurableGroup(group);
    if (!measurable) continue;
    const bytes = encodeEstimate(await estimateMark(measurable.files, measurable.mask));
    group.estimate = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return proposal;
}

run().then(
  (proposal) => {
    const buffers = proposal.groups.flatMap((group) => [
      ...group.masks.flatMap((mask) => [mask.plane.buffer, mask.core.buffer]),
      ...(group.estimate ? [group.estimate.buffer] : []),
    ]);
    parentPort?.postMessage({ ok: true, value: proposal } satisfies WorkerAnswer<Proposal>, [
      ...new Set(buffers),
    ] as ArrayBuffer[]);
  },
  (error: unknown) => {
    parentPort?.postMessage({
      ok: false,
      message: (error as Error).message ?? String(error),
    } satisfies WorkerAnswer<Proposal>);
  },
);
