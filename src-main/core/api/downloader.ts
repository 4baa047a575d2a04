import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { asDiskFull } from '../fs/disk-space.ts';
import { tempPathFor } from '../fs/temp-files.ts';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import {
  AbortedError,
  DownloadError,
  NetworkError,
  TimeoutError,
  type ServiceError,
} from './errors.ts';
import type { Wording } from '../i18n/core-words.ts';
import type { Transport } from './http.ts';
import { ProxyProblem } from './proxy-settings.ts';
import { fetchProblem, isRedirect, redirectHop } from './redirects.ts';

export interface DownloadRequest {
  url: string;
  /** The folder the file lands in; nothing is ever written outside it. */
  targetDir: string;
  /** A plain file name: no folders, no `..`. */
  fileName: string;
  /** Refuse results larger than this. */
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (received: number, total: number | undefined) => void;
  /** Transfers that break are resumed (or restarted) this many times. */
  maxAttempts?: number;
  /** The job downloading, named in the temporary file so it can sweep it after a crash. */
  owner?: string;
}

export interface DownloadResult {
  path: string;
  bytes: number;
}

export const DEFAULT_MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024 * 1024;

const operation = 'download' as const;

function fail(reason: Wording, status?: number): DownloadError {
  return new DownloadError(reason, { operation, ...(status !== undefined ? { status } : {}) });
}

/** The final path, or an error when the name would leave the target folder. */
export function safeTargetPath(targetDir: string, fileName: string): string {
  if (
    !fileName ||
    fileName !== path.basename(fileName) ||
    fileName === '.' ||
    fileName === '..' ||
    /[/\\\0]/.test(fileName)
  ) {
    throw fail({ id: 'core.fetch.notPlainName', values: { name: fileName } });
  }
  const dir = path.resolve(targetDir);
  const target = path.resolve(dir, fileName);
  if (path.dirname(target) !== dir)
    throw fail({ id: 'core.fetch.outside', values: { name: fileName, folder: dir } });
  return target;
}

/**
 * Streams a result URL into a hidden temporary file beside its final place, resumes a cut
 * transfer with `Range` (or starts again when the server ignores it), checks the size
 * against `Content-Length` and the cap, and renames into place only when complete, so the
 * target folder never holds a half-written result under its real name.
 */
export async function download(
  transport: Transport,
  req: DownloadRequest,
): Promise<DownloadResult> {
  const problem = fetchProblem(new URL(req.url));
  if (problem) throw fail(problem);
  const target = safeTargetPath(req.targetDir, req.fileName);
  const temp = tempPathFor(target, 'part', req.owner);
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  const maxAttempts = req.maxAttempts ?? 5;
  let total: number | undefined;
  let lastError: ServiceError | undefined;
  try {
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const have = await stat(temp).then(
        (s) => s.size,
        () => 0,
      );
      if (total !== undefined && have === total) break;
      try {
        total = await transfer(transport, req, temp, have, maxBytes, total);
        const size = (await stat(temp)).size;
        if (total === undefined || size === total) {
          total = size;
          break;
        }
        lastError = new NetworkError(`the transfer stopped at ${size} of ${total} bytes`, {
          operation,
          requestSent: true,
        });
      } catch (error) {
        if (error instanceof DownloadError || error instanceof AbortedError) throw error;
        // A proxy setting that cannot be followed stays so on every attempt.
        if (error instanceof ProxyProblem) {
          throw new NetworkError(error.message, { operation, cause: error, requestSent: false });
        }
        // Trying again cannot help while the disk is full; the engine waits for space.
        const diskFull = asDiskFull(error, temp);
        if (diskFull) throw diskFull;
        lastError = req.signal?.aborted
          ? new AbortedError('the download was stopped', { operation, cause: error })
          : new NetworkError(`the transfer broke: ${(error as Error).message}`, {
              operation,
              requestSent: true,
              cause: error,
            });
        if (lastError instanceof AbortedError) throw lastError;
      }
      if (attempt === maxAttempts) throw lastError ?? fail({ id: 'core.fetch.incomplete' });
    }
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    return { path: target, bytes: total ?? 0 };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The answer to a GET of the result, after following its redirects as `redirectHop` allows.
 * Each hop is routed on its own: a proxy may apply to one host and not another.
 */
async function follow(
  transport: Transport,
  req: DownloadRequest,
  headers: Record<string, string>,
): Promise<Dispatcher.ResponseData> {
  let url = new URL(req.url);
  for (let hops = 0; ; hops += 1) {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: 'GET',
        headers,
        dispatcher: await transport.dispatcherFor(url),
        ...(req.signal ? { signal: req.signal } : {}),
        headersTimeout: transport.timeoutMs,
        bodyTimeout: transport.timeoutMs,
      });
    } catch (error) {
      if (req.signal?.aborted)
        throw new AbortedError('the download was stopped', { operation, cause: error });
      if ((error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT') {
        throw new TimeoutError('the result server did not answer in time', {
          operation,
          cause: error,
        });
      }
      throw error;
    }
    const status = response.statusCode;
    if (!isRedirect(status)) return response;
    await response.body.dump();
    const hop = redirectHop(url, status, response.headers.location, hops);
    if (!hop.ok) throw fail(hop.problem);
    url = hop.next;
  }
}

/** One GET from `offset`; returns the full size when the server told it. */
async function transfer(
  transport: Transport,
  req: DownloadRequest,
  temp: string,
  offset: number,
  maxBytes: number,
  knownTotal: number | undefined,
): Promise<number | undefined> {
  const headers: Record<string, string> = offset > 0 ? { range: `bytes=${offset}-` } : {};
  const response = await follow(transport, req, headers);
  const status = response.statusCode;
  if (status === 404 || status === 410) {
    await response.body.dump();
    throw fail({ id: 'core.fetch.gone', values: { status: String(status) } }, status);
  }
  if (status === 403) {
    await response.body.dump();
    throw fail({ id: 'core.fetch.expired' }, status);
  }
  if (status === 416 && knownTotal !== undefined && offset === knownTotal) {
    await response.body.dump();
    return knownTotal;
  }
  if (status !== 200 && status !== 206) {
    await response.body.dump();
    if (status >= 500)
      throw new NetworkError(`the result server answered HTTP ${status}`, {
        operation,
        status,
        requestSent: true,
      });
    throw fail({ id: 'core.fetch.serverAnswered', values: { status: String(status) } }, status);
  }
  const resumed = status === 206;
  const length = Number(response.headers['content-length']);
  const rangeTotal = /\/(\d+)$/.exec(String(response.headers['content-range'] ?? ''))?.[1];
  const total = resumed
    ? rangeTotal
      ? Number(rangeTotal)
      : undefined
    : Number.isFinite(length)
      ? length
      : undefined;
  if (total !== undefined && total > maxBytes) {
    await response.body.dump();
    throw fail({
      id: 'core.fetch.tooBig',
      values: { bytes: String(total), max: String(maxBytes) },
    });
  }
  let received = resumed ? offset : 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) {
        callback(fail({ id: 'core.fetch.grewTooBig', values: { max: String(maxBytes) } }));
        return;
      }
      req.onProgress?.(received, total);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(response.body, meter, createWriteStream(temp, { flags: resumed ? 'a' : 'w' }));
  } catch (error) {
    // How much the whole result needs, so a wait for disk space knows what room to wait for.
    throw asDiskFull(error, temp, total) ?? error;
  }
  return total;
}
