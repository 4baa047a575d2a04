import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { runWorker, workerScript } from '../../worker-thread.ts';
import type { Proposal, SizedImage } from './propose.ts';
import { said } from '../../i18n/core-words.ts';

/**
 * Proposes a mask for the watermark a batch shares, on a thread of its own: reading and
 * comparing twenty photos takes seconds, which the window and the command line's progress
 * must not wait on. `measure` also measures each measurable group's mark at full
 * resolution (`ProposalGroup.estimate`), for cleaning on this computer.
 */
export function findWatermark(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
  options: { measure?: boolean } = {},
): Promise<Proposal> {
  return runWorker<Proposal>(
    workerScript(import.meta.url, './worker.ts', './automask-worker.js'),
    { images, hint, measure: options.measure === true },
    said('core.automask.notLookedFor'),
  );
}
