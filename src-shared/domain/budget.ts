import { monthWords, nextMonthWords } from './calendar-month.ts';

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

export function formatUsd(cents: number): string {
  return `${(cents / 100).toFixed(2)} USD`;
}

/**
 * Where a charge in the spending history stands: `charged` when the round finished and its
 * charge is the seconds the service reported × the price; `estimated` when it is over but
 * the service never said (failed on download, canceled after sending, sent again);
 * `in-flight` while it is sent and not over.
 */
export const SPENDING_STATUSES = ['charged', 'estimated', 'in-flight'] as const;
export type SpendingStatus = (typeof SPENDING_STATUSES)[number];

/** A charge's standing in words, for the window and the command line alike. */
export function spendingStatusWords(line: { status: SpendingStatus; demo: boolean }): string {
  if (line.demo) return 'demo: would cost, not charged';
  if (line.status === 'charged') return 'charged';
  return line.status === 'estimated'
    ? 'estimate: the service did not say'
    : 'sent, not over: estimate';
}

/** Sums of charges in words: spent, in flight, and what demo rounds would have cost. */
export function spendingSumWords(sum: {
  spentCents: number;
  inFlightCents: number;
  demoCents: number;
}): string {
  const demo = sum.demoCents > 0 ? `; demo rounds would have cost ${formatUsd(sum.demoCents)}` : '';
  return `${formatUsd(sum.spentCents)} spent, ${formatUsd(sum.inFlightCents)} in rounds sent and not over${demo}`;
}

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

/** What a round costs or cost, in English words, for the command line. */
export function roundMoneyWords(round: RoundMoneyFacts): string {
  const { kind, cents } = roundMoney(round);
  if (kind === 'demo') return `would cost ${formatUsd(cents)} (demo, not charged)`;
  return kind === 'charged' ? `charged ${formatUsd(cents)}` : `estimated ${formatUsd(cents)}`;
}

/**
 * Whether one more round fits under the budget cap, and if not, the sentence that says why
 * and what to do. The cap counts everything the app has spent (in the month, for a monthly
 * cap), everything in flight, and this round, so no number of rounds sent at once can take
 * spending past it.
 */
export function budgetProblem(
  capUsd: number | null,
  spending: CapSpending,
  estimateCents: number,
): string | undefined {
  if (capUsd === null) return undefined;
  const capCents = Math.round(capUsd * 100);
  const total = spending.spentCents + spending.inFlightCents + estimateCents;
  if (total <= capCents) return undefined;
  const { month } = spending;
  if (month !== undefined) {
    return `This round (${formatUsd(estimateCents)}) would take video spending in ${monthWords(month)} to ${formatUsd(total)}, over your monthly budget cap of ${formatUsd(capCents)}: ${formatUsd(spending.spentCents)} spent this month and ${formatUsd(spending.inFlightCents)} in rounds already sent. Raise the cap in Settings, or retry this round in ${nextMonthWords(month)}.`;
  }
  return `This round (${formatUsd(estimateCents)}) would take video spending to ${formatUsd(total)}, over your budget cap of ${formatUsd(capCents)}: ${formatUsd(spending.spentCents)} spent and ${formatUsd(spending.inFlightCents)} in rounds already sent. Raise the cap in Settings, then retry this round.`;
}

/**
 * Whether the service's balance covers this round after the rounds already sent, whose
 * charges the balance does not show yet.
 */
export function balanceProblem(
  balanceCents: number,
  inFlightCents: number,
  estimateCents: number,
): string | undefined {
  const available = balanceCents - inFlightCents;
  if (available >= estimateCents) return undefined;
  return `The video balance is ${formatUsd(balanceCents)}${inFlightCents > 0 ? `, of which ${formatUsd(inFlightCents)} is held by rounds already sent` : ''}; this round needs about ${formatUsd(estimateCents)}. Top up the balance on the provider's site, then retry this round.`;
}
