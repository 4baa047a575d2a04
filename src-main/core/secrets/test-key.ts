import type { QuotaData } from '../../../src-shared/api/quota.ts';
import type { ApiKeyKind } from '../../../src-shared/domain/api-keys.ts';
import type { Transport } from '../api/http.ts';
import { VideoClient } from '../api/video-client.ts';
import { WatermarkClient } from '../api/watermark-client.ts';
import type { ApiKeys } from './api-keys.ts';

/** A key works when the service answers a quota call with it; errors say what is wrong. */
export async function testApiKey(
  kind: ApiKeyKind,
  keys: ApiKeys,
  service: { baseUrl: string; transport: Transport },
): Promise<QuotaData> {
  const options = {
    ...service,
    key: keys.provider(kind),
    retry: { maxAttempts: 2, baseDelayMs: 200, maxDelayMs: 400, maxRetryAfterMs: 2000 },
  };
  return kind === 'watermark'
    ? new WatermarkClient(options).quota()
    : new VideoClient(options).quota();
}
