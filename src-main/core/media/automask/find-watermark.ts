import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { runWorker, workerScript } from '../../worker-thread.ts';
import type { Proposal, SizedImage } from './proposal.ts';
import { said } from '../../i18n/core-words.ts';

/** How far a search is, as the finder's thread reports it: steps done of all. */
export interface FinderProgress {
  done: number;
  total: number;
}

/**
 * Proposes a mask for the watermark a batch shares, on a thread of its own: reading and
 * comparing twenty photos takes seconds, which the window and the command line's progress
 * must not wait on; `onProgress` hears how far it is as it goes (per image read, per image
 * compared, per image measured). `measure` also measures each measurable group's mark at
 * full resolution (`ProposalGroup.estimate`), for cleaning on this computer.
 */
export function findWatermark(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
  options: { measure?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<Proposal> {
  return runWorker<Proposal>(
    workerScript(import.meta.url, './worker.ts', './automask-worker.js'),
    { images, hint, measure: options.measure === true },
    said('core.automask.notLookedFor'),
    (note) => {
      const { done, total } = note as FinderProgress;
      options.onProgress?.(done, total);
    },
  );
}
