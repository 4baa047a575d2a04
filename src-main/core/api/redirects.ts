/**
 * The one rule for fetching an address Clearframe was given (a result link, an image by
 * address) and for following where it redirects. undici's `request` follows nothing by
 * itself; the downloader asks here at every hop.
 */

import type { Wording } from '../i18n/core-words.ts';

/** Storage front ends and image hosts redirect once or twice; a longer chain is a loop or a trap. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/**
 * Why an address may not be fetched, or undefined when it may: https anywhere, plain http
 * only to this machine (the simulator's file host), so nothing travels in the clear over a
 * network.
 */
export function fetchProblem(url: URL): Wording | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : { id: 'core.fetch.plainHttp', values: { host: url.host } };
  }
  return { id: 'core.fetch.scheme', values: { scheme: url.protocol } };
}

export type Hop = { ok: true; next: URL } | { ok: false; problem: Wording };

/**
 * Where a redirect answer leads, or why it is not followed: a missing or broken `Location`,
 * a hop past `MAX_REDIRECTS` (`hops` counts those already taken), an address `fetchProblem`
 * refuses, or a step down from https to plain http, which would expose a link meant to be
 * private even on this machine.
 */
export function redirectHop(
  from: URL,
  status: number,
  location: string | string[] | undefined,
  hops: number,
): Hop {
  if (typeof location !== 'string' || location === '') {
    return {
      ok: false,
      problem: { id: 'core.fetch.noLocation', values: { status: String(status) } },
    };
  }
  if (hops >= MAX_REDIRECTS) {
    return {
      ok: false,
      problem: { id: 'core.fetch.tooManyRedirects', values: { max: MAX_REDIRECTS } },
    };
  }
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return { ok: false, problem: { id: 'core.fetch.badRedirect' } };
  }
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    return {
      ok: false,
      problem: { id: 'core.fetch.downgrade', values: { host: next.host } },
    };
  }
  const problem = fetchProblem(next);
  return problem
    ? { ok: false, problem: { id: 'core.fetch.redirectedElsewhere', values: { problem } } }
    : { ok: true, next };
}
