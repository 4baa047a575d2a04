import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

/** The byte span a `Range: bytes=…` header asks of a file of `size` bytes; null: unsatisfiable. */
export function byteRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (!from && !to) return undefined;
  if (!from) {
    const suffix = Math.min(Number(to), size);
    return suffix > 0 ? { start: size - suffix, end: size - 1 } : null;
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  return start < size && start <= end ? { start, end } : null;
}

/**
 * A local file as the preview protocol answers it, with byte ranges: a video element asks for
 * ranges to seek, and without them the player cannot be scrubbed. The Electron shell and the
 * tests' page server both answer with this.
 */
export async function previewResponse(file: string, rangeHeader: string | null): Promise<Response> {
  const { size } = await stat(file);
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
  });
  const range = byteRange(rangeHeader, size);
  if (range === null) {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const body =
    size === 0
      ? null
      : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}
