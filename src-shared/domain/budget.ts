import { formatMoney, formatMonth, type Formatter } from '../i18n/formats.ts';
import { monthBounds, monthOf } from './calendar-month.ts';

/**
 * Money figures of the video queue, in whole cents, counting every round the service may
 * have billed: its charge when the service told it, else its estimate.
 */
export interface Spending {
  /** Rounds that are over (done, failed or canceled after they were sent) and earlier attempts. */
  spentCents: number;
  /** Rounds sent, or possibly sent, that are not over yet. */
  inFlightCents: number;
}

/**
 * What the budget cap counts: everything ever spent, or what was spent in each calendar
 * month of this computer's time zone (a charge counts in the month it was sent in).
 */
export const BUDGET_PERIODS = ['all-time', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** The spending a cap is held against: of all time, or of one month (`YYYY-MM`). */
export interface CapSpending extends Spending {
  month?: string;
}

/**
 * Where a charge in the spending history stands: `charged` when the round finished and its
 * charge is the seconds the service reported × the price; `estimated` when it is over but
 * the service never said (failed on download, canceled after sending, sent again);
 * `in-flight` while it is sent and not over; `demo` for a round the built-in simulator made,
 * which nobody charged (its cents are what it would have cost).
 */
export const SPENDING_STATUSES = ['charged', 'estimated', 'in-flight', 'demo'] as const;
export type SpendingStatus = (typeof SPENDING_STATUSES)[number];

interface RoundMoneyFacts {
  state: string;
  chargedCents: number | null;
  estimateCents: number;
  demo: boolean;
}

/**
 * What a round costs or cost, and how sure that is: `demo` for a round the built-in simulator
 * made (what it would cost, never a charge), `charged` once the service billed it, else the
 * `estimated` price. The window words it from its catalogues, the command line below.
 */
export function roundMoney(round: RoundMoneyFacts): {
  kind: 'demo' | 'charged' | 'estimated';
  cents: number;
} {
  const charged = round.state === 'done' && round.chargedCents !== null;
  const cents = charged ? (round.chargedCents ?? 0) : round.estimateCents;
  return { kind: round.demo ? 'demo' : charged ? 'charged' : 'estimated', cents };
}

/**
 * The budget cap's rule, written once for the engine, the window and the command line:
 * spending (what was spent, what is in flight and what is about to be sent, in cents) is
 * past a cap of `capUsd` when it is more than the cap; without a cap it never is. Gives the
 * cap in cents when past it.
 */
export function pastCap(capUsd: number | null, totalCents: number): number | undefined {
  if (capUsd === null) return undefined;
  const capCents = Math.round(capUsd * 100);
  return totalCents > capCents ? capCents : undefined;
}

/**
 * Whether one more round fits under the budget cap, and if not, the sentence that says why
 * and what to do. The cap counts everything the app has spent (in the month, for a monthly
 * cap), everything in flight, and this round, so no number of rounds sent at once can take
 * spending past it.
 */
export function budgetProblem(
  intl: Formatter,
  capUsd: number | null,
  spending: CapSpending,
  estimateCents: number,
): string | undefined {
  const total = spending.spentCents + spending.inFlightCents + estimateCents;
  const capCents = pastCap(capUsd, total);
  if (capCents === undefined) return undefined;
  const money = {
    estimate: formatMoney(intl, estimateCents),
    total: formatMoney(intl, total),
    cap: formatMoney(intl, capCents),
    spent: formatMoney(intl, spending.spentCents),
    inFlight: formatMoney(intl, spending.inFlightCents),
  };
  const { month } = spending;
  if (month === undefined) return intl.formatMessage({ id: 'budget.overCap' }, money);
  const { end } = monthBounds(month);
  return intl.formatMessage(
    { id: 'budget.overMonthlyCap' },
    { ...money, month: formatMonth(intl, month), nextMonth: formatMonth(intl, monthOf(end)) },
  );
}

/**
 * Whether the service's balance covers this round after the rounds already sent, whose
 * charges the balance does not show yet.
 */
export function balanceProblem(
  intl: Formatter,
  balanceCents: number,
  inFlightCents: number,
  estimateCents: number,
): string | undefined {
  const available = balanceCents - inFlightCents;
  if (available >= estimateCents) return undefined;
  return intl.formatMessage(
    { id: inFlightCents > 0 ? 'budget.balanceLowHeld' : 'budget.balanceLow' },
    {
      balance: formatMoney(intl, balanceCents),
      estimate: formatMoney(intl, estimateCents),
      ...(inFlightCents > 0 ? { held: formatMoney(intl, inFlightCents) } : {}),
    },
  );
}
