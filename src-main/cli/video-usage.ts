import { DEFAULT_ROUND_SECONDS, VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { PRICE_PER_SECOND_USD, type CostEstimate } from '../../src-shared/domain/pricing.ts';
import { MODES } from '../../src-shared/domain/round-draft.ts';
import { EXIT } from './exit-codes.ts';
import { cliIntl, words } from './words.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';

export const videoUsage = () =>
  words('cli.video.usage', {
    seconds: DEFAULT_ROUND_SECONDS,
    kinds: Object.keys(MODES).join(', '),
    ratios: VIDEO_LIMITS.ratios.join(', '),
  });

/** An amount of money in this run's language. */
export const money = (cents: number) => formatMoney(cliIntl(), cents);

/** One `clearframe video` sub-command: its arguments in, its exit code out. */
export type Sub = (args: string[]) => Promise<number>;

/** Says what is wrong with the command, then the video usage; returns the usage exit code. */
export function usage(message: string): number {
  console.error(
    `${words('cli.commandProblem', { command: 'video', problem: message })}\n${videoUsage()}`,
  );
  return EXIT.usage;
}

export function describeEstimate(
  estimate: CostEstimate,
  tier: keyof typeof PRICE_PER_SECOND_USD,
): string {
  return words(estimate.upperBound ? 'cli.video.costUpTo' : 'cli.video.costAbout', {
    cost: money(estimate.cents),
    seconds: estimate.seconds,
    rate: cliIntl().formatNumber(PRICE_PER_SECOND_USD[tier]),
  });
}
