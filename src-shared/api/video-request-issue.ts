import type { MessageId } from '../i18n/catalogues/en.ts';
import type { Formatter } from '../i18n/formats.ts';
import type { ContentItem, MediaRole } from './video.ts';

export interface RequestIssue {
  /** The member at fault, in the service's own dotted form: `content[2].role`, `duration`. */
  param: string;
  /** The service's own wording, as its error body gives it. */
  message: string;
  /**
   * The same rule as the round form and the command line say it, in the reader's language:
   * what to change, naming the prompt, "reference 2", Duration or Ratio rather than the
   * member's path.
   */
  say: (intl: Formatter) => string;
}

/** What each role is called in the round form: one name, used by its slots and its rules. */
export const ROLE_MESSAGES: Readonly<Record<MediaRole, MessageId>> = {
  reference_image: 'round.role.referenceImage',
  first_frame: 'round.role.firstFrame',
  last_frame: 'round.role.lastFrame',
  reference_video: 'round.role.referenceVideo',
  reference_audio: 'round.role.referenceAudio',
};

/** A role's name; one the service does not know is shown as written (the messages quote it). */
export function roleName(intl: Formatter, role: string): string {
  return Object.hasOwn(ROLE_MESSAGES, role)
    ? intl.formatMessage({ id: ROLE_MESSAGES[role as MediaRole] })
    : role;
}

/** "reference image, first frame or last frame", in the reader's language. */
export function roleChoices(intl: Formatter, roles: readonly string[]): string {
  return intl.formatList(
    roles.map((role) => roleName(intl, role)),
    { type: 'disjunction' },
  );
}

/** One of the rules' sentences: its message and values, said when the reader's language is known. */
export function sentence(
  id: MessageId,
  values?: (intl: Formatter) => Record<string, string | number>,
): (intl: Formatter) => string {
  return (intl) => intl.formatMessage({ id }, values?.(intl));
}

/**
 * The media items counted from 1 in the order they are given, the prompt left out: the
 * numbers the command line's --image, --video and --audio options follow.
 */
export function referenceNumbers(content: readonly ContentItem[]): Map<number, number> {
  const numbers = new Map<number, number>();
  content.forEach((item, index) => {
    if (item.type !== 'text') numbers.set(index, numbers.size + 1);
  });
  return numbers;
}

/** Which number the person knows a media item by, from its place in `content`. */
export type ReferenceNumbering = (contentIndex: number) => number;

export function mediaUrl(item: ContentItem): string | undefined {
  if (item.type === 'text') return undefined;
  return item[item.type]?.url;
}
