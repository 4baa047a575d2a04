import { markStillVisible, markTrace } from '../../../imaging/mark-trace.ts';
import { readHeader } from '../decode.ts';
import { readBox, type MarkEstimate } from './mark-estimate.ts';

/**
 * Whether the mark can still be read in a written result, by the measurement of the mark
 * (see `markTrace`): each of its boxes read from the result as written, compression and all.
 * Undefined when it cannot tell: a result of another size than the measurement, or one
 * where no part of the mark has enough pixels to judge.
 */
export async function markSeenIn(
  result: string,
  estimate: MarkEstimate,
): Promise<boolean | undefined> {
  const header = await readHeader(result);
  const upright = header.autoOrient ?? { width: header.width, height: header.height };
  if (upright.width !== estimate.width || upright.height !== estimate.height) return undefined;
  let judged = false;
  for (const { box, blend } of estimate.parts) {
    const pixels = await readBox(result, box);
    if (markStillVisible(pixels, blend)) return true;
    judged ||= markTrace(pixels, blend) !== undefined;
  }
  return judged ? false : undefined;
}
