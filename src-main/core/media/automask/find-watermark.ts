import { Worker } from 'node:worker_threads';
import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { UserFacingError } from '../../user-error.ts';
import type { Proposal, SizedImage } from './propose.ts';

/**
 * The worker's script: beside this module when it runs from source (the command line, the
 * tests), or emitted next to the main bundle as `automask-worker.js` by electron-vite.
 */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker.ts', import.meta.url)
    : new URL('./automask-worker.js', import.meta.url);
}

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
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), {
      workerData: { images, hint, measure: options.measure === true },
    });
    let settled = false;
    worker.once(
      'message',
      (message: { ok: true; proposal: Proposal } | { ok: false; message: string }) => {
        settled = true;
        void worker.terminate();
        if (message.ok) resolve(message.proposal);
        else
          reject(new UserFacingError(`The watermark could not be looked for: ${message.message}`));
      },
    );
    worker.once('error', (error) => {
      if (!settled) reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the watermark finder stopped (exit code ${code})`));
    });
  });
}
