import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { runWorker, workerScript } from '../../worker-thread.ts';
import type { Proposal, SizedImage } from './propose.ts';

/**
 * Proposes a mask for the watermark a batch shares, on a thread of its own: reading and
 * comparing twenty photos takes seconds, which the window and the command line's progress
 * must not wait on.
 */
export function findWatermark(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<Proposal> {
  return runWorker<Proposal>(
    workerScript(import.meta.url, './worker.ts', './automask-worker.js'),
    { images, hint },
    'The watermark could not be looked for',
  );
}
