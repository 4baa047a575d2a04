import type { QuotaData } from '../../../src-shared/api/quota.ts';
import type { ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import type { KeyProvider, Transport } from '../api/http.ts';
import { VideoClient } from '../api/video-client.ts';
import { WatermarkClient } from '../api/watermark-client.ts';
import type { ApiKeys } from './api-keys.ts';

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
