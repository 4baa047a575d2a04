import type { Settings } from '../../../../src-shared/domain/settings.ts';
import type { Stroke } from '../../../../src-shared/domain/strokes.ts';
import type { JobOptions } from './watermark-record.ts';

export interface WatermarkInput {
  inputPath: string;
  /** Checked where they came in (the IPC gate), or built by the command line itself. */
  strokes?: readonly Stroke[];
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
  /** The format its result is written in instead of the settings' (a profile's own). */
  outputFormat?: Settings['outputFormat'];
}

/**
 * The row a new job is stored as. Its strokes are typed values already: they are checked
 * once, where they enter, and not again on their way to the store.
 */
export function newJobOf(input: WatermarkInput): {
  inputPath: string;
  mask?: readonly Stroke[];
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
    ...(input.outputFormat !== undefined ? { outputFormat: input.outputFormat } : {}),
  };
  if (input.strokes === undefined || input.maskFile !== undefined) {
    return { inputPath: input.inputPath, options };
  }
  return { inputPath: input.inputPath, mask: input.strokes, options };
}
