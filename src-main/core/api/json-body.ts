import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * Bytes a request sends as a base64 JSON string. The string is never made whole: the body
 * encodes a slice at a time as the request goes out, so sending a 20 MB photo holds the
 * photo and a few hundred kilobytes, where a JSON string would hold it three times more
 * (the base64 text, the JSON text, and the bytes written to the socket).
 */
export class Base64Bytes {
  readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** Its length as base64 text: every started three bytes make four characters. */
  get encodedLength(): number {
    return Math.ceil(this.bytes.length / 3) * 4;
  }
}

/** A request body ready to send: text as is, or a stream of known length. */
export type JsonPayload = { text: string } | { stream: () => Readable; length: number };

/** Bytes encoded per slice: a multiple of three, so slices join without padding between. */
const SLICE = 3 * 64 * 1024;
const RING = 3;

const ALPHABET = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const PAD = 0x3d;

/**
 * Base64 of a slice, written into `into`. `toString('base64')` would make a string on the
 * JavaScript heap for every slice, and those strings (or fresh buffers) pile up until the
 * next collection: a whole copy of the text, measured (intake-rss bench, 1.3 × the file).
 */
function encodeSlice(bytes: Uint8Array, start: number, end: number, into: Buffer): Buffer {
  const out = into.subarray(0, Math.ceil((end - start) / 3) * 4);
  let o = 0;
  let i = start;
  for (; i + 2 < end; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = ALPHABET[n >>> 18] as number;
    out[o++] = ALPHABET[(n >>> 12) & 63] as number;
    out[o++] = ALPHABET[(n >>> 6) & 63] as number;
    out[o++] = ALPHABET[n & 63] as number;
  }
  if (i < end) {
    const n = ((bytes[i] as number) << 16) | (i + 1 < end ? (bytes[i + 1] as number) << 8 : 0);
    out[o++] = ALPHABET[n >>> 18] as number;
    out[o++] = ALPHABET[(n >>> 12) & 63] as number;
    out[o++] = i + 1 < end ? (ALPHABET[(n >>> 6) & 63] as number) : PAD;
    out[o] = PAD;
  }
  return out;
}

/**
 * Slices encoded into a few buffers taken in turn. A buffer is written again only three
 * slices later, and the stream below reads nothing ahead: the request asks for a slice
 * once the socket has taken the one before (a slice is far above a socket's high-water
 * mark, so the request waits for it to drain), so at most one slice is ever in flight.
 */
function* base64Slices(bytes: Uint8Array): Generator<Buffer> {
  const ring = Array.from({ length: RING }, () => Buffer.allocUnsafe((SLICE / 3) * 4));
  for (let start = 0, turn = 0; start < bytes.length; start += SLICE, turn = (turn + 1) % RING) {
    yield encodeSlice(bytes, start, Math.min(bytes.length, start + SLICE), ring[turn] as Buffer);
  }
}

/**
 * The JSON of `body`, where each `Base64Bytes` member is written as its base64 string. A
 * body without one is plain text; one with is a stream made anew for every attempt, so a
 * request that is tried again sends the same bytes.
 */
export function jsonPayload(body: unknown): JsonPayload {
  const members: Base64Bytes[] = [];
  // A member's place in the text, marked by a string no other member can hold.
  const marker = `base64-bytes-${randomUUID()}-`;
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof Base64Bytes)) return value;
    members.push(value);
    return `${marker}${members.length - 1}`;
  });
  if (members.length === 0) return { text };
  const parts = text.split(new RegExp(`"${marker}\\d+"`));
  const framing = parts.map((part) => Buffer.from(part, 'utf8'));
  const length =
    framing.reduce((sum, part) => sum + part.length, 0) +
    members.reduce((sum, member) => sum + member.encodedLength + 2, 0);
  function* pieces(): Generator<Buffer> {
    for (const [index, part] of framing.entries()) {
      if (part.length > 0) yield part;
      const member = members[index];
      if (!member) continue;
      yield Buffer.from('"');
      yield* base64Slices(member.bytes);
      yield Buffer.from('"');
    }
  }
  return {
    stream: () => Readable.from(pieces(), { objectMode: false, highWaterMark: 0 }),
    length,
  };
}
