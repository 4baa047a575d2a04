/**
 * Copying a JPEG's untouched blocks into its re-encoded twin without decoding them, so the
 * parts of a photo the service did not change keep the source's own coefficients, bit for
 * bit. Only baseline Huffman JPEGs are handled, and only when both files share size,
 * sampling and quantisation tables; anything else is left as encoded.
 */

import { isFrameMarker, jpegSegments } from './jpeg-tables.ts';

interface Component {
  id: number;
  h: number;
  v: number;
  table: number;
}

/** Codes up to this long are decoded by one look-up. */
const LOOKAHEAD = 9;

interface Huffman {
  /** By the next LOOKAHEAD bits: the code's length << 8 | its value, or 0 for a longer code. */
  quick: Int32Array;
  /** Per code length 1..16: the largest code of that length, or -1. */
  maxCode: Int32Array;
  valPtr: Int32Array;
  minCode: Int32Array;
  values: Uint8Array;
}

interface Parsed {
  width: number;
  height: number;
  components: Component[];
  /** The DQT values by table id, as stored (zigzag). */
  quant: Map<number, number[]>;
  dc: Map<number, Huffman>;
  ac: Map<number, Huffman>;
  /** Per scan component: its DC and AC table ids, in scan order. */
  scan: Array<{ index: number; dc: number; ac: number }>;
  restart: number;
  /** Where the entropy-coded data starts. */
  dataStart: number;
  /** Byte offset of the SOS marker. */
  sos: number;
  baseline: boolean;
}

function buildHuffman(counts: Uint8Array, values: Uint8Array): Huffman {
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
  return { quick, maxCode, valPtr, minCode, values };
}

function parse(bytes: Buffer): Parsed | undefined {
  const parsed: Partial<Parsed> & Pick<Parsed, 'quant' | 'dc' | 'ac'> = {
    quant: new Map(),
    dc: new Map(),
    ac: new Map(),
    restart: 0,
  };
  for (const { marker, at, end, body } of jpegSegments(bytes)) {
    if (marker === 0xdb) {
      for (let i = 0; i < body.length; i += 65) {
        const head = body[i] as number;
        // 16-bit tables come with 12-bit samples only, which are not handled.
        if (head >> 4 !== 0) return undefined;
        parsed.quant.set(head & 15, [...body.subarray(i + 1, i + 65)]);
      }
    } else if (marker === 0xc4) {
      for (let i = 0; i < body.length;) {
        const head = body[i] as number;
        const counts = body.subarray(i + 1, i + 17);
        const total = counts.reduce((sum, n) => sum + n, 0);
        const table = buildHuffman(counts, body.subarray(i + 17, i + 17 + total));
        (head >> 4 === 0 ? parsed.dc : parsed.ac).set(head & 15, table);
        i += 17 + total;
      }
    } else if (marker === 0xdd) {
      parsed.restart = body.readUInt16BE(0);
    } else if (isFrameMarker(marker)) {
      parsed.baseline = (marker === 0xc0 || marker === 0xc1) && body[0] === 8;
      parsed.height = body.readUInt16BE(1);
      parsed.width = body.readUInt16BE(3);
      parsed.components = Array.from({ length: body[5] as number }, (_, c) => ({
        id: body[6 + c * 3] as number,
        h: (body[7 + c * 3] as number) >> 4,
        v: (body[7 + c * 3] as number) & 15,
        table: body[8 + c * 3] as number,
      }));
    } else if (marker === 0xda) {
      const count = body[0] as number;
      parsed.scan = Array.from({ length: count }, (_, s) => ({
        index: (parsed.components ?? []).findIndex((c) => c.id === body[1 + s * 2]),
        dc: (body[2 + s * 2] as number) >> 4,
        ac: (body[2 + s * 2] as number) & 15,
      }));
      parsed.sos = at;
      parsed.dataStart = end;
      return parsed.baseline && parsed.components?.length === count
        ? (parsed as Parsed)
        : undefined;
    }
  }
  return undefined;
}

/** The block grid of each component: its blocks, 64 coefficients each in zigzag order. */
interface Coefficients {
  mcuX: number;
  mcuY: number;
  blocks: Int16Array[];
}

function grid(parsed: Parsed) {
  const hMax = Math.max(...parsed.components.map((c) => c.h));
  const vMax = Math.max(...parsed.components.map((c) => c.v));
  return {
    hMax,
    vMax,
    mcuX: Math.ceil(parsed.width / (8 * hMax)),
    mcuY: Math.ceil(parsed.height / (8 * vMax)),
  };
}

/**
 * The coefficients of every block, Huffman-decoded (Annex F.2.2); with `mcus`, of the
 * first that many MCUs only (the rest are left zero).
 */
function decode(bytes: Buffer, parsed: Parsed, mcus?: number): Coefficients | undefined {
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

/** Code lengths for the symbol frequencies, at most 16 bits (Annex K.2). */
function codeLengths(frequencies: Int32Array): { counts: Uint8Array; values: Uint8Array } {
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

const magnitude = (value: number) => (value === 0 ? 0 : 32 - Math.clz32(Math.abs(value)));

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
function encode(parsed: Parsed, coefficients: Coefficients): { dht: Buffer; data: Buffer } {
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
    const code = new Int32Array(256);
    const size = new Int32Array(256);
    let next = 0;
    let k = 0;
    for (let l = 1; l <= 16; l += 1) {
      for (let i = 0; i < (bitsCount[l - 1] as number); i += 1) {
        code[values[k] as number] = next;
        size[values[k] as number] = l;
        next += 1;
        k += 1;
      }
      next <<= 1;
    }
    codes[table] = { code, size };
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

function sameLayout(a: Parsed, b: Parsed): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  if (a.components.length !== b.components.length) return false;
  return a.components.every((c, i) => {
    const other = b.components[i] as Component;
    const qa = a.quant.get(c.table);
    const qb = b.quant.get(other.table);
    return c.h === other.h && c.v === other.v && !!qa && !!qb && qa.every((q, k) => q === qb[k]);
  });
}

/**
 * The encoded result with every MCU that `keep` says is untouched replaced by the source's
 * own coefficients, or undefined when the two cannot be combined (not baseline, or a
 * different size, sampling or tables). `keep(left, top, right, bottom)` is asked about
 * each MCU's pixel rectangle.
 */
export function copyUntouchedBlocks(
  source: Buffer,
  encoded: Buffer,
  keep: (left: number, top: number, right: number, bottom: number) => boolean,
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
