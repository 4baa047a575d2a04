/**
 * The orientation tag (0x0112) of an EXIF block, read and reset in place. sharp reads it for
 * the formats it decodes; HEIC's EXIF comes to us as bytes (sharp's header read hands it
 * over but drops the tag), so it is read here. The block may start with `Exif\0\0`.
 */

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** Where the orientation value sits in `exif`, with the byte order, or undefined. */
function orientationAt(exif: Uint8Array): { at: number; little: boolean } | undefined {
  const view = new DataView(exif.buffer, exif.byteOffset, exif.byteLength);
  const tiff = String.fromCharCode(...exif.subarray(0, 4)) === 'Exif' ? 6 : 0;
  if (exif.length < tiff + 8) return undefined;
  const order = String.fromCharCode(exif[tiff] ?? 0, exif[tiff + 1] ?? 0);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > exif.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let entry = 0; entry < count; entry += 1) {
    const at = ifd + 2 + entry * 12;
    if (at + 12 > exif.length) return undefined;
    if (view.getUint16(at, little) !== ORIENTATION_TAG) continue;
    return view.getUint16(at + 2, little) === SHORT ? { at: at + 8, little } : undefined;
  }
  return undefined;
}

/** The orientation, 1 to 8; 1 when the block has none or a value out of range. */
export function exifOrientation(exif: Uint8Array | undefined): number {
  const found = exif && orientationAt(exif);
  if (!exif || !found) return 1;
  const value = new DataView(exif.buffer, exif.byteOffset).getUint16(found.at, found.little);
  return value >= 1 && value <= 8 ? value : 1;
}

/** A copy with the orientation tag set to `value` (1 for pixels turned upright), when it has one. */
export function withOrientation(exif: Uint8Array, value: number): Buffer {
  const copy = Buffer.from(exif);
  const found = orientationAt(copy);
  if (found) new DataView(copy.buffer, copy.byteOffset).setUint16(found.at, value, found.little);
  return copy;
}
