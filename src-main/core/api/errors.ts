import { wordNow, type Wording } from '../i18n/core-words.ts';
import { UserFacingError } from '../user-error.ts';
import { ProxyProblem, proxyAnswerProblem } from './proxy-settings.ts';

/**
 * What can go wrong talking to the service, as classes callers match with `instanceof`.
 * Each carries the HTTP status, the service's code and message, the operation, and, as
 * every error a person reads (`UserFacingError`), the message id of what to do. Nothing here may ever hold the API key:
 * every message passes through `redactSecrets` on its way in.
 */
export type Operation =
  | 'watermark.submit'
  | 'watermark.result'
  | 'watermark.quota'
  | 'video.generate'
  | 'video.get'
  | 'video.list'
  | 'video.quota'
  | 'download';

export interface ServiceErrorDetails {
  operation: Operation;
  status?: number;
  /** The envelope code (watermark) or the error code (video), when the service sent one. */
  code?: number | string;
  serviceMessage?: string;
  cause?: unknown;
}

const registeredSecrets = new Set<string>();

/** Keys the process knows; any of them found in an error or log text is masked. */
export function registerSecret(secret: string): void {
  if (secret.length >= 6) registeredSecrets.add(secret);
}

const BEARER = /(Bearer\s+)[^\s"',;]+/gi;

export function redactSecrets(text: string): string {
  let out = text.replace(BEARER, '$1[redacted]');
  for (const secret of registeredSecrets) out = out.split(secret).join('[redacted]');
  return out;
}

/** `message` is the summary for the log; `sentence` (each kind's own) is what the user reads. */
export abstract class ServiceError extends UserFacingError {
  readonly operation: Operation;
  readonly status: number | undefined;
  readonly code: number | string | undefined;
  readonly serviceMessage: string | undefined;

  constructor(summary: string, details: ServiceErrorDetails) {
    super(
      redactSecrets(summary),
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.operation = details.operation;
    this.status = details.status;
    this.code = details.code;
    this.serviceMessage =
      details.serviceMessage === undefined ? undefined : redactSecrets(details.serviceMessage);
  }
}

/** 1000 / 400: the request was wrong; sending it again will not help. */
export class ParameterError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.parameter', values: { reason: this.serviceMessage ?? this.message } };
  }
}

/** 1001 / 405: a bug on our side, not the user's. */
export class MethodError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.method' };
  }
}

/** 1002 / 401. */
export class AuthenticationError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.authentication' };
  }
}

/** 1003 / 403 balance: credits or USD balance are too low. */
export class InsufficientFundsError extends ServiceError {
  override get sentence(): Wording {
    return {
      id: this.operation.startsWith('video')
        ? 'core.api.videoBalance'
        : 'core.api.watermarkCredits',
    };
  }
}

/** 429: the service asks us to slow down; `retryAfterMs` says for how long when it says. */
export class RateLimitedError extends ServiceError {
  readonly retryAfterMs: number | undefined;

  override get sentence(): Wording {
    return { id: 'core.api.rateLimited' };
  }

  constructor(summary: string, details: ServiceErrorDetails & { retryAfterMs?: number }) {
    super(summary, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** 11xx / 5xx. */
export class ServerError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.server' };
  }
}

/** The connection failed. `requestSent` is false only when the request provably never left. */
export class NetworkError extends ServiceError {
  readonly requestSent: boolean;

  constructor(summary: string, details: ServiceErrorDetails & { requestSent: boolean }) {
    super(summary, details);
    this.requestSent = details.requestSent;
  }

  /** What to do about the proxy, when a proxy setting or the proxy itself stood in the way. */
  get proxyProblem(): Wording | undefined {
    return this.cause instanceof ProxyProblem
      ? this.cause.sentence
      : proxyAnswerProblem(this.cause);
  }

  override get sentence(): Wording {
    return this.proxyProblem ?? { id: 'core.api.network' };
  }
}

/** No answer in time. The request may or may not have been carried out. */
export class TimeoutError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.timeout' };
  }
}

/** Stopped by the caller (cancel, quit). */
export class AbortedError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.aborted' };
  }
}

/** The answer was not what the interface describes: not JSON, or missing members. */
export class UnexpectedResponseError extends ServiceError {
  override get sentence(): Wording {
    return { id: 'core.api.unexpected' };
  }
}

/** The local wait for a task ran out; the task itself may still finish on the service. */
export class DeadlineError extends TimeoutError {
  readonly minutes: number;

  constructor(minutes: number, details: ServiceErrorDetails) {
    super(`the task did not finish within ${minutes} minutes`, details);
    this.minutes = minutes;
  }

  /** How long was waited, as a clause a sentence about the job takes in. */
  get waited(): Wording {
    return { id: 'core.api.deadline', values: { minutes: this.minutes } };
  }
}

/**
 * A result file could not be fetched: gone (404), expired or refused (403), redirected
 * somewhere it may not go, or not a file we accept. The task on the service is done, so the
 * way on is to ask for the result again by its task id, which costs nothing.
 */
export class DownloadError extends ServiceError {
  /** What went wrong with the file, as a clause of the sentence the user reads. */
  readonly reason: Wording;

  constructor(reason: Wording, details: ServiceErrorDetails) {
    super(wordNow(reason) ?? reason.id, details);
    this.reason = reason;
  }

  override get sentence(): Wording {
    return { id: 'core.api.download', values: { reason: this.reason } };
  }

  /** A fresh link from the service may work: the one given has gone, expired or is refused. */
  get linkGone(): boolean {
    return this.status === 403 || this.status === 404 || this.status === 410;
  }
}
