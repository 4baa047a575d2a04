import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { quotaDataSchema } from '../../src-shared/api/quota.ts';
import { WATERMARK_CODES, WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { DEMO_PICTURES_PATH } from '../../src-shared/domain/demo-assets.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { Accounts, bearerKey, type AccountSpec } from './accounts.ts';
import type { ApiContext, ApiReply } from './api-context.ts';
import { AssetRegistry, type AssetSpec } from './assets.ts';
import { serveDemoPicture } from './demo-pictures.ts';
import {
  FAULT_HEADER,
  FaultPlan,
  LATENCY_HEADER,
  forcedFaults,
  type FaultConfig,
  type FaultKind,
} from './faults.ts';
import { FILES_PREFIX, FileHost } from './file-host.ts';
import { RequestLog, hashBody, keyId, type RequestLogEntry } from './request-log.ts';
import { DEFAULT_VIDEO_TIMING, VideoService, type VideoTiming } from './video-service.ts';
import {
  DEFAULT_WATERMARK_TIMING,
  WatermarkService,
  type WatermarkTiming,
} from './watermark-service.ts';

export const WATERMARK_PREFIX = '/watermark';
export const VIDEO_PREFIX = '/video';
export const ADMIN_PREFIX = '/__sim';

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. The simulator always binds to 127.0.0.1. */
  port?: number;
  accounts?: AccountSpec[];
  assets?: AssetSpec[];
  watermark?: Partial<WatermarkTiming>;
  video?: Partial<VideoTiming>;
  faults?: Partial<FaultConfig>;
  /** The clock; tests may pass one they move themselves. */
  now?: () => number;
}

export interface Simulator {
  watermarkBaseUrl: string;
  videoBaseUrl: string;
  origin: string;
  /** Every request so far, oldest first. */
  requestLog(): readonly RequestLogEntry[];
  setFaults(config: Partial<FaultConfig>): void;
  addAccount(spec: AccountSpec): void;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = VIDEO_LIMITS.requestBodyMaxBytes;

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A local stand-in for both remote interfaces, faithful to the service interface and the
 * provider notes, able to misbehave on purpose. See docs/simulator.md.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const now = options.now ?? Date.now;
  const accounts = new Accounts(options.accounts ?? []);
  const faults = new FaultPlan(options.faults);
  const files = new FileHost(now, () => faults.config.redirectHops);
  const log = new RequestLog();
  const watermark = new WatermarkService(
    files,
    faults,
    { ...DEFAULT_WATERMARK_TIMING, ...options.watermark },
    now,
  );
  const video = new VideoService(
    files,
    faults,
    new AssetRegistry(options.assets),
    { ...DEFAULT_VIDEO_TIMING, ...options.video },
    now,
  );
  let origin = '';

  async function api(family: 'watermark' | 'video', ctx: ApiContext): Promise<ApiReply> {
    if (ctx.operation === WATERMARK_PATHS.quota) return quota(ctx);
    if (family === 'watermark') {
      if (ctx.method !== 'POST') {
        return envelopeReply(
          WATERMARK_CODES.method,
          'Invalid HTTP method: this operation takes POST.',
        );
      }
      if (!ctx.account)
        return envelopeReply(
          WATERMARK_CODES.authentication,
          'Authentication failed: check the API token.',
        );
      return (
        (await watermark.handle(ctx)) ?? {
          ...envelopeReply(WATERMARK_CODES.parameter, `Unknown operation ${ctx.operation}.`),
          status: 404,
        }
      );
    }
    return (
      video.handle(ctx) ?? {
        status: 404,
        code: 'NotFound',
        body: {
          error: {
            code: 'NotFound',
            message: `Unknown operation ${ctx.operation}.`,
            type: 'NotFound',
          },
        },
      }
    );
  }

  /** `get_quota` answers on both hosts in the watermark envelope, as the provider documents. */
  function quota(ctx: ApiContext): ApiReply {
    if (ctx.method !== 'POST')
      return envelopeReply(
        WATERMARK_CODES.method,
        'Invalid HTTP method: this operation takes POST.',
      );
    const account = ctx.account;
    if (!account)
      return envelopeReply(
        WATERMARK_CODES.authentication,
        'Authentication failed: check the API token.',
      );
    video.settle(account, ctx.origin);
    const data = quotaDataSchema.parse({
      limit: account.creditLimit,
      usage: account.creditUsage,
      remaining: account.creditsRemaining,
      balance_usd: account.balanceCents / 100,
      currency: 'USD',
    });
    return { status: 200, code: 0, body: { code: 0, message: 'Success', data } };
  }

  function injectedFailure(family: 'watermark' | 'video', ctx: ApiContext): ApiReply | undefined {
    const hits = (kind: FaultKind) => faults.hits(kind, ctx.identity, ctx.forced);
    if (hits('rate-limit')) {
      const retryAfter = String(faults.config.retryAfterSeconds);
      const body =
        family === 'video'
          ? {
              error: {
                code: 'RateLimitExceeded',
                message: 'Too many requests.',
                type: 'TooManyRequests',
              },
            }
          : { code: 429, message: 'Too many requests.' };
      return { status: 429, code: 'rate-limit', body, headers: { 'Retry-After': retryAfter } };
    }
    if (hits('server-error')) {
      const status = [500, 502, 503][Math.floor(faults.draw('status', ctx.identity) * 3)] ?? 500;
      return {
        status,
        code: 'server-error',
        body: `<html><body><h1>${status}</h1></body></html>`,
        headers: { 'Content-Type': 'text/html' },
      };
    }
    if (hits('service-error')) {
      if (family === 'video') {
        return {
          status: 500,
          code: 'InternalServiceError',
          body: {
            error: {
              code: 'InternalServiceError',
              message: 'The service had an internal error.',
              type: 'InternalServerError',
            },
          },
        };
      }
      const code = 1100 + Math.floor(faults.draw('code', ctx.identity) * 100);
      return envelopeReply(code, 'Server internal error.');
    }
    return undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const key = bearerKey(request.headers.authorization);
    const entry: RequestLogEntry = {
      time: new Date(now()).toISOString(),
      method,
      path: url.pathname + url.search,
      keyId: keyId(key),
      status: 0,
      bodyHash: hashBody(''),
    };
    try {
      if (url.pathname.startsWith(FILES_PREFIX)) {
        entry.status = await files.handle(request, response, url.pathname);
        return;
      }
      if (url.pathname.startsWith(DEMO_PICTURES_PATH)) {
        const { fixturesDir } = video.timing;
        entry.status = await serveDemoPicture(request, response, url.pathname, fixturesDir);
        return;
      }
      if (url.pathname === `${ADMIN_PREFIX}/log` && method === 'GET') {
        entry.status = sendJson(response, { status: 200, body: log.all() });
        return;
      }
      const family = url.pathname.startsWith(`${WATERMARK_PREFIX}/`)
        ? 'watermark'
        : url.pathname.startsWith(`${VIDEO_PREFIX}/`)
          ? 'video'
          : undefined;
      if (!family) {
        entry.status = sendJson(response, { status: 404, body: { message: 'Not found' } });
        return;
      }
      let body: Buffer;
      try {
        body = await readBody(request);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        entry.status = sendJson(response, {
          status: 413,
          body: { message: `The body is larger than ${MAX_BODY_BYTES} bytes.` },
        });
        return;
      }
      entry.bodyHash = hashBody(body);
      let forced: Set<FaultKind>;
      try {
        forced = forcedFaults(request.headers[FAULT_HEADER]);
      } catch (error) {
        entry.status = sendJson(response, {
          status: 400,
          body: { message: (error as Error).message },
        });
        return;
      }
      const latency = faults.config.latencyMs + (Number(request.headers[LATENCY_HEADER]) || 0);
      if (latency > 0) await sleep(latency);

      const prefix = family === 'watermark' ? WATERMARK_PREFIX : VIDEO_PREFIX;
      const ctx: ApiContext = {
        method,
        operation: url.pathname.slice(prefix.length),
        query: url.searchParams,
        body,
        account: accounts.find(key),
        identity: faults.requestIdentity(method, url.pathname + url.search, entry.bodyHash),
        forced,
        origin,
      };
      const injected = injectedFailure(family, ctx);
      const reply = injected ?? (await api(family, ctx));
      if (reply.code !== undefined) entry.code = reply.code;
      if (reply.smear) entry.smear = reply.smear;
      if (injected) entry.fault = String(injected.code);
      if (!injected && faults.hits('reset', ctx.identity, forced)) {
        entry.fault = 'reset';
        entry.status = sendJson(response, reply, 'reset');
      } else if (!injected && faults.hits('malformed-json', ctx.identity, forced)) {
        entry.fault = 'malformed-json';
        entry.status = sendJson(response, reply, 'malformed-json');
      } else {
        entry.status = sendJson(response, reply);
      }
    } catch (error) {
      entry.status = 500;
      if (!response.headersSent) {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(`Simulator error: ${(error as Error).message}`);
      } else {
        response.destroy();
      }
    } finally {
      log.add(entry);
    }
  }

  const server = http.createServer((request, response) => {
    void handle(request, response);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    watermarkBaseUrl: `${origin}${WATERMARK_PREFIX}`,
    videoBaseUrl: `${origin}${VIDEO_PREFIX}`,
    origin,
    requestLog: () => log.all(),
    setFaults: (config) => faults.update(config),
    addAccount: (spec) => {
      accounts.add(spec);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function envelopeReply(code: number, message: string): ApiReply {
  return { status: 200, code, body: { code, message } };
}

/**
 * Writes a reply. A `reset` sends the headers and half the body, then drops the connection;
 * `malformed-json` sends a complete response whose JSON is cut short. Both happen after the
 * request was carried out, which is what makes them hard for a client.
 */
function sendJson(
  response: ServerResponse,
  reply: ApiReply,
  fault?: 'reset' | 'malformed-json',
): number {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const full = Buffer.from(text);
  const payload =
    fault === 'malformed-json' ? full.subarray(0, Math.max(1, Math.floor(full.length / 2))) : full;
  response.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...reply.headers,
    'Content-Length': payload.length,
  });
  if (fault === 'reset') {
    response.write(payload.subarray(0, Math.floor(payload.length / 2)), () => response.destroy());
  } else {
    response.end(payload);
  }
  return reply.status;
}
