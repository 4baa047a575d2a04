import { describe, expect, it } from 'vitest';
import {
  ProxyProblem,
  proxiesFromEnvironment,
  proxyAnswerProblem as answerProblem,
  routeFromSystem,
} from '../../../src-main/core/api/proxy-settings.ts';
import { wordNow } from '../../../src-main/core/i18n/core-words.ts';

/** The proxy's answer as the engine words it now (English here). */
function proxyAnswerProblem(error: unknown): string | null | undefined {
  const problem = answerProblem(error);
  return problem && wordNow(problem);
}

const HOST = 'api.example.com';

describe('the system proxy list (Electron resolveProxy)', () => {
  it('DIRECT, or nothing at all, connects directly', () => {
    expect(routeFromSystem('DIRECT', HOST)).toEqual({ kind: 'direct' });
    expect(routeFromSystem('', HOST)).toEqual({ kind: 'direct' });
    expect(routeFromSystem(' ; ', HOST)).toEqual({ kind: 'direct' });
  });

  it('PROXY is an HTTP proxy and HTTPS one reached over TLS', () => {
    expect(routeFromSystem('PROXY proxy.corp:3128', HOST)).toEqual({
      kind: 'proxy',
      url: 'http://proxy.corp:3128',
    });
    expect(routeFromSystem('HTTPS secure.corp:443', HOST)).toEqual({
      kind: 'proxy',
      url: 'https://secure.corp:443',
    });
    expect(routeFromSystem('proxy [::1]:8080', HOST)).toEqual({
      kind: 'proxy',
      url: 'http://[::1]:8080',
    });
  });

  it('takes the first entry of several, as a browser does', () => {
    expect(routeFromSystem('PROXY a.corp:8080; PROXY b.corp:8080; DIRECT', HOST)).toEqual({
      kind: 'proxy',
      url: 'http://a.corp:8080',
    });
    expect(routeFromSystem('DIRECT; PROXY a.corp:8080', HOST)).toEqual({ kind: 'direct' });
  });

  it('passes over a SOCKS entry for the next one it can follow', () => {
    expect(routeFromSystem('SOCKS5 s.corp:1080; PROXY a.corp:8080', HOST)).toEqual({
      kind: 'proxy',
      url: 'http://a.corp:8080',
    });
    expect(routeFromSystem('SOCKS s.corp:1080; DIRECT', HOST)).toEqual({ kind: 'direct' });
  });

  it('refuses SOCKS alone in plain words rather than going around it', () => {
    for (const list of ['SOCKS s.corp:1080', 'SOCKS4 s.corp:1080', 'SOCKS5 s.corp:1080']) {
      const route = routeFromSystem(list, HOST);
      expect(route).toBeInstanceOf(ProxyProblem);
      expect((route as ProxyProblem).userMessage).toBe(
        'The system proxy settings send connections to api.example.com through a SOCKS proxy (s.corp:1080), which Clearframe cannot use. Clearframe works with HTTP and HTTPS proxies only: add one to the system proxy settings, or set HTTPS_PROXY to one (http://host:port), then try again.',
      );
    }
  });

  it('refuses an entry it cannot read, naming it', () => {
    const route = routeFromSystem('QUIC q.corp:443', HOST);
    expect((route as ProxyProblem).userMessage).toMatch(
      /a proxy of a kind it does not know \("QUIC q\.corp:443"\)/,
    );
    expect(routeFromSystem('PROXY no-port', HOST)).toBeInstanceOf(ProxyProblem);
  });
});

describe('the proxy variables', () => {
  it('none set: the system decides', () => {
    expect(proxiesFromEnvironment({})).toBeUndefined();
    expect(proxiesFromEnvironment({ NO_PROXY: 'localhost', HTTPS_PROXY: '' })).toBeUndefined();
  });

  it('reads upper and lower case, lower case first, and NO_PROXY with them', () => {
    expect(
      proxiesFromEnvironment({
        HTTPS_PROXY: 'http://upper.corp:8080',
        https_proxy: 'http://lower.corp:8080',
        NO_PROXY: '.internal,localhost',
      }),
    ).toEqual({
      httpProxy: '',
      httpsProxy: 'http://lower.corp:8080/',
      noProxy: '.internal,localhost',
    });
    expect(proxiesFromEnvironment({ HTTP_PROXY: 'http://a.corp:3128', no_proxy: '*' })).toEqual({
      httpProxy: 'http://a.corp:3128/',
      httpsProxy: '',
      noProxy: '*',
    });
  });

  it('takes an address without a scheme as http, as curl does', () => {
    expect(proxiesFromEnvironment({ HTTPS_PROXY: 'proxy.corp:3128' })).toMatchObject({
      httpsProxy: 'http://proxy.corp:3128/',
    });
  });

  it('refuses a SOCKS proxy or a broken address, never repeating a password', () => {
    const socks = proxiesFromEnvironment({ HTTPS_PROXY: 'socks5://me:hunter22@s.corp:1080' });
    expect(socks).toBeInstanceOf(ProxyProblem);
    expect((socks as ProxyProblem).userMessage).toMatch(
      /^HTTPS_PROXY names a SOCKS proxy \(s\.corp:1080\), which Clearframe cannot use\..*then start Clearframe again\.$/,
    );
    expect((socks as ProxyProblem).userMessage).not.toContain('hunter22');
    const broken = proxiesFromEnvironment({ http_proxy: 'http://exa mple:80' });
    expect((broken as ProxyProblem).userMessage).toMatch(/^http_proxy is not a proxy address\./);
  });
});

describe('a proxy that answers the tunnel request with an error', () => {
  it('407 asks for the user name and password; other answers name the status', () => {
    const tunnel = (status: number) =>
      new Error('fetch failed', {
        cause: new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`),
      });
    expect(proxyAnswerProblem(tunnel(407))).toMatch(/user name and password/);
    expect(proxyAnswerProblem(tunnel(502))).toMatch(/answered HTTP 502/);
    expect(proxyAnswerProblem(new Error('Proxy Authentication Required (407)'))).toMatch(
      /user name and password/,
    );
    expect(proxyAnswerProblem(new Error('connect ECONNREFUSED 10.0.0.1:443'))).toBeUndefined();
  });
});
