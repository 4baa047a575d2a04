/**
 * Huffman tables of a baseline JPEG (Annex C and K): read from a DHT segment for decoding,
 * turned into codes for writing, and fitted to a scan's own symbol counts.
 */

/** Codes up to this long are decoded by one look-up. */
export const LOOKAHEAD = 9;

export interface Huffman {
  /** By the next LOOKAHEAD bits: the code's length << 8 | its value, or 0 for a longer code. */
  quick: Int32Array;
  /** Per code length 1..16: the largest code of that length, or -1. */
  maxCode: Int32Array;
  valPtr: Int32Array;
  minCode: Int32Array;
  values: Uint8Array;
  /** How many codes of each length 1..16, as DHT stores them. */
  counts: Uint8Array;
}

export function buildHuffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxCode = new Int32Array(18).fill(-1);
  const valPtr = new Int32Array(17);
  const minCode = new Int32Array(17);
  const quick = new Int32Array(1 << LOOKAHEAD);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    const n = counts[length - 1] as number;
    valPtr[length] = k;
    minCode[length] = code;
    code += n;
    k += n;
    maxCode[length] = n > 0 ? code - 1 : -1;
    if (length <= LOOKAHEAD) {
      for (let i = 0; i < n; i += 1) {
        const first = (code - n + i) << (LOOKAHEAD - length);
        const entry = (length << 8) | (values[k - n + i] as number);
        quick.fill(entry, first, first + (1 << (LOOKAHEAD - length)));
      }
    }
    code <<= 1;
  }
  return { quick, maxCode, valPtr, minCode, values, counts };
}

/** Code lengths for the symbol frequencies, at most 16 bits (Annex K.2). */
export function codeLengths(frequencies: Int32Array): { counts: Uint8Array; values: Uint8Array } {
  const freq = Array.from(frequencies);
  freq[256] = 1; // reserves the all-ones code
  const size = new Array<number>(257).fill(0);
  const others = new Array<number>(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let c2 = -1;
    for (let i = 0; i <= 256; i += 1) {
      const f = freq[i] as number;
      if (f <= 0) continue;
      if (c1 < 0 || f <= (freq[c1] as number)) {
        c2 = c1;
        c1 = i;
      } else if (c2 < 0 || f <= (freq[c2] as number)) c2 = i;
    }
    if (c2 < 0) break;
    freq[c1] = (freq[c1] as number) + (freq[c2] as number);
    freq[c2] = 0;
    size[c1] = (size[c1] as number) + 1;
    while (others[c1] !== -1) {
      c1 = others[c1] as number;
      size[c1] = (size[c1] as number) + 1;
    }
    others[c1] = c2;
    size[c2] = (size[c2] as number) + 1;
    while (others[c2] !== -1) {
      c2 = others[c2] as number;
      size[c2] = (size[c2] as number) + 1;
    }
  }
  // A code may be as long as there are symbols before it is limited to 16 bits.
  const bitsCount = new Array<number>(258).fill(0);
  for (const length of size) if (length > 0) bitsCount[length] = (bitsCount[length] ?? 0) + 1;
  for (let i = 257; i > 16; i -= 1) {
    while ((bitsCount[i] as number) > 0) {
      let j = i - 2;
      while (bitsCount[j] === 0) j -= 1;
      bitsCount[i] = (bitsCount[i] as number) - 2;
      bitsCount[i - 1] = (bitsCount[i - 1] as number) + 1;
      bitsCount[j + 1] = (bitsCount[j + 1] as number) + 2;
      bitsCount[j] = (bitsCount[j] as number) - 1;
    }
  }
  let longest = 16;
  while (bitsCount[longest] === 0) longest -= 1;
  bitsCount[longest] = (bitsCount[longest] as number) - 1; // drop the reserved symbol
  const values: number[] = [];
  for (let length = 1; length <= 257; length += 1) {
    for (let i = 0; i < 256; i += 1) if (size[i] === length) values.push(i);
  }
  return { counts: Uint8Array.from(bitsCount.slice(1, 17)), values: Uint8Array.from(values) };
}

/** Each symbol's code and its length (0 for a symbol the table does not hold), Annex C. */
export function codesOf(
  counts: Uint8Array,
  values: Uint8Array,
): { code: Int32Array; size: Int32Array } {
  const code = new Int32Array(256);
  const size = new Int32Array(256);
  let next = 0;
  let k = 0;
  for (let l = 1; l <= 16; l += 1) {
    for (let i = 0; i < (counts[l - 1] as number); i += 1) {
      code[values[k] as number] = next;
      size[values[k] as number] = l;
      next += 1;
      k += 1;
    }
    next <<= 1;
  }
  return { code, size };
}
