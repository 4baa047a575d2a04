import { setTimeout as sleep } from 'node:timers/promises';
import {
  AbortedError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  type ServiceError,
} from './errors.ts';

/**
 * `paid`: a submission, which is not idempotent: repeated only when it provably never
 * reached the service (connection refused) or the service said 429, which means it did not
 * take the request. `read`: polls, lists and quota calls, repeated on anything transient.
 */
export type CallKind = 'paid' | 'read';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` we honour; a longer one is cut to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
};

export function isRetryable(error: unknown, kind: CallKind): boolean {
  if (error instanceof RateLimitedError) return true;
  if (error instanceof NetworkError && !error.requestSent) return true;
  if (kind === 'paid') return false;
  return (
    error instanceof NetworkError ||
    error instanceof ServerError ||
    error instanceof TimeoutError ||
    error instanceof UnexpectedResponseError
  );
}

/** Capped exponential backoff with full jitter, or the service's own `Retry-After`. */
export function retryDelayMs(
  error: unknown,
  attempt: number,
  policy: RetryPolicy,
  random = Math.random,
): number {
  if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, policy.maxRetryAfterMs);
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export async function withRetries<T>(
  kind: CallKind,
  call: () => Promise<T>,
  options: {
    policy?: RetryPolicy;
    signal?: AbortSignal | undefined;
    onRetry?: (error: ServiceError, delayMs: number) => void;
  } = {},
): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= policy.maxAttempts || !isRetryable(error, kind)) throw error;
      const delay = retryDelayMs(error, attempt, policy);
      options.onRetry?.(error as ServiceError, delay);
      try {
        await sleep(delay, undefined, options.signal ? { signal: options.signal } : undefined);
      } catch {
        throw new AbortedError('stopped while waiting to retry', {
          operation: (error as ServiceError).operation,
          cause: error,
        });
      }
    }
  }
}
