import { markStillVisible } from '../../../imaging/mark-trace.ts';
import { readHeader } from '../decode.ts';
import { readBox, type MarkEstimate } from './mark-estimate.ts';

/**
 * Whether the mark can still be read in a written result, by the measurement of the mark
 * (see `markTrace`): each of its boxes read from the result as written, compression and all.
 * A result of another size than the measurement is not judged here.
 */
export async function markVisibleIn(result: string, estimate: MarkEstimate): Promise<boolean> {
  const header = await readHeader(result);
  const upright = header.autoOrient ?? { width: header.width, height: header.height };
  if (upright.width !== estimate.width || upright.height !== estimate.height) return false;
  for (const { box, blend } of estimate.parts) {
    if (markStillVisible(await readBox(result, box), blend)) return true;
  }
  return false;
}
