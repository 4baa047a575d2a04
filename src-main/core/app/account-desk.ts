import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { accountContract } from '../../../src-shared/ipc/account.ts';
import path from 'node:path';
import { API_KEY_KINDS, type ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import { PRICE_PER_SECOND_USD } from '../../../src-shared/domain/pricing.ts';
import type {
  InvokeResponse,
  QuotaFigure,
  SpendingFilter,
} from '../../../src-shared/ipc/contract.ts';
import type { Transport } from '../api/http.ts';
import type { AppLogger } from '../diagnostics/logger.ts';
import { errorValue } from '../jobs/lifecycle/outcome.ts';
import { spendingCsvName, writeSpendingCsv, type CsvCount } from '../jobs/spending/spending-csv.ts';
import { SpendingLedger } from '../jobs/spending/spending-history.ts';
import type { VideoRounds } from '../jobs/video/video-rounds.ts';
import { askQuota } from '../secrets/test-key.ts';
import type { DeskContext } from './desk-context.ts';
import type { Endpoints } from './endpoints.ts';

/**
 * The Account panel: what each service says is left, what the queue will cost, video
 * spending as the budget cap counts it, and the spending history with its CSV.
 */
export class AccountDesk {
  readonly handlers: Handlers<typeof accountContract>;
  private readonly endpoints: Endpoints;
  private readonly transport: Transport;
  private readonly log: AppLogger;
  private readonly ledger: SpendingLedger;
  private readonly rounds: VideoRounds;

  constructor(context: DeskContext, rounds: VideoRounds) {
    this.endpoints = context.endpoints;
    this.transport = context.transport;
    this.log = context.log;
    this.rounds = rounds;
    const { settings, store } = context;
    this.ledger = new SpendingLedger(store);
    this.handlers = {
      'account:quota': async () => {
        const { pricingTier: tier, budgetCapPeriod: period, budgetCapUsd } = settings();
        const { spentCents, inFlightCents, month } = rounds.spendingForCap(period, store.now());
        const spending: InvokeResponse<'account:quota'>['spending'] = {
          spentUsd: spentCents / 100,
          inFlightUsd: inFlightCents / 100,
          capUsd: budgetCapUsd,
          period,
          month: month ?? null,
        };
        return {
          services: await Promise.all(API_KEY_KINDS.map((kind) => this.quotaFigure(kind))),
          tier,
          pricePerSecondUsd: PRICE_PER_SECOND_USD[tier],
          queuedUsd: rounds.queuedEstimateCents() / 100,
          spending,
          queuedCredits: store.watermarks.countIn(['queued']),
        };
      },
      'video:spending': ({ limit, offset, ...filter }) =>
        this.ledger.history(filter, { limit, ...(offset === undefined ? {} : { offset }) }),
    };
  }

  /**
   * Writes the spending history of `filter` as CSV into `folder`, named after the project
   * and month, never over a file already there.
   */
  exportSpending(filter: SpendingFilter, folder: string): Promise<{ path: string } & CsvCount> {
    const project = filter.projectId ? this.rounds.anyProject(filter.projectId) : undefined;
    const name = spendingCsvName(filter, project?.name);
    return writeSpendingCsv(this.ledger, filter, path.join(folder, name));
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
        demo: this.endpoints.usesDemo(kind),
      };
    } catch (error) {
      this.log.warn('account', `${kind} quota from ${host}:`, errorValue(error).message);
      return { ok: false, kind, host, message: errorValue(error).message };
    }
  }
}
