import type { QuotaData } from '../../src-shared/api/quota.ts';
import type { ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { formatUsd } from '../../src-shared/domain/budget.ts';
import { toCents } from '../../src-shared/domain/pricing.ts';

/** One line a person can read: what is left on a service, and which host said so. */
export function quotaLine(kind: ApiKeyKind, quota: QuotaData, host: string): string {
  if (kind === 'video' && quota.balance_usd !== undefined) {
    return `video: ${formatUsd(toCents(quota.balance_usd))} balance (from ${host})`;
  }
  return `${kind}: ${quota.remaining} of ${quota.limit} credits left (from ${host})`;
}
