import { balanceProblem, budgetProblem } from '../../../../src-shared/domain/budget.ts';
import { toCents } from '../../../../src-shared/domain/pricing.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import { AbortedError, AuthenticationError } from '../../api/errors.ts';
import type { VideoClient } from '../../api/video-client.ts';
import { coreIntl } from '../../i18n/core-words.ts';
import { UserFacingError } from '../../user-error.ts';
import type { VideoRoundRow, VideoRounds } from '../video/video-rounds.ts';

/** A round the engine refused before paying: over the cap, or more than the balance. */
export class SpendingRefusedError extends UserFacingError {}

/** The balance, when the service gives one; other quota failures only skip this check. */
async function balanceCents(client: VideoClient, signal: AbortSignal): Promise<number | undefined> {
  try {
    const quota = await client.quota({ signal });
    return quota.balance_usd === undefined ? undefined : toCents(quota.balance_usd);
  } catch (error) {
    if (error instanceof AuthenticationError || signal.aborted) throw error;
    return undefined;
  }
}

/**
 * Refuses, before paying, a round over the budget cap or more than the balance. Nothing
 * awaits after the balance is read, so when the caller moves the round to `submitting`
 * straight after, rounds starting together each see the others' estimates as in flight.
 */
export async function refuseOverspending(
  context: {
    client: VideoClient;
    settings: () => Settings;
    rounds: VideoRounds;
    now: () => number;
  },
  round: VideoRoundRow,
  signal: AbortSignal,
): Promise<void> {
  const balance = await balanceCents(context.client, signal);
  if (signal.aborted)
    throw new AbortedError('canceled before sending', { operation: 'video.generate' });
  const { rounds } = context;
  const settings = context.settings();
  const refused =
    budgetProblem(
      coreIntl(),
      settings.budgetCapUsd,
      rounds.spendingForCap(settings.budgetCapPeriod, context.now(), round.id),
      round.estimate_cents,
    ) ??
    (balance === undefined
      ? undefined
      : balanceProblem(
          coreIntl(),
          balance,
          rounds.spending(round.id).inFlightCents,
          round.estimate_cents,
        ));
  if (refused) throw new SpendingRefusedError(refused);
}
