import { formatFileSize } from '../../src-shared/i18n/formats.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';

const ENGLISH = textIntl('en');

/**
 * A file size in English, for the staged list until the watermark workspace is converted to
 * the catalogues (issue 23: the lead converts the files left); converted screens call
 * `formatFileSize` with the window's language. Remove it then.
 */
export function fileSize(bytes: number): string {
  return formatFileSize(ENGLISH, bytes);
}
