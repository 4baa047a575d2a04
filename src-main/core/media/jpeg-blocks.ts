/**
 * Copying a JPEG's untouched blocks into its re-encoded twin without decoding them, so the
 * parts of a photo the service did not change keep the source's own coefficients, bit for
 * bit. Only baseline Huffman JPEGs are handled, and only when both files share size,
 * sampling and quantisation tables; anything else is left as encoded.
 */

import { grid, parse, sameLayout } from './jpeg-parse.ts';
import { decode, encode } from './jpeg-recode.ts';
import { spliceUntouched } from './jpeg-splice.ts';
import { jpegSegments } from './jpeg-tables.ts';

function countChanged(kept: Uint8Array): number {
  let changed = 0;
  for (const k of kept) changed += 1 - k;
  return changed;
}

/**
 * The encoded result with every MCU that `keep` says is untouched replaced by the source's
 * own coefficients, or undefined when the two cannot be combined (not baseline, or a
 * different size, sampling or tables). `keep(left, top, right, bottom)` is asked about
 * each MCU's pixel rectangle. With `sourceMetadata`, the result carries the source's own
 * metadata segments (EXIF, ICC, XMP…) instead of the encoded file's, and is undefined
 * unless the source's bits could be copied.
 */
export function copyUntouchedBlocks(
  source: Buffer,
  encoded: Buffer,
  keep: (left: number, top: number, right: number, bottom: number) => boolean,
  { sourceMetadata = false }: { sourceMetadata?: boolean } = {},
): { bytes: Buffer; copied: number; total: number } | undefined {
  const from = parse(source);
  const to = parse(encoded);
  // Restart intervals (common in camera files) are not read here yet: such a source keeps
  // the single re-encode rather than trusting a path no test has covered.
  if (!from || !to || from.restart || to.restart || !sameLayout(from, to)) return undefined;
  const { hMax, vMax, mcuX, mcuY } = grid(to);
  const kept = new Uint8Array(mcuX * mcuY);
  let last = -1;
  for (let my = 0; my < mcuY; my += 1) {
    for (let mx = 0; mx < mcuX; mx += 1) {
      const left = mx * 8 * hMax;
      const top = my * 8 * vMax;
      const right = Math.min(to.width, left + 8 * hMax);
      if (keep(left, top, right, Math.min(to.height, top + 8 * vMax))) kept[my * mcuX + mx] = 1;
      else last = my * mcuX + mx;
    }
  }
  const spliced = spliceUntouched(source, from, encoded, to, kept, last, { sourceMetadata });
  if (spliced)
    return { bytes: spliced, copied: mcuX * mcuY - countChanged(kept), total: mcuX * mcuY };
  if (sourceMetadata) return undefined;
  const a = decode(source, from);
  // The re-encoded file is read only as far as its last MCU taken: the rest are the source's.
  const b = decode(encoded, to, last + 1);
  if (!a || !b) return undefined;
  let copied = 0;
  for (let my = 0; my < mcuY; my += 1) {
    for (let mx = 0; mx < mcuX; mx += 1) {
      if (!kept[my * mcuX + mx]) continue;
      copied += 1;
      to.components.forEach((component, index) => {
        const perRow = mcuX * component.h;
        for (let by = 0; by < component.v; by += 1) {
          const row = (my * component.v + by) * perRow + mx * component.h;
          const start = row * 64;
          const end = start + component.h * 64;
          (b.blocks[index] as Int16Array).set(
            (a.blocks[index] as Int16Array).subarray(start, end),
            start,
          );
        }
      });
    }
  }
  const { dht, data } = encode(to, b);
  // The encoded file's segments before its scan, but its own Huffman tables, which the
  // copied blocks may not fit.
  const head = [...jpegSegments(encoded)]
    .filter(({ marker }) => marker !== 0xc4 && marker !== 0xda)
    .map(({ at, end }) => encoded.subarray(at, end));
  const bytes = Buffer.concat([
    encoded.subarray(0, 2),
    ...head,
    dht,
    encoded.subarray(to.sos, to.dataStart),
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
  return { bytes, copied, total: mcuX * mcuY };
}
