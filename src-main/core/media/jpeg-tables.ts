/**
 * How a JPEG was encoded, read from its markers, so a result can be written the way its
 * source was: the same quality (so the same size and look) and the same chroma layout.
 */

/** The base tables of the JPEG standard (Annex K), in zigzag order as DQT stores them. */
const STANDARD_LUMA = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37,
  29, 40, 58, 51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87,
  95, 98, 103, 104, 103, 62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
];
const STANDARD_CHROMA = [
  17, 18, 18, 24, 21, 24, 47, 26, 26, 47, 99, 66, 56, 66, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

export interface JpegEncoding {
  /** The libjpeg quality whose scaled standard tables are nearest the file's. */
  quality: number;
  /** True when the file's tables are exactly those of that quality. */
  exact: boolean;
  /** Horizontal × vertical sampling factor of each component, as the frame header gives them. */
  sampling: string[];
  progressive: boolean;
}

/** The table libjpeg builds for a quality (`jpeg_set_quality`, baseline-limited to 255). */
export function scaledTable(base: readonly number[], quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2;
  return base.map((value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))));
}

/**
 * The quality whose tables are nearest the file's, by the summed distance of their logs:
 * a table made by another encoder (a camera's) still lands on the quality of like step sizes.
 */
export function estimateQuality(luma: readonly number[], chroma?: readonly number[]) {
  let best = { quality: 100, error: Number.POSITIVE_INFINITY };
  for (let quality = 100; quality >= 1; quality -= 1) {
    const distance = (file: readonly number[], base: readonly number[]) =>
      scaledTable(base, quality).reduce(
        (sum, value, i) => sum + Math.abs(Math.log((file[i] ?? value) / value)),
        0,
      );
    const error = distance(luma, STANDARD_LUMA) + (chroma ? distance(chroma, STANDARD_CHROMA) : 0);
    if (error < best.error) best = { quality, error };
  }
  return { quality: best.quality, exact: best.error === 0 };
}

/** A marker segment before the first scan: its marker, where it starts and ends, its body. */
export interface JpegSegment {
  marker: number;
  at: number;
  end: number;
  body: Buffer;
}

/**
 * The segments of a JPEG up to and including its first scan header (SOS); nothing when the
 * bytes are not a JPEG, and no more once they stop being marker segments.
 */
export function* jpegSegments(bytes: Buffer): Generator<JpegSegment> {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] as number;
    // Fill bytes and markers without a length (TEM, RSTn) carry no segment.
    if (marker === 0xff) at += 1;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) at += 2;
    else if (marker === 0xd9) return;
    else {
      const end = at + 2 + bytes.readUInt16BE(at + 2);
      yield { marker, at, end, body: bytes.subarray(at + 4, end) };
      if (marker === 0xda) return;
      at = end;
    }
  }
}

/** SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
export function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
}

/**
 * Reads the quantisation tables (DQT) and the frame header (SOF) from the markers before
 * the first scan; undefined when the bytes are not a JPEG or either is missing.
 */
export function readJpegEncoding(bytes: Buffer): JpegEncoding | undefined {
  const tables = new Map<number, number[]>();
  let frame: { sampling: string[]; tableOf: number[]; progressive: boolean } | undefined;
  for (const { marker, body } of jpegSegments(bytes)) {
    if (marker === 0xdb) readTables(body, tables);
    if (isFrameMarker(marker)) {
      frame = readFrame(body, marker === 0xc2 || marker === 0xc6 || marker === 0xca);
    }
  }
  const luma = frame && tables.get(frame.tableOf[0] ?? 0);
  if (!frame || !luma) return undefined;
  const chromaId = frame.tableOf[1];
  const chroma = chromaId === undefined ? undefined : tables.get(chromaId);
  return {
    ...estimateQuality(luma, chroma),
    sampling: frame.sampling,
    progressive: frame.progressive,
  };
}

function readTables(body: Buffer, tables: Map<number, number[]>): void {
  let at = 0;
  while (at < body.length) {
    const head = body[at] as number;
    const wide = head >> 4 === 1;
    const values: number[] = [];
    for (let i = 0; i < 64; i += 1) {
      values.push(wide ? body.readUInt16BE(at + 1 + i * 2) : (body[at + 1 + i] as number));
    }
    tables.set(head & 0x0f, values);
    at += 1 + (wide ? 128 : 64);
  }
}

function readFrame(body: Buffer, progressive: boolean) {
  const count = body[5] as number;
  const sampling: string[] = [];
  const tableOf: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const factors = body[7 + i * 3] as number;
    sampling.push(`${factors >> 4}x${factors & 0x0f}`);
    tableOf.push(body[8 + i * 3] as number);
  }
  return { sampling, tableOf, progressive };
}

/**
 * The chroma layout sharp can write that keeps the source's: 4:2:0 when the source halves
 * its chroma both ways, otherwise 4:4:4, since sharp writes no 4:2:2 and halving a 4:2:2
 * source's chroma again would lose detail outside the cleaned area.
 */
export function chromaSubsamplingOf(sampling: readonly string[]): '4:2:0' | '4:4:4' {
  const [luma, ...chroma] = sampling;
  return luma === '2x2' && chroma.length > 0 && chroma.every((s) => s === '1x1')
    ? '4:2:0'
    : '4:4:4';
}
