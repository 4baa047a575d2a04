import { API_KEY_KINDS, type ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import type { QuotaData } from '../../src-shared/api/quota.ts';
import { errorValue } from '../core/jobs/lifecycle/outcome.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { quotaLine } from './quota-report.ts';
import { CliSession, NoKeyError, SESSION_OPTIONS } from './session.ts';
import { serviceWord, words } from './words.ts';

export const balanceUsage = () => words('cli.balance.usage');

/** `clearframe balance`: watermark credits and the video balance, each from its own service. */
export async function runBalance(args: string[]): Promise<number> {
  const { values } = parseCommand('balance', args, { options: SESSION_OPTIONS });
  const session = await CliSession.open(values);
  try {
    const results: Array<{
      kind: ApiKeyKind;
      host?: string;
      quota?: QuotaData;
      error?: string;
      noKey?: boolean;
    }> = [];
    for (const kind of API_KEY_KINDS) {
      try {
        const endpoint = await session.endpoint(kind);
        const quota =
          kind === 'watermark'
            ? await (await session.watermarkClient()).quota()
            : await (await session.videoClient()).quota();
        results.push({ kind, host: endpoint.host, quota });
      } catch (error) {
        results.push({
          kind,
          error: errorValue(error).message,
          noKey: error instanceof NoKeyError,
        });
      }
    }
    if (values.json) console.log(JSON.stringify(results));
    else {
      for (const result of results) {
        console.log(
          result.quota && result.host
            ? quotaLine(result.kind, result.quota, result.host)
            : words('cli.balance.failed', {
                service: serviceWord(result.kind),
                problem: result.error ?? words('cli.balance.unknown'),
              }),
        );
      }
    }
    if (results.every((result) => result.noKey)) return EXIT.noKey;
    return results.every((result) => result.quota) ? EXIT.done : EXIT.someFailed;
  } finally {
    await session.close();
  }
}
