/**
 * The block copy's quick way. The source's scan is read once, codes only (no block is kept
 * but the few it will code again), to learn where each MCU starts. Then the changed MCUs
 * (the re-encode's coefficients) and the first untouched MCU after each (whose DC is now told
 * against another block) are coded again, and every run of untouched MCUs between them is
 * copied as the source's own bits when the source's Huffman tables can code the changed
 * blocks; when they cannot (tables fitted to the source alone lack a code), the runs are
 * re-coded symbol by symbol with tables fitted to both, their extra bits copied as they are.
 */

import { BitWriter, destuff, extend, fullTable, peek16, skipTable } from './jpeg-bits.ts';
import { bump, codeBlock, fittedCodes, recodeRun, type Codes, type Scan } from './jpeg-codes.ts';
import { codesOf, type Huffman } from './jpeg-huffman.ts';
import { grid, type Parsed } from './jpeg-parse.ts';
import { jpegSegments } from './jpeg-tables.ts';
/** Per scan component: its DC and AC tables. */
interface Tables {
  dc: Huffman[];
  ac: Huffman[];
}

/** What one pass over a scan found: where each MCU starts and the DC each component had before it. */
interface ScanMap {
  /** Bit offset of each MCU in the destuffed data, and after the last one read. */
  at: Float64Array;
  /** Per MCU and scan component: the DC predictor as the MCU begins; after the last too. */
  dc: Int32Array;
  /** The coefficients (zigzag) of the MCUs asked for, blocks in scan order, by `slot`. */
  blocks: Int16Array;
  slot: Int32Array;
}
/** The blocks of one MCU in scan order: the scan component each belongs to. */
function mcuBlocks(parsed: Parsed): number[] {
  return parsed.scan.flatMap(({ index }, s) => {
    const c = parsed.components[index];
    return c ? new Array<number>(c.h * c.v).fill(s) : [];
  });
}

function tablesOf(parsed: Parsed): Tables | undefined {
  const dc = parsed.scan.map(({ dc }) => parsed.dc.get(dc));
  const ac = parsed.scan.map(({ ac }) => parsed.ac.get(ac));
  if (dc.some((t) => !t) || ac.some((t) => !t)) return undefined;
  return { dc: dc as Huffman[], ac: ac as Huffman[] };
}

/**
 * Reads the first `mcus` MCUs of a scan, keeping the coefficients of those `want` marks and,
 * with `tally`, counting each table's symbols (DC of scan component s at s, AC at n + s);
 * undefined when a code is not in its table, a block overflows or the data ends early.
 */
function readScan(
  scan: Scan,
  parsed: Parsed,
  tables: Tables,
  mcus: number,
  want: (mcu: number) => boolean,
  tally?: Int32Array[],
): ScanMap | undefined {
  const { data, bits } = scan;
  const order = mcuBlocks(parsed);
  const dcLookup = tables.dc.map(fullTable);
  const acLookup = tables.ac.map(skipTable);
  const components = parsed.scan.length;
  const at = new Float64Array(mcus + 1);
  const dc = new Int32Array((mcus + 1) * components);
  const slot = new Int32Array(mcus).fill(-1);
  let wanted = 0;
  for (let m = 0; m < mcus; m += 1) if (want(m)) slot[m] = wanted++;
  const perMcu = order.length * 64;
  const blocks = new Int16Array(wanted * perMcu);
  const predictions = new Int32Array(components);
  let pos = 0;
  for (let m = 0; m < mcus; m += 1) {
    at[m] = pos;
    dc.set(predictions, m * components);
    const keep = slot[m] as number;
    for (let b = 0; b < order.length; b += 1) {
      const s = order[b] as number;
      const base = keep < 0 ? -1 : keep * perMcu + b * 64;
      const dcEntry = (dcLookup[s] as Int32Array)[peek16(data, pos)] as number;
      if (dcEntry === 0) return undefined;
      pos += dcEntry >> 8;
      const size = dcEntry & 0xff;
      if (tally) bump(tally[s] as Int32Array, size, 1);
      if (size > 0) {
        predictions[s] =
          (predictions[s] as number) + extend(peek16(data, pos) >>> (16 - size), size);
        pos += size;
      }
      if (base >= 0) blocks[base] = predictions[s] as number;
      const ac = acLookup[s] as Int32Array;
      const acTally = tally?.[components + s];
      for (let k = 1; k < 64;) {
        const entry = ac[peek16(data, pos)] as number;
        if (entry === 0) return undefined;
        const symbol = entry & 0xff;
        if (acTally) bump(acTally, symbol, 1);
        const n = symbol & 15;
        const next = pos + (entry >> 8);
        if (n === 0) {
          pos = next;
          if (symbol !== 0xf0) break;
          k += 16;
          continue;
        }
        k += symbol >> 4;
        if (k > 63) return undefined;
        if (base >= 0) blocks[base + k] = extend(peek16(data, next - n) >>> (16 - n), n);
        pos = next;
        k += 1;
      }
    }
    if (pos > bits) return undefined;
  }
  at[mcus] = pos;
  dc.set(predictions, mcus * components);
  return { at, dc, blocks, slot };
}
/**
 * A segment that carries metadata rather than the picture: APP0–APP15 (EXIF, ICC, XMP, IPTC
 * and the like) and comments, but not Adobe's APP14, which tells how the colours are coded.
 */
function isMetadata(marker: number): boolean {
  return (marker >= 0xe0 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;
}

/** Both files list the same components in the same order and scan them alike. */
function sameScan(a: Parsed, b: Parsed): boolean {
  // A lone component is scanned a block at a time whatever its factors: not read here.
  const lone = a.components.length === 1 && (a.components[0]?.h !== 1 || a.components[0]?.v !== 1);
  return (
    !lone &&
    a.scan.length === b.scan.length &&
    a.components.every((c, i) => c.id === b.components[i]?.id) &&
    a.scan.every((s, i) => s.index === b.scan[i]?.index)
  );
}
/**
 * The encoded file with the source's own coefficients wherever `kept` marks an MCU; undefined
 * when a scan cannot be read. `from` and `to` share their layout (`sameLayout`); `last` is
 * the last MCU not kept.
 */
export function spliceUntouched(
  source: Buffer,
  from: Parsed,
  encoded: Buffer,
  to: Parsed,
  kept: Uint8Array,
  last: number,
  { sourceMetadata = false }: { sourceMetadata?: boolean } = {},
): Buffer | undefined {
  const ownTables = tablesOf(from);
  const theirTables = tablesOf(to);
  if (!ownTables || !theirTables || !sameScan(from, to)) return undefined;
  const { mcuX, mcuY } = grid(from);
  const mcus = mcuX * mcuY;
  const n = from.scan.length;
  const sourceScan = destuff(source, from.dataStart);
  // The first MCU kept after one that is not: coded again from the source's coefficients.
  const after = (m: number) => m > 0 && kept[m] === 1 && kept[m - 1] === 0;
  const recoded = (m: number) => kept[m] === 0 || after(m);
  const tally = Array.from({ length: 2 * n }, () => new Int32Array(257));
  const own = readScan(sourceScan, from, ownTables, mcus, after, tally);
  const theirScan = destuff(encoded, to.dataStart);
  const theirs = readScan(theirScan, to, theirTables, last + 1, (m) => kept[m] === 0);
  if (!own || !theirs) return undefined;
  const order = mcuBlocks(from);
  const perMcu = order.length * 64;
  const blockOf = (m: number) => {
    const map = kept[m] === 1 ? own : theirs;
    return { blocks: map.blocks, first: (map.slot[m] as number) * perMcu };
  };
  // Which symbols the MCUs coded again need, predicted as they will be written.
  const needed = Array.from({ length: 2 * n }, () => new Int32Array(257));
  const ownCodes = [...ownTables.dc, ...ownTables.ac].map((t) => codesOf(t.counts, t.values));
  const walkRecoded = (
    each: (blocks: Int16Array, base: number, prediction: number, s: number) => void,
  ) => {
    const predictions = new Int32Array(n);
    for (let m = 0; m < mcus; m += 1) {
      if (!recoded(m)) {
        if (m + 1 < mcus && recoded(m + 1))
          predictions.set(own.dc.subarray((m + 1) * n, (m + 2) * n));
        continue;
      }
      const { blocks, first } = blockOf(m);
      order.forEach((s, b) => {
        each(blocks, first + b * 64, predictions[s] as number, s);
        predictions[s] = blocks[first + b * 64] as number;
      });
    }
  };
  const noPut = () => undefined;
  walkRecoded((blocks, base, prediction, s) =>
    codeBlock(noPut, blocks, base, prediction, ownCodes[s] as Codes, ownCodes[n + s] as Codes, [
      needed[s] as Int32Array,
      needed[n + s] as Int32Array,
    ]),
  );
  const covered = needed.every((counts, t) =>
    counts.every(
      (count, symbol) => count === 0 || symbol > 255 || (ownCodes[t]?.size[symbol] ?? 0) > 0,
    ),
  );
  const fitted = covered
    ? undefined
    : fittedCodes(
        from,
        tally.map((counts, t) => counts.map((count, symbol) => count + (needed[t]?.[symbol] ?? 0))),
      );
  const codes = fitted?.codes ?? ownCodes;
  const lookups = [...ownTables.dc, ...ownTables.ac].map(fullTable);
  const writer = new BitWriter(sourceScan.bits / 8 + 4096);
  const put = (value: number, bits: number) => writer.put(value, bits);
  const predictions = new Int32Array(n);
  for (let m = 0; m < mcus;) {
    if (!recoded(m)) {
      let end = m + 1;
      while (end < mcus && !recoded(end)) end += 1;
      const [start, stop] = [own.at[m] as number, own.at[end] as number];
      if (fitted) recodeRun(writer, sourceScan, start, stop, order, lookups, codes);
      else writer.copy(sourceScan.data, start, stop);
      predictions.set(own.dc.subarray(end * n, (end + 1) * n));
      m = end;
      continue;
    }
    const { blocks, first } = blockOf(m);
    for (let b = 0; b < order.length; b += 1) {
      const s = order[b] as number;
      const base = first + b * 64;
      codeBlock(
        put,
        blocks,
        base,
        predictions[s] as number,
        codes[s] as Codes,
        codes[n + s] as Codes,
      );
      predictions[s] = blocks[base] as number;
    }
    m += 1;
  }
  const data = writer.finish();
  // The encoded file's segments before its scan (or the source's metadata and the encoded
  // file's frame), then the Huffman tables and scan header.
  const segments = (bytes: Buffer, take: (marker: number) => boolean) =>
    [...jpegSegments(bytes)]
      .filter(({ marker }) => take(marker))
      .map(({ at, end }) => bytes.subarray(at, end));
  const frame = (marker: number) => marker !== 0xc4 && marker !== 0xda;
  const head = sourceMetadata
    ? [
        ...segments(source, isMetadata),
        ...segments(encoded, (marker) => frame(marker) && !isMetadata(marker)),
      ]
    : segments(encoded, frame);
  const tables = fitted
    ? [fitted.dht]
    : [...jpegSegments(source)]
        .filter(({ marker }) => marker === 0xc4)
        .map(({ at, end }) => source.subarray(at, end));
  return Buffer.concat([
    encoded.subarray(0, 2),
    ...head,
    ...tables,
    source.subarray(from.sos, from.dataStart),
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
}
