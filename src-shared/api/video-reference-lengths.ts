import { VIDEO_LIMITS } from '../domain/limits.ts';
import type { Formatter } from '../i18n/formats.ts';
import type { VideoGenerateRequest } from './video.ts';
import {
  mediaUrl,
  referenceNumbers,
  sentence,
  type ReferenceNumbering,
  type RequestIssue,
} from './video-request-issue.ts';

/** Seconds as the service's messages write them: `8 s`, `2.5 s`. */
function secondsWords(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** What the auto mode's rule on reference videos found, for the lengths known here. */
export interface ReferenceLengthCheck {
  issues: RequestIssue[];
  /** The references (as the person numbers them) whose length only the service knows. */
  unknown: number[];
}

/**
 * The auto mode's rule that a reference video is 4 to 30 seconds long (section 4.4, rule 7),
 * for the lengths known on this computer: `lengths` maps a video's address to its seconds.
 * A video whose length is not known is not refused; `unknown` names it, since only the
 * service can check it, once the round is sent. Other modes have no such rule.
 */
export function referenceLengthIssues(
  request: VideoGenerateRequest,
  lengths: ReadonlyMap<string, number>,
  numbering?: ReferenceNumbering,
): ReferenceLengthCheck {
  const check: ReferenceLengthCheck = { issues: [], unknown: [] };
  if (request.omni_reference_task_type !== 'auto') return check;
  const numbers = referenceNumbers(request.content);
  const { min, max } = VIDEO_LIMITS.autoReferenceVideoSeconds;
  request.content.forEach((item, index) => {
    const url = item.type === 'video_url' ? mediaUrl(item) : undefined;
    if (url === undefined) return;
    const number = numbering?.(index) ?? numbers.get(index) ?? index + 1;
    const seconds = lengths.get(url);
    if (seconds === undefined) check.unknown.push(number);
    else if (seconds < min || seconds > max) {
      check.issues.push({
        param: `content[${index}].video_url.url`,
        message: `in the auto omni mode the reference video must be ${min} to ${max} seconds long; it is ${secondsWords(seconds)}`,
        say: sentence('request.referenceLength', (intl) => ({
          number,
          seconds: intl.formatNumber(seconds, { maximumFractionDigits: 1 }),
          min,
          max,
        })),
      });
    }
  });
  return check;
}

/** What is said of reference videos whose length only the service knows. */
export function unknownLengthWords(intl: Formatter, references: readonly number[]): string {
  const { min, max } = VIDEO_LIMITS.autoReferenceVideoSeconds;
  return intl.formatMessage(
    { id: 'round.lengthUnknown' },
    {
      count: references.length,
      references: intl.formatList(references.map(String)),
      min,
      max,
    },
  );
}
