/**
 * Gives a HEIF file's primary image a rotation in its container (an `irot` item property),
 * as an iPhone writes a portrait photo: the pixels stored sideways, `irot` saying how to
 * turn them, and the same turn in the EXIF orientation. heif-enc 1.15 cannot write `irot`,
 * so the tests make such a file from a fixture: the property is added to `ipco`, associated
 * with the primary item in `ipma`, the sizes of the boxes around them grown, and every
 * offset into `mdat` (which follows `meta`) moved by as much.
 *
 * Handles the layout heif-enc writes: `iloc` version 0 or 1, `ipma` version 0 with 7-bit
 * indices, `mdat` after `meta`.
 */

interface Box {
  type: string;
  at: number;
  size: number;
  /** Where the children or the fields start. */
  body: number;
}

const FULL_BOXES = new Set(['meta', 'iloc', 'ipma', 'pitm']);

function boxes(bytes: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    found.push({ type, at, size, body: at + 8 + (FULL_BOXES.has(type) ? 4 : 0) });
    at += size;
  }
  return found;
}

function find(list: Box[], type: string): Box {
  const box = list.find((candidate) => candidate.type === type);
  if (!box) throw new Error(`no ${type} box`);
  return box;
}

function readSized(bytes: Buffer, at: number, size: number): number {
  return size === 0 ? 0 : size === 4 ? bytes.readUInt32BE(at) : Number(bytes.readBigUInt64BE(at));
}

function writeSized(bytes: Buffer, at: number, size: number, value: number): void {
  if (size === 4) bytes.writeUInt32BE(value, at);
  else if (size === 8) bytes.writeBigUInt64BE(BigInt(value), at);
}

/** Moves every offset `iloc` gives by `delta` bytes. */
function shiftLocations(bytes: Buffer, iloc: Box, delta: number): void {
  const version = bytes[iloc.body - 4] ?? 0;
  let at = iloc.body;
  const offsetSize = (bytes[at] ?? 0) >> 4;
  const lengthSize = (bytes[at] ?? 0) & 15;
  const baseSize = (bytes[at + 1] ?? 0) >> 4;
  const indexSize = version >= 1 ? (bytes[at + 1] ?? 0) & 15 : 0;
  at += 2;
  const items = bytes.readUInt16BE(at);
  at += 2;
  for (let item = 0; item < items; item += 1) {
    at += 2 + (version >= 1 ? 2 : 0) + 2;
    if (baseSize > 0) writeSized(bytes, at, baseSize, readSized(bytes, at, baseSize) + delta);
    const base = at;
    at += baseSize;
    const extents = bytes.readUInt16BE(at);
    at += 2;
    for (let extent = 0; extent < extents; extent += 1) {
      at += indexSize;
      if (baseSize === 0 || readSized(bytes, base, baseSize) === 0) {
        writeSized(bytes, at, offsetSize, readSized(bytes, at, offsetSize) + delta);
      }
      at += offsetSize + lengthSize;
    }
  }
}

/** `quarterTurns` anticlockwise, as `irot` counts them (3: a quarter turn clockwise). */
export function withContainerRotation(heif: Buffer, quarterTurns: 1 | 2 | 3): Buffer {
  const bytes = Buffer.from(heif);
  const meta = find(boxes(bytes, 0, bytes.length), 'meta');
  const inMeta = boxes(bytes, meta.body, meta.at + meta.size);
  const primary = bytes.readUInt16BE(find(inMeta, 'pitm').body);
  const iprp = find(inMeta, 'iprp');
  const inIprp = boxes(bytes, iprp.body, iprp.at + iprp.size);
  const ipco = find(inIprp, 'ipco');
  const ipma = find(inIprp, 'ipma');
  const propertyIndex = boxes(bytes, ipco.body, ipco.at + ipco.size).length + 1;

  // The primary item's entry in ipma, and where its associations end.
  let at = ipma.body + 4;
  const entries = bytes.readUInt32BE(ipma.body);
  let countAt = -1;
  for (let entry = 0; entry < entries; entry += 1) {
    const item = bytes.readUInt16BE(at);
    const count = bytes[at + 2] ?? 0;
    if (item === primary) countAt = at + 2;
    at += 3 + count;
    if (item === primary) break;
  }
  if (countAt < 0) throw new Error('the primary item has no properties');
  const associationEnd = at;

  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot'), quarterTurns]);
  const grown = irot.length + 1;
  bytes.writeUInt32BE(meta.size + grown, meta.at);
  bytes.writeUInt32BE(iprp.size + grown, iprp.at);
  bytes.writeUInt32BE(ipco.size + irot.length, ipco.at);
  bytes.writeUInt32BE(ipma.size + 1, ipma.at);
  bytes[countAt] = (bytes[countAt] ?? 0) + 1;
  shiftLocations(bytes, find(inMeta, 'iloc'), grown);
  const ipcoEnd = ipco.at + ipco.size;
  return Buffer.concat([
    bytes.subarray(0, ipcoEnd),
    irot,
    bytes.subarray(ipcoEnd, associationEnd),
    Buffer.from([0x80 | propertyIndex]),
    bytes.subarray(associationEnd),
  ]);
}
