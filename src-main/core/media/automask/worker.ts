import { parentPort, workerData } from 'node:worker_threads';
import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import type { WorkerAnswer } from '../../worker-thread.ts';
import { proposeMasks, type Proposal, type SizedImage } from './propose.ts';

/** The detector's thread: one batch in, one proposal (or one error message) out. */
const { images, hint } = workerData as { images: SizedImage[]; hint?: AnchoredRect };
proposeMasks(images, hint).then(
  (proposal) => {
    const buffers = proposal.groups.flatMap((group) =>
      group.masks.flatMap((mask) => [mask.plane.buffer, mask.core.buffer]),
    );
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
