import { strokesSchema } from '../../../../src-shared/domain/strokes.ts';
import { issueAtWords } from '../../../../src-shared/i18n/issue-words.ts';
import { coreIntl, said } from '../../i18n/core-words.ts';
import { UserFacingError } from '../../user-error.ts';
import type { JobOptions } from './watermark-record.ts';

export interface WatermarkInput {
  inputPath: string;
  strokes?: unknown;
  maskFile?: string;
  /** The image's address, when the user gave one; `inputPath` is then a local copy. */
  sourceUrl?: string;
  /** The file's size when it was added, for the list. */
  bytes?: number;
  /** The folder the file was dropped as part of, mirrored under the output folder. */
  root?: string;
  /** `local`: cleaned on this computer with the measurement `estimate` (free, nothing sent). */
  engine?: 'local';
  estimate?: string;
  /** What the self-check expected of it (dB), when no one looked at that first. */
  expectedDb?: number;
}

/**
 * The row a new job is stored as. Strokes are checked here, so a malformed mask is refused
 * before anything is stored.
 */
export function newJobOf(input: WatermarkInput): {
  inputPath: string;
  mask?: unknown;
  options: JobOptions;
} {
  const options = {
    ...(input.maskFile !== undefined ? { maskFile: input.maskFile } : {}),
    ...(input.sourceUrl !== undefined ? { sourceUrl: input.sourceUrl } : {}),
    ...(input.bytes !== undefined ? { bytes: input.bytes } : {}),
    ...(input.root !== undefined ? { root: input.root } : {}),
    ...(input.engine === 'local' ? { engine: input.engine, estimate: input.estimate } : {}),
    ...(input.engine === 'local' && input.expectedDb !== undefined
      ? { expectedDb: input.expectedDb }
      : {}),
  };
  if (input.strokes === undefined || input.maskFile !== undefined) {
    return { inputPath: input.inputPath, options };
  }
  const strokes = strokesSchema.safeParse(input.strokes);
  if (!strokes.success) {
    throw new UserFacingError(
      said('core.watermark.maskMalformed', {
        input: input.inputPath,
        detail: strokes.error.issues[0]
          ? issueAtWords(coreIntl(), strokes.error.issues[0])
          : said('core.watermark.invalid'),
      }),
    );
  }
  return { inputPath: input.inputPath, mask: strokes.data, options };
}
