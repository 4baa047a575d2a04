import type { QuotaData } from '../../../src-shared/api/quota.ts';
import { apiKeyProblem, type ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import { formatUsd } from '../../../src-shared/domain/budget.ts';
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
import { said } from '../i18n/core-words.ts';

export const KEY_NAME: Readonly<Record<ApiKeyKind, string>> = {
  watermark: 'watermark API token',
  video: 'video API key',
};

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

/** A key works when the service answers a quota call with it; errors say what is wrong. */
export async function testApiKey(
  kind: ApiKeyKind,
  keys: ApiKeys,
  service: { baseUrl: string; transport: Transport },
): Promise<QuotaData> {
  return askQuota(kind, { ...service, key: keys.provider(kind) });
}

/** What is left on a service, in words. */
export function quotaWords(kind: ApiKeyKind, quota: QuotaData): string {
  return kind === 'video' && quota.balance_usd !== undefined
    ? `${formatUsd(toCents(quota.balance_usd))} balance`
    : `${quota.remaining} of ${quota.limit} credits left`;
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
  const name = KEY_NAME[kind];
  const kept = saving ? ' It was saved in the system keychain.' : '';
  const notKept = saving ? ' It was not saved.' : '';
  try {
    const quota = await askQuota(kind, { ...service, key: () => key });
    return {
      outcome: 'accepted',
      quota,
      message: `The ${name} works: ${quotaWords(kind, quota)} (from ${host}).${kept}`,
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const said = error.serviceMessage ? ` (the service said: "${error.serviceMessage}")` : '';
    if (error instanceof AuthenticationError) {
      return {
        outcome: 'refused',
        message: `${host} refused this ${name}${said}.${notKept} Copy the key again from your account on the provider's site.`,
      };
    }
    if (
      error instanceof NetworkError ||
      error instanceof TimeoutError ||
      error instanceof RateLimitedError
    ) {
      return {
        outcome: 'unchecked',
        message: `The ${name} could not be checked: ${error.userMessage}${notKept} Check the connection and the service address in Settings, then try again.`,
      };
    }
    const why =
      error instanceof UnexpectedResponseError || error.status === undefined
        ? 'its answer was not in a shape Clearframe knows'
        : `it answered HTTP ${error.status}`;
    const balance =
      error instanceof InsufficientFundsError
        ? `but says the balance is too low: ${error.userMessage}`
        : `but its balance could not be read (${why}); the Account screen will ask again`;
    return {
      outcome: 'accepted',
      quota: null,
      message: `${host} accepted the ${name}, ${balance}.${kept}`,
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
  if (problem) throw new InvalidKeyError(problem);
  const keychain = await keys.keychainProblem();
  if (keychain)
    throw new UserFacingError(said('core.keys.cannotSave', { why: keychain.userMessage }));
  const check = await checkKey(kind, key, service, true);
  if (check.outcome === 'accepted') await keys.set(kind, key);
  return check;
}
