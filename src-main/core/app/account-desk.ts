import { API_KEY_KINDS, type ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import { PRICE_PER_SECOND_USD } from '../../../src-shared/domain/pricing.ts';
import type {
  InvokeHandlers,
  InvokeResponse,
  QuotaFigure,
} from '../../../src-shared/ipc/contract.ts';
import type { Transport } from '../api/http.ts';
import type { AppLogger } from '../diagnostics/logger.ts';
import { errorValue } from '../jobs/outcome.ts';
import type { VideoRounds } from '../jobs/video-rounds.ts';
import { askQuota } from '../secrets/test-key.ts';
import type { DeskContext } from './desk-context.ts';
import type { Endpoints } from './endpoints.ts';

/**
 * The Account panel: what each service says is left, what the queue will cost, and video
 * spending as the budget cap counts it.
 */
export class AccountDesk {
  readonly handlers: Pick<InvokeHandlers, 'account:quota'>;
  private readonly endpoints: Endpoints;
  private readonly transport: Transport;
  private readonly log: AppLogger;

  constructor(context: DeskContext, rounds: VideoRounds) {
    this.endpoints = context.endpoints;
    this.transport = context.transport;
    this.log = context.log;
    const { settings, store } = context;
    this.handlers = {
      'account:quota': async () => {
        const tier = settings().pricingTier;
        const { spentCents, inFlightCents } = rounds.spending();
        const spending: InvokeResponse<'account:quota'>['spending'] = {
          spentUsd: spentCents / 100,
          inFlightUsd: inFlightCents / 100,
          capUsd: settings().budgetCapUsd,
        };
        return {
          services: await Promise.all(API_KEY_KINDS.map((kind) => this.quotaFigure(kind))),
          tier,
          pricePerSecondUsd: PRICE_PER_SECOND_USD[tier],
          queuedUsd: rounds.queuedEstimateCents() / 100,
          spending,
          queuedCredits: store.countWatermarkJobsIn(['queued']),
        };
      },
    };
  }

  /** What one service says is left; a service that cannot answer says why instead. */
  private async quotaFigure(kind: ApiKeyKind): Promise<QuotaFigure> {
    const host = this.endpoints.host(kind);
    try {
      const endpoint = await this.endpoints.resolve(kind);
      const quota = await askQuota(kind, { ...endpoint, transport: this.transport });
      return {
        ok: true,
        kind,
        host,
        credits: { remaining: quota.remaining, limit: quota.limit },
        balanceUsd: quota.balance_usd ?? null,
      };
    } catch (error) {
      this.log.warn('account', `${kind} quota from ${host}:`, errorValue(error).message);
      return { ok: false, kind, host, message: errorValue(error).message };
    }
  }
}
