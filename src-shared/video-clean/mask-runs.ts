import { growPlane, shrinkPlane } from '../domain/mask-morphology.ts';

/**
 * A clip's mask as the person accepted it, in a form that travels (IPC, the job's row): its
 * size, then the lengths of alternating runs of clear and marked pixels, row after row
 * (`640x360:1200,30,610,…`). A logo's mask is a few hundred runs, not a frame of bytes.
 */
export interface ClipMask {
  mask: Uint8Array;
  width: number;
  height: number;
}

/** The longest mask text accepted: a mask with more runs than this is no logo's. */
export const MASK_TEXT_LIMIT = 400_000;

export function encodeMask({ mask, width, height }: ClipMask): string {
  const runs: number[] = [];
  let value = 0;
  let length = 0;
  for (const pixel of mask) {
    if (pixel === value) {
      length += 1;
      continue;
    }
    runs.push(length);
    value = pixel;
    length = 1;
  }
  runs.push(length);
  return `${width}x${height}:${runs.join(',')}`;
}

/** The mask a text names, or undefined when the text is not one (wrong size, bad runs). */
export function decodeMask(text: string): ClipMask | undefined {
  const match = /^(\d{1,5})x(\d{1,5}):([\d,]+)$/.exec(text);
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const mask = new Uint8Array(width * height);
  let at = 0;
  let value = 0;
  for (const run of (match[3] as string).split(',')) {
    const length = Number(run);
    if (at + length > mask.length) return undefined;
    if (value === 1) mask.fill(1, at, at + length);
    at += length;
    value = 1 - value;
  }
  return at === mask.length ? { mask, width, height } : undefined;
}

/** The mask grown (`by` > 0) or shrunk (`by` < 0) by that many pixels. */
export function adjustMask({ mask, width, height }: ClipMask, by: number): ClipMask {
  const adjusted =
    by > 0
      ? growPlane(mask, width, height, by)
      : by < 0
        ? shrinkPlane(mask, width, height, -by)
        : mask.slice();
  return { mask: adjusted, width, height };
}

/** The share of the frame a mask covers. */
export function maskShare(mask: Uint8Array): number {
  let marked = 0;
  for (const value of mask) marked += value;
  return mask.length === 0 ? 0 : marked / mask.length;
}
