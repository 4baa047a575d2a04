import {
  FEWEST_PIXELS,
  markRemains,
  pooled,
  remainsVisible,
  shares,
  type MarkRemains,
} from '../../../imaging/mark-remains.ts';
import { readHeader } from '../decode.ts';
import type { RgbPixels } from '../../../imaging/rgb-pixels.ts';
import { readBoxes, type MarkEstimate } from './mark-estimate.ts';

/**
 * A trace this strong in any one box of a mark shows, whatever the other boxes hold: one
 * tile of a tiled mark left half in place is seen, though the tiles pooled hide it.
 */
const ONE_BOX_SHARE = 0.4;
const ONE_BOX_LEVELS = 6;

function plainInOneBox(part: MarkRemains): boolean {
  if ((part.scales[0]?.pixels ?? 0) < FEWEST_PIXELS) return false;
  return shares(part).some(
    ({ share, levels }) => Math.abs(share) >= ONE_BOX_SHARE && Math.abs(levels) >= ONE_BOX_LEVELS,
  );
}

/**
 * Whether the mark can still be read in a written result, by the measurement of the mark
 * (see `markRemains`): each of its boxes read from the result as written, compression and
 * all, and judged together. Undefined when it cannot tell: a result of another size than the
 * measurement, or one where the mark has too few pixels to judge.
 */
export async function markSeenIn(
  result: string,
  estimate: MarkEstimate,
): Promise<boolean | undefined> {
  const header = await readHeader(result);
  const upright = header.autoOrient ?? { width: header.width, height: header.height };
  if (upright.width !== estimate.width || upright.height !== estimate.height) return undefined;
  const read = await readBoxes(
    result,
    estimate.parts.map(({ box }) => box),
  );
  const parts: MarkRemains[] = [];
  for (const [k, { blend }] of estimate.parts.entries()) {
    const part = markRemains(read[k] as RgbPixels, blend);
    if (plainInOneBox(part)) return true;
    parts.push(part);
  }
  return remainsVisible(pooled(parts));
}
