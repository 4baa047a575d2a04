import type { z } from 'zod';
import type { MessageId } from './catalogues/en.ts';
import type { Formatter } from './formats.ts';
import { isMessageId } from './message-ids.ts';

/**
 * A schema's complaint about one value, in the reader's language. A schema names its own
 * sentences by message id (with `params` as their values); every other complaint is said
 * from what Zod tells of it (the choices, the bound, the type expected), so no English of
 * Zod's reaches the reader.
 */
export function issueWords(intl: Formatter, issue: z.core.$ZodIssue): string {
  const say = (id: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  if (isMessageId(issue.message)) {
    return say(issue.message, issue.code === 'custom' ? issue.params : undefined);
  }
  switch (issue.code) {
    case 'invalid_value':
      return say('check.choose', {
        choices: intl.formatList(issue.values.map(String), { type: 'disjunction' }),
      });
    case 'invalid_type':
      return issue.expected === 'int'
        ? say('check.wholeNumber')
        : issue.expected === 'number'
          ? say('check.number')
          : say('check.invalid');
    case 'too_small':
      if (issue.origin === 'string') return say('check.empty');
      if (issue.origin === 'array')
        return say('check.atLeastItems', { count: Number(issue.minimum) });
      return say(issue.inclusive === false ? 'check.moreThan' : 'check.atLeast', {
        bound: intl.formatNumber(Number(issue.minimum)),
      });
    case 'too_big':
      if (issue.origin === 'string') return say('check.tooLong', { count: Number(issue.maximum) });
      if (issue.origin === 'array')
        return say('check.atMostItems', { count: Number(issue.maximum) });
      return say(issue.inclusive === false ? 'check.lessThan' : 'check.atMost', {
        bound: intl.formatNumber(Number(issue.maximum)),
      });
    case 'invalid_format':
      return issue.format === 'url' ? say('check.address') : say('check.invalid');
    case 'unrecognized_keys':
      return say('check.unknownFields', {
        fields: intl.formatList(issue.keys),
        count: issue.keys.length,
      });
    default:
      return say('check.invalid');
  }
}

/**
 * The same, led by the member it is about (`options.estimate: …`), for a value whose parts
 * the reader cannot see: a stored record, a request built elsewhere.
 */
export function issueAtWords(intl: Formatter, issue: z.core.$ZodIssue): string {
  const at = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `${at}${issueWords(intl, issue)}`;
}
