/**
 * Proxy settings as the two places that give them write them: the environment variables
 * (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, upper or lower case) and the operating system,
 * whose answer for one address Electron gives as a PAC-style list ("PROXY h:p; DIRECT").
 * Pure parsing: the dispatchers are built in network-routes.ts.
 */

import { wordNow, type Wording } from '../i18n/core-words.ts';
import { UserFacingError } from '../user-error.ts';

export type Environment = Readonly<Record<string, string | undefined>>;

/** A proxy setting Clearframe cannot follow, kept as its message id and values. */
export class ProxyProblem extends UserFacingError {}

/** How to reach one address. */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: string };

/** One entry of the system's list; `unusable` keeps what to tell the user about it. */
type ProxyEntry = ProxyRoute | { kind: 'unusable'; what: Wording };

const SOCKS = /^SOCKS[45]?$/;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i;

function entryOf(text: string): ProxyEntry {
  const [scheme = '', address = '', ...rest] = text.trim().split(/\s+/);
  const type = scheme.toUpperCase();
  if (type === 'DIRECT' && address === '') return { kind: 'direct' };
  if (SOCKS.test(type))
    return { kind: 'unusable', what: { id: 'core.api.proxySocks', values: { address } } };
  if ((type === 'PROXY' || type === 'HTTPS') && HOST_PORT.test(address) && rest.length === 0) {
    return { kind: 'proxy', url: `${type === 'HTTPS' ? 'https' : 'http'}://${address}` };
  }
  return {
    kind: 'unusable',
    what: { id: 'core.api.proxyUnknownKind', values: { entry: text.trim() } },
  };
}

/**
 * The route for an address from the system's list: its first entry Clearframe can follow,
 * tried in the order the list gives (as a browser does). A SOCKS proxy is not one of them:
 * it is passed over for the next entry, and when no entry is left the request is refused
 * rather than sent directly, since a SOCKS proxy the user set is often there to keep traffic
 * off the direct path (a company network, a tunnel). An empty answer means no proxy.
 */
export function routeFromSystem(list: string, host: string): ProxyRoute | ProxyProblem {
  const entries = list
    .split(';')
    .filter((text) => text.trim() !== '')
    .map(entryOf);
  if (entries.length === 0) return { kind: 'direct' };
  const usable = entries.find((entry): entry is ProxyRoute => entry.kind !== 'unusable');
  if (usable) return usable;
  // A list of clauses joined as one value: worded now, in the language the problem is met in.
  const named = entries
    .map((entry) => (entry.kind === 'unusable' ? (wordNow(entry.what) ?? entry.what.id) : ''))
    .join(', ');
  return new ProxyProblem({ id: 'core.api.proxyUnusableSystem', values: { host, named } });
}

/** The environment's proxies, in undici's terms; `undefined` when none is set. */
export interface EnvironmentProxies {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** The variable that sets it (lower case first, as curl and undici read them) and its value. */
function variable(env: Environment, name: string): { name: string; value: string } | undefined {
  for (const spelled of [name.toLowerCase(), name]) {
    const value = env[spelled]?.trim();
    if (value) return { name: spelled, value };
  }
  return undefined;
}

/** A proxy address as curl reads one: the scheme may be left out (http is meant). */
function proxyUrl(found: { name: string; value: string }): string | ProxyProblem {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return new ProxyProblem({ id: 'core.api.proxyNotAddress', values: { variable: found.name } });
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  // The address may carry a password: only its host is repeated back. The variables are
  // read once, at start, so the sentence asks for Clearframe to be started again.
  return new ProxyProblem({
    id: 'core.api.proxyUnusableVariable',
    values: {
      variable: found.name,
      scheme: url.protocol.startsWith('socks') ? 'socks' : url.protocol,
      host: url.host,
    },
  });
}

/**
 * `HTTPS_PROXY` for https addresses and `HTTP_PROXY` for http ones (and for https too when
 * `HTTPS_PROXY` is not set), except the hosts `NO_PROXY` lists; `undefined` when neither
 * proxy variable is set, so the system settings apply.
 */
export function proxiesFromEnvironment(
  env: Environment,
): EnvironmentProxies | ProxyProblem | undefined {
  const http = variable(env, 'HTTP_PROXY');
  const https = variable(env, 'HTTPS_PROXY');
  if (!http && !https) return undefined;
  const httpProxy = http ? proxyUrl(http) : '';
  if (httpProxy instanceof ProxyProblem) return httpProxy;
  const httpsProxy = https ? proxyUrl(https) : '';
  if (httpsProxy instanceof ProxyProblem) return httpsProxy;
  return { httpProxy, httpsProxy, noProxy: variable(env, 'NO_PROXY')?.value ?? '' };
}

/**
 * The sentence for a proxy that answered the tunnel request with an error; undici says
 * "Proxy response (407) !== 200 when HTTP Tunneling" (and "Proxy Authentication Required
 * (407)" when not tunnelling).
 */
export function proxyAnswerProblem(error: unknown): Wording | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const status = /Proxy (?:response \((\d{3})\)|Authentication Required \((407)\))/.exec(
      cause.message,
    );
    const code = status?.[1] ?? status?.[2];
    if (!code) continue;
    return code === '407'
      ? { id: 'core.api.proxyCredentials' }
      : { id: 'core.api.proxyRefused', values: { status: code } };
  }
  return undefined;
}
