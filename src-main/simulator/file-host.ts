import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIRST_LINK_FAULTS, type DownloadFault } from './faults.ts';

export interface HostedFileSpec {
  name: string;
  contentType: string;
  /** Produces the bytes on first download; the result is kept until the file expires. */
  load: () => Promise<Buffer>;
  expiresAt: number;
  fault?: DownloadFault;
}

interface HostedFile extends HostedFileSpec {
  bytes?: Promise<Buffer>;
  /** A `download-cut` file cuts only its first transfer, so a resumed download can finish. */
  cutDone: boolean;
}

export const FILES_PREFIX = '/files/';

/** Where a `redirect-insecure` link sends the client: plain http to a host off this machine. */
export const INSECURE_REDIRECT_ORIGIN = 'http://results.example.invalid';

/** The query a `redirect` link adds on its one hop, after which the file is served. */
const REDIRECTED = 'signed';
/** The query that counts a `redirect-chain` link's hops. */
const HOP = 'hop';

/**
 * Serves result files under `/files/<token>/<name>` the way object storage does: a
 * lifetime after which the URL stops working, `Range` requests, and on purpose a 404, an
 * early expiry or a transfer cut in the middle.
 */
export class FileHost {
  private readonly files = new Map<string, HostedFile>();
  private readonly now: () => number;
  private readonly redirectHops: () => number;

  constructor(now: () => number, redirectHops: () => number) {
    this.now = now;
    this.redirectHops = redirectHops;
  }

  /**
   * Whether a link handed out earlier still leads to a file: one that has expired, or that a
   * first-link fault has spent, does not, and a service asked again makes a fresh one.
   */
  serves(url: string): boolean {
    const token = new URL(url, 'http://sim').pathname.slice(FILES_PREFIX.length).split('/')[0];
    const file = this.files.get(token ?? '');
    return file !== undefined && this.now() < file.expiresAt;
  }

  /** Registers a file and returns its path under the simulator's origin. */
  add(spec: HostedFileSpec): string {
    const token = randomUUID();
    this.files.set(token, { ...spec, cutDone: false });
    return `${FILES_PREFIX}${token}/${encodeURIComponent(spec.name)}`;
  }

  async handle(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): Promise<number> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(response, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    const token = pathname.slice(FILES_PREFIX.length).split('/')[0] ?? '';
    const file = this.files.get(token);
    if (file?.fault && FIRST_LINK_FAULTS.includes(file.fault)) {
      // Spent at once: the service, asked again, hands out a fresh link.
      this.files.delete(token);
      if (file.fault === 'link-404') return plain(response, 404, 'Not found');
      if (file.fault === 'link-403') return plain(response, 403, 'Access denied');
      return plain(response, 403, 'Request has expired');
    }
    if (!file || file.fault === 'result-404') return plain(response, 404, 'Not found');
    if (file.fault === 'result-expired' || this.now() >= file.expiresAt) {
      this.files.delete(token);
      return plain(response, 403, 'Request has expired');
    }
    const redirect = this.redirectFor(file.fault, request.url ?? pathname, token);
    if (redirect) return plain(response, 302, 'Found', { Location: redirect });
    file.bytes ??= file.load();
    const bytes = await file.bytes;
    const range = parseRange(request.headers.range, bytes.length);
    if (range === 'invalid') {
      return plain(response, 416, 'Range not satisfiable', {
        'Content-Range': `bytes */${bytes.length}`,
      });
    }
    const [start, end] = range ?? [0, bytes.length - 1];
    const body = bytes.subarray(start, end + 1);
    const headers: Record<string, string | number> = {
      'Content-Type': file.contentType,
      'Content-Length': body.length,
      'Accept-Ranges': 'bytes',
      ETag: `"${token}"`,
    };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${bytes.length}`;
    const status = range ? 206 : 200;
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return status;
    }
    if (file.fault === 'download-cut' && !file.cutDone && body.length > 1) {
      file.cutDone = true;
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
      return status;
    }
    response.end(body);
    return status;
  }

  /** Where a redirect fault sends this request, or undefined to serve the file. */
  private redirectFor(
    fault: DownloadFault | undefined,
    requestUrl: string,
    token: string,
  ): string | undefined {
    const url = new URL(requestUrl, 'http://sim');
    if (fault === 'redirect-loop') return url.pathname;
    if (fault === 'redirect-insecure') return `${INSECURE_REDIRECT_ORIGIN}/${token}`;
    if (fault === 'redirect' && !url.searchParams.has(REDIRECTED)) {
      return `${url.pathname}?${REDIRECTED}=1`;
    }
    const hop = Number(url.searchParams.get(HOP) ?? 0);
    if (fault === 'redirect-chain' && hop < this.redirectHops()) {
      return `${url.pathname}?${HOP}=${hop + 1}`;
    }
    return undefined;
  }
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges are not supported (served whole). */
function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? 'invalid' : [start, end];
}

export function plain(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): number {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  response.end(text);
  return status;
}
