import type { Readable } from 'node:stream';
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { videoErrorBodySchema } from '../../../src-shared/api/video.ts';
import {
  WATERMARK_CODES,
  isServerErrorCode,
  watermarkEnvelopeSchema,
} from '../../../src-shared/api/watermark.ts';
import {
  AbortedError,
  AuthenticationError,
  InsufficientFundsError,
  MethodError,
  NetworkError,
  ParameterError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  registerSecret,
  type Operation,
  type ServiceError,
  type ServiceErrorDetails,
} from './errors.ts';
import { jsonPayload } from './json-body.ts';
import { NetworkRoutes, type SystemProxyResolver } from './network-routes.ts';
import { ProxyProblem, proxyAnswerProblem, type Environment } from './proxy-settings.ts';

/** Where the key comes from; asked per request so a changed key takes effect at once. */
export type KeyProvider = () => Promise<string> | string;

export interface TransportOptions {
  /** Connections per origin; keep-alive reuses them. */
  maxConnections?: number;
  /** Per-request limit for the whole exchange, in milliseconds. */
  timeoutMs?: number;
  /** Where `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` are read; the process's own by default. */
  env?: Environment;
  /** The operating system's proxy for an address (the app asks Electron; the command line has none). */
  systemProxy?: SystemProxyResolver;
  /** Addresses reached without a proxy whatever the settings say: the built-in simulator's. */
  direct?: (url: URL) => boolean;
}

export interface Transport {
  /** What carries a request to `url`: directly or through the proxy the settings name. */
  dispatcherFor(url: URL): Promise<Dispatcher>;
  readonly timeoutMs: number;
  close(): Promise<void>;
}

export function createTransport(options: TransportOptions = {}): Transport {
  const routes = new NetworkRoutes({
    agent: {
      connections: options.maxConnections ?? 16,
      keepAliveTimeout: 10_000,
      connectTimeout: 10_000,
    },
    env: options.env ?? process.env,
    systemProxy: options.systemProxy,
    direct: options.direct,
  });
  return {
    dispatcherFor: (url) => routes.dispatcherFor(url),
    timeoutMs: options.timeoutMs ?? 30_000,
    close: () => routes.close(),
  };
}

export interface JsonRequest {
  operation: Operation;
  method: 'GET' | 'POST';
  url: string;
  key: KeyProvider;
  /** Sent as JSON; a `Base64Bytes` member goes as base64 text, streamed (see json-body.ts). */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type ErrorStyle = 'watermark' | 'video';

/** The parsed JSON of a successful answer, with its status. */
export interface JsonReply {
  status: number;
  body: unknown;
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * A connection that was refused never carried the request, nor did a proxy tunnel that was
 * not opened or a proxy setting that was not followed: the only network failures safe to
 * repeat for a paid call.
 */
function neverSent(error: unknown): boolean {
  if (error instanceof ProxyProblem || proxyAnswerProblem(error)) return true;
  const codes = (e: unknown): string[] => {
    if (!e || typeof e !== 'object') return [];
    const own = (e as { code?: unknown }).code;
    const inner = (e as { errors?: unknown }).errors;
    return [
      ...(typeof own === 'string' ? [own] : []),
      ...(Array.isArray(inner) ? inner.flatMap(codes) : []),
    ];
  };
  const found = [...codes(error), ...codes((error as { cause?: unknown } | undefined)?.cause)];
  return (
    found.length > 0 &&
    found.every((code) => code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT')
  );
}

function transportError(
  error: unknown,
  operation: Operation,
  signal: AbortSignal | undefined,
  timedOut: boolean,
): ServiceError {
  if (signal?.aborted)
    return new AbortedError(`${operation} was stopped`, { operation, cause: error });
  if (
    timedOut ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new TimeoutError(`${operation} got no answer in time`, { operation, cause: error });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new NetworkError(`${operation} failed on the network: ${detail}`, {
    operation,
    cause: error,
    requestSent: !neverSent(error),
  });
}

/**
 * Maps an answer to an error, reading both error shapes: the watermark envelope (a code,
 * usually with HTTP 200) and the video error body (HTTP 4xx/5xx). Both are checked on every
 * answer because the provider does not say which status an envelope error comes with.
 */
export function errorFromAnswer(
  operation: Operation,
  status: number,
  body: unknown,
  retryAfterMs: number | undefined,
): ServiceError | undefined {
  const envelope = watermarkEnvelopeSchema.safeParse(body);
  const videoError = videoErrorBodySchema.safeParse(body);
  const code = envelope.success
    ? envelope.data.code
    : videoError.success
      ? videoError.data.error.code
      : undefined;
  const serviceMessage = envelope.success
    ? envelope.data.message
    : videoError.success
      ? videoError.data.error.message
      : undefined;
  const details: ServiceErrorDetails = {
    operation,
    status,
    ...(code !== undefined ? { code } : {}),
    ...(serviceMessage !== undefined ? { serviceMessage } : {}),
  };
  const summary = `${operation} failed (HTTP ${status}${code !== undefined ? `, ${code}` : ''}${serviceMessage ? `: ${serviceMessage}` : ''})`;

  if (status === 429)
    return new RateLimitedError(summary, {
      ...details,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  if (envelope.success && envelope.data.code !== WATERMARK_CODES.success) {
    const c = envelope.data.code;
    if (c === WATERMARK_CODES.parameter) return new ParameterError(summary, details);
    if (c === WATERMARK_CODES.method) return new MethodError(summary, details);
    if (c === WATERMARK_CODES.authentication) return new AuthenticationError(summary, details);
    if (c === WATERMARK_CODES.insufficientCredits)
      return new InsufficientFundsError(summary, details);
    if (isServerErrorCode(c)) return new ServerError(summary, details);
    return new UnexpectedResponseError(summary, details);
  }
  if (status >= 500) return new ServerError(summary, details);
  if (status === 401) return new AuthenticationError(summary, details);
  if (status === 403 && (code === 'AccountOverdueError' || code === 'InsufficientBalance')) {
    return new InsufficientFundsError(summary, details);
  }
  if (status === 403) return new AuthenticationError(summary, details);
  if (status === 405) return new MethodError(summary, details);
  if (status >= 400) return new ParameterError(summary, details);
  if (status < 200 || status >= 300) return new UnexpectedResponseError(summary, details);
  return undefined;
}

/** One HTTP exchange with JSON in and out. No retries here: the caller's policy decides. */
export async function requestJson(transport: Transport, req: JsonRequest): Promise<JsonReply> {
  const key = await req.key();
  registerSecret(key);
  const timeoutMs = req.timeoutMs ?? transport.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    accept: 'application/json',
  };
  let payload: string | Readable | undefined;
  if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    const json = jsonPayload(req.body);
    if ('text' in json) payload = json.text;
    else {
      headers['content-length'] = String(json.length);
      payload = json.stream();
    }
  }
  let status: number;
  let text: string;
  let retryAfterMs: number | undefined;
  try {
    const response = await request(req.url, {
      method: req.method,
      headers,
      body: payload,
      signal,
      dispatcher: await transport.dispatcherFor(new URL(req.url)),
    });
    status = response.statusCode;
    retryAfterMs = parseRetryAfter(response.headers['retry-after']);
    text = await response.body.text();
  } catch (error) {
    throw transportError(error, req.operation, req.signal, timeout.aborted);
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    const failure = errorFromAnswer(req.operation, status, undefined, retryAfterMs);
    if (failure) throw failure;
    throw new UnexpectedResponseError(
      `${req.operation} answered HTTP ${status} with a body that is not JSON`,
      {
        operation: req.operation,
        status,
        cause: error,
      },
    );
  }
  const failure = errorFromAnswer(req.operation, status, body, retryAfterMs);
  if (failure) throw failure;
  return { status, body };
}
