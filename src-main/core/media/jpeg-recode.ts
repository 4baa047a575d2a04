/**
 * The whole scan Huffman-decoded into coefficients and coded again with tables fitted to
 * them: the block copy's way when the source's own tables cannot code the changed blocks.
 */

import { codeLengths, codesOf, LOOKAHEAD, type Huffman } from './jpeg-huffman.ts';
import { grid, type Component, type Parsed } from './jpeg-parse.ts';

/** The block grid of each component: its blocks, 64 coefficients each in zigzag order. */
export interface Coefficients {
  mcuX: number;
  mcuY: number;
  blocks: Int16Array[];
}

/**
 * The coefficients of every block, Huffman-decoded (Annex F.2.2); with `mcus`, of the
 * first that many MCUs only (the rest are left zero).
 */
export function decode(bytes: Buffer, parsed: Parsed, mcus?: number): Coefficients | undefined {
  const { mcuX, mcuY } = grid(parsed);
  const blocks = parsed.components.map((c) => new Int16Array(mcuX * c.h * mcuY * c.v * 64));
  let at = parsed.dataStart;
  // The next `held` bits of the scan, at the bottom of `bits`, read a byte at a time.
  let bits = 0;
  let held = 0;
  const fill = () => {
    while (held <= 24) {
      let byte = 0;
      if (bytes[at] === 0xff) {
        // A stuffed zero is skipped; a marker ends the data, read as zero bits until then.
        if (bytes[at + 1] === 0) {
          byte = 0xff;
          at += 2;
        }
      } else if (at < bytes.length) {
        byte = bytes[at] as number;
        at += 1;
      }
      bits = ((bits << 8) | byte) >>> 0;
      held += 8;
    }
  };
  const peek = (n: number) => (bits >>> (held - n)) & ((1 << n) - 1);
  const receive = (n: number) => {
    fill();
    const value = peek(n);
    held -= n;
    return value;
  };
  const extend = (value: number, n: number) =>
    n > 0 && value < 1 << (n - 1) ? value - (1 << n) + 1 : value;
  const symbol = (table: Huffman): number => {
    fill();
    const entry = table.quick[peek(LOOKAHEAD)] as number;
    if (entry !== 0) {
      held -= entry >> 8;
      return entry & 0xff;
    }
    for (let length = LOOKAHEAD + 1; length <= 16; length += 1) {
      const code = peek(length);
      if (code <= (table.maxCode[length] as number)) {
        held -= length;
        return table.values[
          (table.valPtr[length] as number) + code - (table.minCode[length] as number)
        ] as number;
      }
    }
    throw new Error('bad Huffman code');
  };
  const predictions = parsed.components.map(() => 0);
  try {
    for (let mcu = 0; mcu < Math.min(mcus ?? Infinity, mcuX * mcuY); mcu += 1) {
      const mx = mcu % mcuX;
      const my = Math.floor(mcu / mcuX);
      for (const { index, dc, ac } of parsed.scan) {
        const component = parsed.components[index] as Component;
        const dcTable = parsed.dc.get(dc);
        const acTable = parsed.ac.get(ac);
        if (!dcTable || !acTable) return undefined;
        const perRow = mcuX * component.h;
        for (let by = 0; by < component.v; by += 1) {
          for (let bx = 0; bx < component.h; bx += 1) {
            const block = (my * component.v + by) * perRow + mx * component.h + bx;
            const out = (blocks[index] as Int16Array).subarray(block * 64, block * 64 + 64);
            const size = symbol(dcTable);
            const dcValue = (predictions[index] ?? 0) + extend(receive(size), size);
            predictions[index] = dcValue;
            out[0] = dcValue;
            for (let k = 1; k < 64;) {
              const rs = symbol(acTable);
              const run = rs >> 4;
              const s = rs & 15;
              if (s === 0) {
                if (run !== 15) break;
                k += 16;
                continue;
              }
              k += run;
              out[k] = extend(receive(s), s);
              k += 1;
            }
          }
        }
      }
    }
  } catch {
    return undefined;
  }
  return { mcuX, mcuY, blocks };
}

export const magnitude = (value: number) => (value === 0 ? 0 : 32 - Math.clz32(Math.abs(value)));

/**
 * Walks every block in scan order, handing each coded symbol and its extra bits to `emit`
 * with the table that codes it: DC table n as n, AC table n as 4 + n.
 */
function walk(
  parsed: Parsed,
  coefficients: Coefficients,
  emit: (table: number, symbol: number, extra: number, extraBits: number) => void,
): void {
  const { mcuX, mcuY } = coefficients;
  const predictions = parsed.components.map(() => 0);
  for (let mcu = 0; mcu < mcuX * mcuY; mcu += 1) {
    const mx = mcu % mcuX;
    const my = Math.floor(mcu / mcuX);
    for (const { index, dc, ac } of parsed.scan) {
      const component = parsed.components[index] as Component;
      const perRow = mcuX * component.h;
      for (let by = 0; by < component.v; by += 1) {
        for (let bx = 0; bx < component.h; bx += 1) {
          const block = (my * component.v + by) * perRow + mx * component.h + bx;
          const values = (coefficients.blocks[index] as Int16Array).subarray(
            block * 64,
            block * 64 + 64,
          );
          const diff = (values[0] as number) - (predictions[index] as number);
          predictions[index] = values[0] as number;
          const s = magnitude(diff);
          emit(dc, s, diff < 0 ? diff + (1 << s) - 1 : diff, s);
          let run = 0;
          for (let k = 1; k < 64; k += 1) {
            const value = values[k] as number;
            if (value === 0) {
              run += 1;
              continue;
            }
            while (run > 15) {
              emit(4 + ac, 0xf0, 0, 0);
              run -= 16;
            }
            const size = magnitude(value);
            emit(4 + ac, (run << 4) | size, value < 0 ? value + (1 << size) - 1 : value, size);
            run = 0;
          }
          if (run > 0) emit(4 + ac, 0, 0, 0);
        }
      }
    }
  }
}

/** The entropy-coded data for these coefficients, with Huffman tables fitted to them. */
export function encode(parsed: Parsed, coefficients: Coefficients): { dht: Buffer; data: Buffer } {
  const frequencies: Array<Int32Array | undefined> = [];
  walk(parsed, coefficients, (table, symbol) => {
    const counts = (frequencies[table] ??= new Int32Array(257));
    counts[symbol] = (counts[symbol] as number) + 1;
  });
  const codes: Array<{ code: Int32Array; size: Int32Array }> = [];
  const segments: Buffer[] = [];
  frequencies.forEach((counts, table) => {
    if (!counts) return;
    const { counts: bitsCount, values } = codeLengths(counts);
    codes[table] = codesOf(bitsCount, values);
    const head = table < 4 ? table : 0x10 | (table - 4);
    segments.push(Buffer.from([head]), Buffer.from(bitsCount), Buffer.from(values));
  });
  const body = Buffer.concat(segments);
  const dht = Buffer.concat([
    Buffer.from([0xff, 0xc4, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
    body,
  ]);

  let out = Buffer.alloc(1 << 16);
  let length = 0;
  const write = (byte: number) => {
    if (length === out.length) out = Buffer.concat([out, Buffer.alloc(out.length)]);
    out[length] = byte;
    length += 1;
  };
  // Bits not yet written, at the bottom of `pending`; whole bytes go out at once, an 0xFF
  // followed by the stuffed zero the format asks for.
  let pending = 0;
  let count = 0;
  const put = (value: number, bits: number) => {
    pending = (pending << bits) | (value & ((1 << bits) - 1));
    count += bits;
    while (count >= 8) {
      count -= 8;
      const byte = (pending >>> count) & 0xff;
      write(byte);
      if (byte === 0xff) write(0);
    }
    pending &= (1 << count) - 1;
  };
  walk(parsed, coefficients, (table, symbol, extra, extraBits) => {
    const { code, size } = codes[table] as { code: Int32Array; size: Int32Array };
    put(code[symbol] as number, size[symbol] as number);
    if (extraBits > 0) put(extra, extraBits);
  });
  if (count > 0) put((1 << (8 - count)) - 1, 8 - count);
  return { dht, data: out.subarray(0, length) };
}
