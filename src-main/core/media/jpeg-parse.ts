/**
 * The frame and scan headers of a baseline JPEG, read as far as its entropy-coded data: what
 * the block copy needs to walk the data and to tell whether two files share their layout.
 */

import { buildHuffman, type Huffman } from './jpeg-huffman.ts';
import { isFrameMarker, jpegSegments } from './jpeg-tables.ts';

export interface Component {
  id: number;
  h: number;
  v: number;
  table: number;
}

export interface Parsed {
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

export function parse(bytes: Buffer): Parsed | undefined {
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

export function grid(parsed: Parsed) {
  const hMax = Math.max(...parsed.components.map((c) => c.h));
  const vMax = Math.max(...parsed.components.map((c) => c.v));
  return {
    hMax,
    vMax,
    mcuX: Math.ceil(parsed.width / (8 * hMax)),
    mcuY: Math.ceil(parsed.height / (8 * vMax)),
  };
}

export function sameLayout(a: Parsed, b: Parsed): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  if (a.components.length !== b.components.length) return false;
  return a.components.every((c, i) => {
    const other = b.components[i] as Component;
    const qa = a.quant.get(c.table);
    const qb = b.quant.get(other.table);
    return c.h === other.h && c.v === other.v && !!qa && !!qb && qa.every((q, k) => q === qb[k]);
  });
}
