import type { QuotaData } from '../../src-shared/api/quota.ts';
import type { ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { quotaWords } from '../core/secrets/test-key.ts';
import { serviceWord, words } from './words.ts';

/** One line a person can read: what is left on a service, and which host said so. */
export function quotaLine(kind: ApiKeyKind, quota: QuotaData, host: string): string {
  return words('cli.balance.line', {
    service: serviceWord(kind),
    quota: quotaWords(kind, quota),
    host,
  });
}
