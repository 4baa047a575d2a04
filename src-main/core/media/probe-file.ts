import { open, stat } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { decodeLimitProblem } from '../../../src-shared/domain/limits.ts';
import { readHeader } from './decode.ts';
import { ACCEPTED, refuseType, type IntakeError } from './intake.ts';
import { sniffImageType, type SniffedType } from './sniff.ts';

export type FileProbe =
  | { ok: true; format: string; width: number; height: number; bytes: number }
  | { ok: false; reason: string };

const UNREADABLE = 'The file cannot be read. Check that it exists and that you may open it.';
const DAMAGED = 'The image is damaged or incomplete and cannot be read.';

/**
 * The type sharp read from the header, named as the first bytes name it, when it is one the
 * service takes; anything else is looked at byte by byte, for the reason to give.
 */
function acceptedType(meta: Metadata): SniffedType | undefined {
  const type =
    meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : undefined) : meta.format;
  return ACCEPTED.has(type as SniffedType) ? (type as SniffedType) : undefined;
}

function sized(meta: Metadata, format: SniffedType, bytes: number): FileProbe {
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (!upright.width || !upright.height) return { ok: false, reason: DAMAGED };
  const tooLarge = decodeLimitProblem(upright.width, upright.height);
  if (tooLarge) return { ok: false, reason: tooLarge };
  return { ok: true, format, width: upright.width, height: upright.height, bytes };
}

/** Why a file sharp could not take as an image is not one: what its first bytes say it is. */
async function reasonFromBytes(file: string): Promise<string> {
  const head = Buffer.alloc(64);
  try {
    const handle = await open(file, 'r');
    try {
      await handle.read(head, 0, 64, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return UNREADABLE;
  }
  const type = sniffImageType(head);
  if (ACCEPTED.has(type)) return DAMAGED;
  try {
    refuseType(type);
  } catch (error) {
    return (error as IntakeError).userMessage;
  }
  return DAMAGED;
}

/**
 * What the interface needs before a job exists: the real type, the upright size from the
 * header, and the size on disk. Nothing is decoded in full, so a folder of thousands of
 * photos is listed at once: an image the service takes costs one stat and one header read,
 * and only a file that is not one is read again, for the reason why.
 */
export async function probeFile(file: string): Promise<FileProbe> {
  const bytes = await stat(file).then(
    (info) => info.size,
    () => undefined,
  );
  if (bytes === undefined) return { ok: false, reason: UNREADABLE };
  if (bytes === 0) return { ok: false, reason: 'The file is empty.' };
  const meta = await readHeader(file).catch(() => undefined);
  const format = meta && acceptedType(meta);
  if (!meta || !format) return { ok: false, reason: await reasonFromBytes(file) };
  return sized(meta, format, bytes);
}
