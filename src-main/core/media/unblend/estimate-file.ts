import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../../fs/atomic-write.ts';
import { UserFacingError } from '../../user-error.ts';
import type { MarkEstimate } from './mark-estimate.ts';

/**
 * An estimate kept on disk, so local jobs survive a restart: a JSON header (sizes, boxes,
 * colour) after its own length, then each part's planes as raw little-endian floats.
 */
const headerSchema = z.object({
  version: z.literal(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  images: z.number().int().nonnegative(),
  parts: z.array(
    z.object({
      box: z.object({
        x: z.number().int(),
        y: z.number().int(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      }),
      colour: z.tuple([z.number(), z.number(), z.number()]).optional(),
      noise: z.object({ file: z.number(), repaint: z.number() }),
    }),
  ),
});

/** Planes per pixel, in order: region (as float), keepLuma, keepChroma, lift ×3, trust. */
const FLOATS_PER_PIXEL = 7;

export function encodeEstimate(estimate: MarkEstimate): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      version: 1,
      width: estimate.width,
      height: estimate.height,
      images: estimate.images,
      parts: estimate.parts.map(({ box, blend }) => ({
        box,
        ...(blend.colour ? { colour: blend.colour } : {}),
        noise: blend.noise,
      })),
    }),
  );
  const bodies = estimate.parts.map(({ blend }) => {
    const n = blend.width * blend.height;
    const floats = new Float32Array(n * FLOATS_PER_PIXEL);
    for (let p = 0; p < n; p += 1) {
      const at = p * FLOATS_PER_PIXEL;
      floats[at] = blend.region[p] as number;
      floats[at + 1] = blend.keepLuma[p] as number;
      floats[at + 2] = blend.keepChroma[p] as number;
      floats[at + 3] = blend.lift[p * 3] as number;
      floats[at + 4] = blend.lift[p * 3 + 1] as number;
      floats[at + 5] = blend.lift[p * 3 + 2] as number;
      floats[at + 6] = blend.trust[p] as number;
    }
    return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);
  });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return Buffer.concat([length, header, ...bodies]);
}

export function decodeEstimate(bytes: Buffer): MarkEstimate {
  const headerLength = bytes.readUInt32LE(0);
  const header = headerSchema.parse(JSON.parse(bytes.toString('utf8', 4, 4 + headerLength)));
  let at = 4 + headerLength;
  const parts = header.parts.map(({ box, colour, noise }) => {
    const n = box.width * box.height;
    const size = n * FLOATS_PER_PIXEL * 4;
    if (at + size > bytes.length) throw new Error('the estimate file is cut short');
    // Copied: a Float32Array needs an aligned offset, which a slice of the file may not have.
    const floats = new Float32Array(
      bytes.buffer.slice(bytes.byteOffset + at, bytes.byteOffset + at + size),
    );
    at += size;
    const region = new Uint8Array(n);
    const keepLuma = new Float32Array(n);
    const keepChroma = new Float32Array(n);
    const lift = new Float32Array(n * 3);
    const trust = new Float32Array(n);
    for (let p = 0; p < n; p += 1) {
      const from = p * FLOATS_PER_PIXEL;
      region[p] = floats[from] as number;
      keepLuma[p] = floats[from + 1] as number;
      keepChroma[p] = floats[from + 2] as number;
      lift[p * 3] = floats[from + 3] as number;
      lift[p * 3 + 1] = floats[from + 4] as number;
      lift[p * 3 + 2] = floats[from + 5] as number;
      trust[p] = floats[from + 6] as number;
    }
    return {
      box,
      blend: {
        width: box.width,
        height: box.height,
        region,
        keepLuma,
        keepChroma,
        lift,
        trust,
        noise,
        ...(colour ? { colour } : {}),
      },
    };
  });
  return { width: header.width, height: header.height, images: header.images, parts };
}

export function saveEstimate(file: string, estimate: MarkEstimate): Promise<void> {
  return writeFileAtomic(file, encodeEstimate(estimate));
}

/** The estimate kept in `file`; a file that is missing or damaged says so in a sentence. */
export async function loadEstimate(file: string): Promise<MarkEstimate> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) {
    throw new UserFacingError({ id: 'core.unblend.estimateMissing', values: { file } });
  }
  try {
    return decodeEstimate(bytes);
  } catch (error) {
    throw new UserFacingError(
      { id: 'core.unblend.estimateDamaged', values: { file, why: (error as Error).message } },
      { cause: error },
    );
  }
}
