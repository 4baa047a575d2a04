import type { z } from 'zod';
import { ParameterError, UnexpectedResponseError, type Operation } from './errors.ts';
import { requestJson, type JsonRequest, type KeyProvider, type Transport } from './http.ts';
import { withRetries, type CallKind, type RetryPolicy } from './retry.ts';

export interface ClientOptions {
  /** A function when the address can change while the app runs (demo mode on and off). */
  baseUrl: string | (() => string);
  key: KeyProvider;
  transport: Transport;
  retry?: RetryPolicy;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** The shared path of every client call: check what we send, call with the retry policy, check what came back. */
export async function callService<T>(
  options: ClientOptions,
  call: {
    operation: Operation;
    kind: CallKind;
    method: JsonRequest['method'];
    path: string;
    body?: unknown;
    parse: (body: unknown) => T;
    signal?: AbortSignal | undefined;
  },
): Promise<T> {
  const base = typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
  const url = base.replace(/\/+$/, '') + call.path;
  const reply = await withRetries(
    call.kind,
    () =>
      requestJson(options.transport, {
        operation: call.operation,
        method: call.method,
        url,
        key: options.key,
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(call.signal ? { signal: call.signal } : {}),
      }),
    { ...(options.retry ? { policy: options.retry } : {}), signal: call.signal },
  );
  return call.parse(reply.body);
}

/** Parses with a schema, or hands its first issue to `refuse`, which throws the right error. */
function parseOrRefuse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  refuse: (issue: { path: string; message: string }) => never,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return refuse({ path: issue?.path.join('.') ?? '', message: issue?.message ?? 'invalid' });
}

/** Checks a request against its schema before anything is sent or paid for. */
export function checkOutgoing<S extends z.ZodType>(
  operation: Operation,
  schema: S,
  value: unknown,
): z.output<S> {
  return parseOrRefuse(schema, value, ({ path, message }) => {
    const reason = `${path ? `${path}: ` : ''}${message}`;
    throw new ParameterError(`${operation} was not sent: ${reason}`, {
      operation,
      serviceMessage: reason,
    });
  });
}

/** Reads an answer tolerantly; a missing member the interface promises is an unexpected response. */
export function readIncoming<S extends z.ZodType>(
  operation: Operation,
  schema: S,
  value: unknown,
): z.output<S> {
  return parseOrRefuse(schema, value, ({ path }) => {
    throw new UnexpectedResponseError(
      `${operation} answered without ${path || 'the expected members'}`,
      { operation },
    );
  });
}
