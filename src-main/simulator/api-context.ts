import type { SmearSummary } from './request-log.ts';
import type { Account } from './accounts.ts';
import type { FaultKind } from './faults.ts';

/** One API request as a service sees it, after routing, body reading and fault checks. */
export interface ApiContext {
  method: string;
  /** The operation path below the service's base URL, such as `/api/ext/v1/get_quota`. */
  operation: string;
  query: URLSearchParams;
  body: Buffer;
  /** The account behind the Bearer key, when the key is known. */
  account: Account | undefined;
  /** Stable identity of this request for seeded decisions (see FaultPlan). */
  identity: string;
  forced: ReadonlySet<FaultKind>;
  /** `http://127.0.0.1:<port>`, for URLs the answer hands out. */
  origin: string;
}

export interface ApiReply {
  status: number;
  body: unknown;
  /** Logged: the envelope code or the error code. */
  code?: number | string;
  headers?: Record<string, string>;
  /** Logged with the request, for tests that check the mask the app sent. */
  smear?: SmearSummary;
}

/** Parses a JSON object body; anything else is undefined. */
export function parseJsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A duration spread by ±jitter, fixed by a draw in [0, 1). */
export function jittered(baseMs: number, jitter: number, draw: number): number {
  return Math.max(0, Math.round(baseMs * (1 + jitter * (2 * draw - 1))));
}
