import { readFile } from 'node:fs/promises';
import { readHeader } from '../core/media/decode.ts';
import { importMask, wholeMaskProblem, type WholeMask } from '../core/media/mask-import.ts';
import { confirm } from './ask.ts';
import type { MaskRequest } from './remove-masks.ts';
import { words } from './words.ts';

/**
 * Whether a mask file marks every pixel, read at its own size by the rules the engine reads
 * it by. A file that cannot be read as a mask says nothing here: the engine names it.
 */
async function wholeMaskOf(maskFile: string): Promise<WholeMask | undefined> {
  try {
    const bytes = await readFile(maskFile);
    const { width, height } = await readHeader(bytes);
    if (!width || !height) return undefined;
    return (await importMask(bytes, width, height)).everything;
  } catch {
    return undefined;
  }
}

/**
 * A `--mask` file that marks every pixel means the whole image or nothing, and which is the
 * user's to say before anything is sent: `--mask-whole` says the whole image; on a terminal
 * the question is asked; otherwise the command stops with the sentence that says how to say
 * it. The request to go on with, or the sentence the command stops with.
 */
export async function settleWholeMask(
  request: MaskRequest,
): Promise<{ request: MaskRequest } | { refused: string }> {
  if (!request.maskFile || request.maskWhole) return { request };
  const whole = await wholeMaskOf(request.maskFile);
  if (!whole) return { request };
  const problem = wholeMaskProblem(whole);
  if (!process.stdin.isTTY) return { refused: words('cli.masks.sayWhole', { problem }) };
  if (!(await confirm(words('cli.masks.askWhole', { problem })))) {
    return { refused: words('cli.masks.wholeRefused') };
  }
  return { request: { ...request, maskWhole: true } };
}
