/**
 * Coding blocks for the block copy (Annex F.1.2): a block from its coefficients, a run of the
 * source's MCUs from its codes with other tables, and tables fitted to the symbols counted.
 */

import { magnitude, peek16, type BitWriter } from './jpeg-bits.ts';
import { codeLengths, codesOf } from './jpeg-huffman.ts';
import type { Parsed } from './jpeg-parse.ts';

export interface Scan {
  data: Uint8Array;
  bits: number;
}

export type Codes = { code: Int32Array; size: Int32Array };

export function bump(counts: Int32Array, symbol: number, by: number): void {
  counts[symbol] = (counts[symbol] as number) + by;
}

/**
 * Codes one block (Annex F.1.2), or with `tally` counts its symbols instead (DC counts, then
 * AC counts): `put` is then never called.
 */
export function codeBlock(
  put: (value: number, bits: number) => void,
  block: Int16Array,
  base: number,
  prediction: number,
  dc: Codes,
  ac: Codes,
  tally?: [Int32Array, Int32Array],
): void {
  const symbol = (codes: Codes, counts: Int32Array | undefined, value: number) => {
    if (counts) bump(counts, value, 1);
    else put(codes.code[value] as number, codes.size[value] as number);
  };
  const diff = (block[base] as number) - prediction;
  const s = magnitude(diff);
  symbol(dc, tally?.[0], s);
  if (s > 0 && !tally) put(diff < 0 ? diff + (1 << s) - 1 : diff, s);
  let run = 0;
  for (let k = 1; k < 64; k += 1) {
    const value = block[base + k] as number;
    if (value === 0) {
      run += 1;
      continue;
    }
    for (; run > 15; run -= 16) symbol(ac, tally?.[1], 0xf0);
    const size = magnitude(value);
    symbol(ac, tally?.[1], (run << 4) | size);
    if (!tally) put(value < 0 ? value + (1 << size) - 1 : value, size);
    run = 0;
  }
  if (run > 0) symbol(ac, tally?.[1], 0);
}

/**
 * Codes for each scan component fitted to the symbols counted (per table the components
 * share), and the DHT segment that declares them.
 */
export function fittedCodes(parsed: Parsed, tally: Int32Array[]): { codes: Codes[]; dht: Buffer } {
  const n = parsed.scan.length;
  const byTable = new Map<number, Int32Array>();
  parsed.scan.forEach(({ dc, ac }, s) => {
    for (const [id, counts] of [
      [dc, tally[s]],
      [0x10 | ac, tally[n + s]],
    ] as const) {
      const sum = byTable.get(id) ?? new Int32Array(257);
      (counts as Int32Array).forEach((count, symbol) => bump(sum, symbol, count));
      byTable.set(id, sum);
    }
  });
  const segments: Buffer[] = [];
  const codesById = new Map<number, Codes>();
  for (const [id, counts] of byTable) {
    const { counts: lengths, values } = codeLengths(counts);
    codesById.set(id, codesOf(lengths, values));
    segments.push(Buffer.from([id]), Buffer.from(lengths), Buffer.from(values));
  }
  const body = Buffer.concat(segments);
  const dht = Buffer.concat([
    Buffer.from([0xff, 0xc4, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
    body,
  ]);
  const codes = [
    ...parsed.scan.map(({ dc }) => codesById.get(dc) as Codes),
    ...parsed.scan.map(({ ac }) => codesById.get(0x10 | ac) as Codes),
  ];
  return { codes, dht };
}

/**
 * The MCUs from bit `pos` to `end` of the source re-coded symbol by symbol with other codes
 * (DC of scan component s at s, AC at n + s), their extra bits copied.
 */
export function recodeRun(
  writer: BitWriter,
  scan: Scan,
  from: number,
  end: number,
  order: readonly number[],
  lookups: Int32Array[],
  codes: Codes[],
): void {
  const { data } = scan;
  const n = lookups.length / 2;
  const put = (value: number, bits: number) => writer.put(value, bits);
  for (let pos = from; pos < end;) {
    for (let b = 0; b < order.length; b += 1) {
      const s = order[b] as number;
      const dcEntry = (lookups[s] as Int32Array)[peek16(data, pos)] as number;
      pos += dcEntry >> 8;
      const size = dcEntry & 0xff;
      const dc = codes[s] as Codes;
      put(dc.code[size] as number, dc.size[size] as number);
      if (size > 0) {
        put(peek16(data, pos) >>> (16 - size), size);
        pos += size;
      }
      const acLookup = lookups[n + s] as Int32Array;
      const ac = codes[n + s] as Codes;
      for (let k = 1; k < 64;) {
        const entry = acLookup[peek16(data, pos)] as number;
        pos += entry >> 8;
        const symbol = entry & 0xff;
        put(ac.code[symbol] as number, ac.size[symbol] as number);
        const bits = symbol & 15;
        if (bits === 0) {
          if (symbol !== 0xf0) break;
          k += 16;
          continue;
        }
        put(peek16(data, pos) >>> (16 - bits), bits);
        pos += bits;
        k += (symbol >> 4) + 1;
      }
    }
  }
}
