import { parentPort, workerData } from 'node:worker_threads';
import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import type { WorkerAnswer, WorkerNote } from '../../worker-thread.ts';
import { encodeEstimate } from '../unblend/estimate-file.ts';
import { estimateMark } from '../unblend/mark-estimate.ts';
import { measurableGroup } from '../unblend/measurable.ts';
import { selfCheck } from '../unblend/self-check.ts';
import type { FinderProgress } from './find-watermark.ts';
import type { Proposal, SizedImage } from './proposal.ts';
import { proposeMasks } from './propose.ts';

/**
 * The detector's thread: one batch in, one proposal (or one error message) out, with how
 * far it is posted as it goes; with `measure`, each measurable group's mark measured too
 * (for cleaning on this computer), and the engine's expected quality on it (self-check.ts).
 */
const { images, hint, measure } = workerData as {
  images: SizedImage[];
  hint?: AnchoredRect;
  measure?: boolean;
};

/** Two steps per image (read, compared), and a third when the marks are measured. */
const total = images.length * (measure ? 3 : 2);
let done = 0;
/** Progress at most every 1 % of the way: a thousand images post a hundred notes, not six thousand. */
let posted = -1;
function onSteps(steps: number): void {
  done = Math.min(total, done + steps);
  if (done !== total && Math.floor((done * 100) / total) === posted) return;
  posted = Math.floor((done * 100) / total);
  parentPort?.postMessage({ note: { done, total } satisfies FinderProgress } satisfies WorkerNote);
}

async function run(): Promise<Proposal> {
  const proposal = await proposeMasks(images, hint, onSteps);
  if (!measure) return proposal;
  let measured = 0;
  for (const group of proposal.groups) {
    const measurable = measurableGroup(group);
    if (!measurable) continue;
    const estimate = await estimateMark(measurable.files, measurable.mask);
    const bytes = encodeEstimate(estimate);
    group.estimate = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const expected = await selfCheck(measurable.files, estimate);
    if (expected) group.expected = expected;
    measured += group.images.length;
    onSteps(group.images.length);
  }
  // Images of no measurable group have nothing to measure: their step is done.
  onSteps(images.length - measured);
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
