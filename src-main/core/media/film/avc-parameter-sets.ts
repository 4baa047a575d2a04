/**
 * The H.264 parameter sets (SPS, PPS) an `avcC` record holds, and how to carry them in band:
 * clips made with different encoder settings each need their own sets before their frames,
 * since the joined file's sample entry can hold only one clip's.
 */
export interface AvcParameterSets {
  /** Bytes before each NAL unit giving its length: 1, 2 or 4. */
  lengthSize: number;
  /** The SPS, PPS and SPS-extension NAL units, in the order a decoder needs them. */
  units: Uint8Array[];
}

/** Reads an `AVCDecoderConfigurationRecord` (ISO/IEC 14496-15, 5.3.3.1); undefined when damaged. */
export function readAvcParameterSets(record: Uint8Array): AvcParameterSets | undefined {
  if (record.length < 7 || record[0] !== 1) return undefined;
  const lengthSize = ((record[4] as number) & 0b11) + 1;
  if (lengthSize === 3) return undefined;
  const units: Uint8Array[] = [];
  let at = 5;
  const readUnits = (count: number): boolean => {
    for (let i = 0; i < count; i += 1) {
      if (at + 2 > record.length) return false;
      const length = ((record[at] as number) << 8) | (record[at + 1] as number);
      at += 2;
      if (at + length > record.length) return false;
      units.push(record.subarray(at, at + length));
      at += length;
    }
    return true;
  };
  if (!readUnits((record[at++] as number) & 0b11111)) return undefined;
  if (at >= record.length || !readUnits(record[at++] as number)) return undefined;
  return { lengthSize, units };
}

/**
 * A sample's NAL units, each with a `to`-byte length in front, after `prefix` units: the
 * sample as it was when nothing is added and both length sizes agree.
 */
export function withParameterSets(
  sample: Uint8Array,
  from: number,
  to: number,
  prefix: readonly Uint8Array[] = [],
): Uint8Array {
  if (prefix.length === 0 && from === to) return sample;
  const units = [...prefix, ...nalUnits(sample, from)];
  const out = new Uint8Array(units.reduce((sum, unit) => sum + to + unit.length, 0));
  let at = 0;
  for (const unit of units) {
    for (let byte = 0; byte < to; byte += 1)
      out[at + byte] = (unit.length >>> (8 * (to - 1 - byte))) & 0xff;
    out.set(unit, at + to);
    at += to + unit.length;
  }
  return out;
}

function nalUnits(sample: Uint8Array, lengthSize: number): Uint8Array[] {
  const units: Uint8Array[] = [];
  let at = 0;
  while (at + lengthSize <= sample.length) {
    let length = 0;
    for (let byte = 0; byte < lengthSize; byte += 1)
      length = length * 256 + (sample[at + byte] as number);
    at += lengthSize;
    units.push(sample.subarray(at, Math.min(sample.length, at + length)));
    at += length;
  }
  return units;
}
