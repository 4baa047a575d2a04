import type { QuotaData } from '../../../src-shared/api/quota.ts';
import { apiKeyProblem, type ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import { formatMoney } from '../../../src-shared/i18n/formats.ts';
import { toCents } from '../../../src-shared/domain/pricing.ts';
import {
  AuthenticationError,
  InsufficientFundsError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnexpectedResponseError,
} from '../api/errors.ts';
import type { KeyProvider, Transport } from '../api/http.ts';
import { VideoClient } from '../api/video-client.ts';
import { WatermarkClient } from '../api/watermark-client.ts';
import { UserFacingError } from '../user-error.ts';
import { InvalidKeyError, type ApiKeys } from './api-keys.ts';
import { coreIntl, said } from '../i18n/core-words.ts';

/**
 * One quota call to a service, with a short retry: someone is waiting for the answer on
 * screen. It tests a key and fills the account panel alike.
 */
export async function askQuota(
  kind: ApiKeyKind,
  service: { baseUrl: string | (() => string); key: KeyProvider; transport: Transport },
): Promise<QuotaData> {
  const options = {
    ...service,
    retry: { maxAttempts: 2, baseDelayMs: 200, maxDelayMs: 400, maxRetryAfterMs: 2000 },
  };
  return kind === 'watermark'
    ? new WatermarkClient(options).quota()
    : new VideoClient(options).quota();
}

/** What is left on a service, in words. */
export function quotaWords(kind: ApiKeyKind, quota: QuotaData): string {
  return kind === 'video' && quota.balance_usd !== undefined
    ? said('core.keys.balance', { amount: formatMoney(coreIntl(), toCents(quota.balance_usd)) })
    : said('core.keys.creditsLeft', {
        remaining: String(quota.remaining),
        limit: String(quota.limit),
      });
}

/**
 * Whether a key may be kept: `accepted` (keep it), `refused` (the service said the key is
 * wrong: do not keep it) or `unchecked` (no answer that judges the key: do not keep it, try
 * again). The message is the sentence the user reads.
 */
export type KeyCheck =
  | { outcome: 'accepted'; quota: QuotaData | null; message: string }
  | { outcome: 'refused' | 'unchecked'; message: string };

/**
 * The one rule for keeping a key, shared by Settings and `clearframe key`:
 * - only the service refusing the key (HTTP 401 or 403, code 1002) refuses it;
 * - no answer at all (no connection, no reply in time) or a 429 judges nothing, so the key
 *   is not kept and the user tries again: a key kept untested could be a typo that fails
 *   every job later;
 * - any other answer means the service took the key: it is kept even when the balance
 *   cannot be read (a shape we do not know, missing members, a 5xx), and the message says so.
 * `saving` words the message for a key about to be saved rather than one already stored.
 */
export async function checkKey(
  kind: ApiKeyKind,
  key: string,
  service: { baseUrl: string; transport: Transport },
  saving: boolean,
): Promise<KeyCheck> {
  const host = new URL(service.baseUrl).host;
  // The kind, not a rendered name: each language picks the article and agreement for it.
  const words = { host, kind, saving: String(saving) };
  try {
    const quota = await askQuota(kind, { ...service, key: () => key });
    return {
      outcome: 'accepted',
      quota,
      message: said('core.keys.works', { ...words, quota: quotaWords(kind, quota) }),
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error instanceof AuthenticationError) {
      const answer = error.serviceMessage ?? '';
      return {
        outcome: 'refused',
        message: said('core.keys.refused', { ...words, answer, answered: answer ? 'yes' : 'no' }),
      };
    }
    if (
      error instanceof NetworkError ||
      error instanceof TimeoutError ||
      error instanceof RateLimitedError
    ) {
      return {
        outcome: 'unchecked',
        message: said('core.keys.unchecked', { ...words, why: error.userMessage }),
      };
    }
    if (error instanceof InsufficientFundsError) {
      return {
        outcome: 'accepted',
        quota: null,
        message: said('core.keys.acceptedLowBalance', { ...words, why: error.userMessage }),
      };
    }
    const why =
      error instanceof UnexpectedResponseError || error.status === undefined
        ? said('core.keys.unknownShape')
        : said('core.keys.answeredStatus', { status: String(error.status) });
    return {
      outcome: 'accepted',
      quota: null,
      message: said('core.keys.acceptedBalanceUnread', { ...words, why }),
    };
  }
}

/**
 * Saving a key, the same way from Settings and from `clearframe key set`: a key of the wrong
 * form and a keychain that cannot keep it are refused before anything is sent, then the key
 * is tested against the service and kept only when `checkKey` accepts it.
 */
export async function testAndKeepKey(
  kind: ApiKeyKind,
  key: string,
  keys: ApiKeys,
  service: { baseUrl: string; transport: Transport },
): Promise<KeyCheck> {
  const problem = apiKeyProblem(key);
  if (problem) throw new InvalidKeyError({ id: problem });
  const keychain = await keys.keychainProblem();
  if (keychain)
    throw new UserFacingError({
      id: 'core.keys.cannotSave',
      values: { why: keychain.userMessage },
    });
  const check = await checkKey(kind, key, service, true);
  if (check.outcome === 'accepted') await keys.set(kind, key);
  return check;
}
