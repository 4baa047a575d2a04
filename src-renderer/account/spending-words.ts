import type { SpendingStatus } from '../../src-shared/domain/budget.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';

/** Where a charge stands, in the window's words; a demo round is never a charge. */
const STATUS_MESSAGES: Readonly<Record<SpendingStatus, MessageId>> = {
  charged: 'spending.status.charged',
  estimated: 'spending.status.estimated',
  'in-flight': 'spending.status.in-flight',
  demo: 'spending.status.demo',
};

export function spendingStatus(intl: Formatter, line: { status: SpendingStatus }): string {
  return intl.formatMessage({ id: STATUS_MESSAGES[line.status] });
}

/** Sums of charges: spent, in rounds sent, and what demo rounds would have cost, if any. */
export function spendingSum(
  intl: Formatter,
  sum: { spentCents: number; inFlightCents: number; demoCents: number },
): string {
  const spent = formatMoney(intl, sum.spentCents);
  const inFlight = formatMoney(intl, sum.inFlightCents);
  return sum.demoCents > 0
    ? intl.formatMessage(
        { id: 'spending.sumWithDemo' },
        { spent, inFlight, demo: formatMoney(intl, sum.demoCents) },
      )
    : intl.formatMessage({ id: 'spending.sum' }, { spent, inFlight });
}
