/**
 * Bits of a baseline JPEG scan: its data without the stuffed zeros, read 16 bits at a time
 * through one look-up per Huffman code, and written back with the stuffing.
 */

import { codesOf, type Huffman } from './jpeg-huffman.ts';

/** The scan's bits with the stuffed zeros taken out, and four zero bytes after for reads past the end. */
export function destuff(bytes: Buffer, start: number): { data: Uint8Array; bits: number } {
  const data = new Uint8Array(bytes.length - start + 4);
  let length = 0;
  let at = start;
  for (;;) {
    const ff = bytes.indexOf(0xff, at);
    const end = ff < 0 ? bytes.length : ff;
    data.set(bytes.subarray(at, end), length);
    length += end - at;
    // Any marker but a stuffed zero (the EOI: restarts are refused before) ends the data.
    if (ff < 0 || bytes[ff + 1] !== 0) break;
    data[length] = 0xff;
    length += 1;
    at = ff + 2;
  }
  return { data: data.subarray(0, length + 4), bits: length * 8 };
}

/** The 16 bits from bit `pos` on. */
export function peek16(data: Uint8Array, pos: number): number {
  const p = pos >>> 3;
  const word =
    ((data[p] as number) << 16) | ((data[p + 1] as number) << 8) | (data[p + 2] as number);
  return (word >>> (8 - (pos & 7))) & 0xffff;
}

const lookups = new WeakMap<Huffman, Int32Array>();
const skips = new WeakMap<Huffman, Int32Array>();

/**
 * By the next 16 bits: the code's length << 8 | its symbol, 0 where no code starts. A code is
 * at most 16 bits long, so one look-up reads any.
 */
export function fullTable(table: Huffman): Int32Array {
  return lookupOf(table, false);
}

/**
 * The same for an AC table, but with the length of the code and of the extra bits after it
 * (the symbol's low 4 bits): a block read only to be passed over moves on in one step.
 */
export function skipTable(table: Huffman): Int32Array {
  return lookupOf(table, true);
}

function lookupOf(table: Huffman, withExtra: boolean): Int32Array {
  const cache = withExtra ? skips : lookups;
  const known = cache.get(table);
  if (known) return known;
  const lookup = new Int32Array(1 << 16);
  const { code, size } = codesOf(table.counts, table.values);
  for (let symbol = 0; symbol < 256; symbol += 1) {
    const length = size[symbol] as number;
    if (length === 0) continue;
    const first = (code[symbol] as number) << (16 - length);
    const total = length + (withExtra ? symbol & 15 : 0);
    lookup.fill((total << 8) | symbol, first, first + (1 << (16 - length)));
  }
  cache.set(table, lookup);
  return lookup;
}

export const extend = (value: number, n: number) =>
  n > 0 && value < 1 << (n - 1) ? value - (1 << n) + 1 : value;

/** Bits written a few at a time, each 0xFF byte followed by the stuffed zero the format asks for. */
export class BitWriter {
  out: Uint8Array;
  length = 0;
  private pending = 0;
  private count = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(Math.max(1024, capacity));
  }

  /** `bits` (at most 24) low bits of `value`. */
  put(value: number, bits: number): void {
    this.pending = (this.pending << bits) | (value & ((1 << bits) - 1));
    this.count += bits;
    while (this.count >= 8) {
      this.count -= 8;
      const byte = (this.pending >>> this.count) & 0xff;
      if (this.length + 2 > this.out.length) {
        const grown = new Uint8Array(this.out.length * 2);
        grown.set(this.out);
        this.out = grown;
      }
      this.out[this.length++] = byte;
      if (byte === 0xff) this.out[this.length++] = 0;
    }
    this.pending &= (1 << this.count) - 1;
  }

  /** The bits [from, to) of destuffed data, as they are. */
  copy(data: Uint8Array, from: number, to: number): void {
    let pos = from;
    for (; to - pos >= 16; pos += 16) this.put(peek16(data, pos), 16);
    if (to > pos) this.put(peek16(data, pos) >>> (16 - (to - pos)), to - pos);
  }

  /** The last byte filled with one bits, as the format pads a scan. */
  finish(): Uint8Array {
    if (this.count > 0) this.put((1 << (8 - this.count)) - 1, 8 - this.count);
    return this.out.subarray(0, this.length);
  }
}

export const magnitude = (value: number) => (value === 0 ? 0 : 32 - Math.clz32(Math.abs(value)));
