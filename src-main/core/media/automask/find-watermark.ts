import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import { UserFacingError } from '../../user-error.ts';
import { workerAnswer } from '../worker-answer.ts';
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
 * must not wait on.
 */
export async function findWatermark(
  images: readonly SizedImage[],
  hint?: AnchoredRect,
): Promise<Proposal> {
  const answer = await workerAnswer<{ proposal: Proposal }>(
    workerUrl(),
    { images, hint },
    'the watermark finder',
  );
  if (!answer.ok)
    throw new UserFacingError(`The watermark could not be looked for: ${answer.message}`);
  return answer.proposal;
}
