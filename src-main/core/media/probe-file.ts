import { open } from 'node:fs/promises';
import { decodeLimitProblem } from '../../../src-shared/domain/limits.ts';
import { readHeader } from './decode.ts';
import { ACCEPTED, refuseType, type IntakeError } from './intake.ts';
import { sniffImageType } from './sniff.ts';

export type FileProbe =
  | { ok: true; format: string; width: number; height: number; bytes: number }
  | { ok: false; reason: string };

/**
 * What the interface needs before a job exists: the real type from the first bytes, the
 * upright size from the header, and the size on disk. Nothing is decoded in full, so a
 * folder of hundreds of photos is listed at once.
 */
export async function probeFile(file: string): Promise<FileProbe> {
  let head: Buffer;
  let bytes: number;
  try {
    const handle = await open(file, 'r');
    try {
      bytes = (await handle.stat()).size;
      head = Buffer.alloc(64);
      await handle.read(head, 0, 64, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return {
      ok: false,
      reason: 'The file cannot be read. Check that it exists and that you may open it.',
    };
  }
  if (bytes === 0) return { ok: false, reason: 'The file is empty.' };
  const type = sniffImageType(head);
  if (!ACCEPTED.has(type)) {
    try {
      refuseType(type);
    } catch (error) {
      return { ok: false, reason: (error as IntakeError).userMessage };
    }
  }
  try {
    const meta = await readHeader(file);
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    if (!upright.width || !upright.height) throw new Error('no size');
    const tooLarge = decodeLimitProblem(upright.width, upright.height);
    if (tooLarge) return { ok: false, reason: tooLarge };
    return { ok: true, format: type, width: upright.width, height: upright.height, bytes };
  } catch {
    return { ok: false, reason: 'The image is damaged or incomplete and cannot be read.' };
  }
}
