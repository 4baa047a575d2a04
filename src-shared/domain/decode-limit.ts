import type { Formatter } from '../i18n/formats.ts';
import { MAX_DECODE_PIXELS } from './limits.ts';

/** Why an image of this size cannot be opened, in the reader's language, or undefined when it can. */
export function decodeLimitProblem(
  intl: Formatter,
  width: number,
  height: number,
): string | undefined {
  if (width * height <= MAX_DECODE_PIXELS) return undefined;
  const megapixels = (n: number) => intl.formatNumber(Math.round(n / 1e6));
  return intl.formatMessage(
    { id: 'image.tooLargeToOpen' },
    {
      width: String(width),
      height: String(height),
      megapixels: megapixels(width * height),
      limit: megapixels(MAX_DECODE_PIXELS),
    },
  );
}
