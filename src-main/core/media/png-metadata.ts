import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE_BYTES = 8;
const IHDR_BYTES = 4 + 4 + 13 + 4;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG with an EXIF block (`eXIf`, the TIFF bytes without the `Exif\0\0` prefix) and an ICC
 * profile (`iCCP`) put right after its header, where readers look for them. sharp attaches
 * EXIF only from parsed tags and a profile only from a file; this keeps both as the source
 * had them, byte for byte, so they travel on to the result like any input's.
 */
export function pngWithMetadata(png: Buffer, metadata: { exif?: Buffer; icc?: Buffer }): Buffer {
  const chunks: Buffer[] = [];
  if (metadata.icc) {
    const name = Buffer.from('ICC profile\0\0', 'latin1');
    chunks.push(chunk('iCCP', Buffer.concat([name, deflateSync(metadata.icc)])));
  }
  if (metadata.exif) {
    const tiff = metadata.exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
    chunks.push(chunk('eXIf', metadata.exif.subarray(tiff)));
  }
  const afterHeader = SIGNATURE_BYTES + IHDR_BYTES;
  return Buffer.concat([png.subarray(0, afterHeader), ...chunks, png.subarray(afterHeader)]);
}
