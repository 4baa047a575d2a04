import { isClipPath } from '../../src-shared/domain/clip-jobs.ts';
import type { CollectedInputs } from '../core/media/collect-inputs.ts';
import { words } from './words.ts';

/**
 * Clips among the inputs of `clearframe remove`: their frames need WebCodecs, which only the
 * window has, so each is left out with the sentence that says where clips are cleaned, and
 * the other files go on. Returns whether a clip was named on the command line: the run then
 * ends with the exit code of a refused input, whatever became of the others.
 */
export function setClipsAside(collected: CollectedInputs, named: ReadonlySet<string>): boolean {
  let namedClip = false;
  for (const skip of collected.skipped) {
    if (!isClipPath(skip.path)) continue;
    skip.reason = words('cli.remove.clipInWindow');
    namedClip ||= named.has(skip.path);
  }
  return namedClip;
}
