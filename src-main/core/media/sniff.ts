import { open } from 'node:fs/promises';

/** What the first bytes of a file say it is, whatever its name says. */
export type SniffedType =
  'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif' | 'heic' | 'bmp' | 'text' | 'unknown';

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

export function sniffImageType(bytes: Uint8Array): SniffedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 4 && (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*'))
    return 'tiff';
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === 'BM') return 'bmp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand and the compatible brands that follow it in the ftyp box.
    const boxSize = Math.min(
      bytes.length,
      (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!,
    );
    const brands: string[] = [];
    for (let at = 8; at + 4 <= boxSize; at += 4)
      if (at !== 12) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (
      brands.some((b) =>
        ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(b),
      )
    )
      return 'heic';
  }
  const head = bytes.subarray(0, 512);
  if (
    head.length > 0 &&
    head.every(
      (b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f) || b >= 0x80,
    )
  ) {
    return 'text';
  }
  return 'unknown';
}

/** What a file's first bytes say it is; undefined when it cannot be read. */
export async function sniffFile(file: string): Promise<SniffedType | undefined> {
  const head = Buffer.alloc(64);
  const read = await open(file, 'r')
    .then((handle) => handle.read(head, 0, head.length, 0).finally(() => handle.close()))
    .catch(() => undefined);
  return read && sniffImageType(head.subarray(0, read.bytesRead));
}
