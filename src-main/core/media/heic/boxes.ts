/**
 * A look into a HEIF file's boxes (ISO/IEC 23008-12): only as far as the item properties,
 * to learn whether the file turns its image itself. Nothing is decoded here.
 */

interface Box {
  type: string;
  /** Where the box's content starts (after the header, and after version and flags for a full box). */
  start: number;
  end: number;
}

/** The boxes laid one after another in `bytes[start, end)`; stops at the first that does not fit. */
function boxesIn(bytes: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) break;
    boxes.push({ type, start: at + header + (type === 'meta' ? 4 : 0), end: at + size });
    at += size;
  }
  return boxes;
}

function child(bytes: Uint8Array, parent: Box | undefined, type: string): Box | undefined {
  return parent && boxesIn(bytes, parent.start, parent.end).find((box) => box.type === type);
}

/**
 * Where the top-level `meta` box ends, read from box headers alone: the file's first bytes
 * need not hold it all. Undefined when no `meta` box starts within `head`.
 */
export function metaBoxEnd(head: Uint8Array): number | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  for (let at = 0; at + 8 <= head.length;) {
    let size = view.getUint32(at);
    if (size === 1) {
      if (at + 16 > head.length) return undefined;
      size = Number(view.getBigUint64(at + 8));
    }
    if (size < 8) return undefined;
    if (String.fromCharCode(...head.subarray(at + 4, at + 8)) === 'meta') return at + size;
    at += size;
  }
  return undefined;
}

/**
 * Whether the file carries a rotation (`irot`) or a mirroring (`imir`) among its item
 * properties. A decoder applies those itself; a phone that writes them (an iPhone does) also
 * writes the same turn as the EXIF orientation, which must then not be applied again.
 */
export function hasContainerTransform(bytes: Uint8Array): boolean {
  const meta = boxesIn(bytes, 0, bytes.length).find((box) => box.type === 'meta');
  const properties = child(bytes, child(bytes, meta, 'iprp'), 'ipco');
  if (!properties) return false;
  return boxesIn(bytes, properties.start, properties.end).some(
    (box) => box.type === 'irot' || box.type === 'imir',
  );
}
