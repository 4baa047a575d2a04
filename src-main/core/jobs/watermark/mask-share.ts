import { readFile } from 'node:fs/promises';
import { scaleStrokes, type Stroke } from '../../../../src-shared/domain/strokes.ts';
import { importMask } from '../../media/mask-import.ts';
import type { MaskStore } from '../../media/mask-store.ts';

/**
 * Pixels a share is counted on at most: the mask is drawn at a smaller size for a large
 * photo. A share is shown in whole percent, which a quarter of a megapixel tells exactly
 * enough, and a batch of hundreds of 24 MP photos is then counted in moments.
 */
const SHARE_PIXELS = 250_000;

/** The share (0 to 1) of a plane that is marked. */
function markedShare(plane: Uint8Array): number {
  let marked = 0;
  for (const value of plane) marked += value ? 1 : 0;
  return plane.length === 0 ? 0 : marked / plane.length;
}

/**
 * How much of an upright image of this size a job's mask covers (0 to 1): strokes drawn on
 * the image (imported masks included), or a mask file read by the rules the engine sends it
 * by. Undefined for no mask (the service then looks for the mark itself) or a file that
 * cannot be read (the engine names that).
 */
export async function maskShare(
  mask: { strokes?: readonly Stroke[] | undefined; maskFile?: string | undefined },
  size: { width: number; height: number },
  store: MaskStore,
): Promise<number | undefined> {
  const scale = Math.min(1, Math.sqrt(SHARE_PIXELS / Math.max(1, size.width * size.height)));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  if (mask.strokes && mask.strokes.length > 0) {
    return markedShare(await store.plane(scaleStrokes(mask.strokes, scale), width, height));
  }
  if (mask.maskFile === undefined) return undefined;
  const bytes = await readFile(mask.maskFile).catch(() => undefined);
  if (!bytes) return undefined;
  const imported = await importMask(bytes, width, height).catch(() => undefined);
  return imported && markedShare(imported.plane);
}
