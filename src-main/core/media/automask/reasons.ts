import { formatPercent } from '../../../../src-shared/i18n/formats.ts';
import { coreIntl, said } from '../../i18n/core-words.ts';
import type { Unreadable } from './read-grey.ts';

/**
 * The finder's verdicts as sentences, said in the main thread (the window's or the command
 * line's language): the search's own thread only measures.
 */

/** Why a group's proposal is not used: it would cover this share of each image. */
export function refusedReason(share: number): string {
  return said('core.finder.refused', { share: formatPercent(coreIntl(), share, 0) });
}

/** Why an image found with the mark is not ticked: its score is low. */
export function doubtReason(score: number): string {
  return said('core.finder.faint', {
    score: coreIntl().formatNumber(score, { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
  });
}

/** Why a file was left out of the search. */
export function unreadableReason(why: Unreadable): string {
  return said(why === 'missing' ? 'core.inputs.missing' : 'core.finder.damaged');
}
