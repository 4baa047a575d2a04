import { describe, expect, it } from 'vitest';
import {
  MAX_REDIRECTS,
  fetchProblem,
  isRedirect,
  redirectHop as hopOf,
  type Hop,
} from '../../../src-main/core/api/redirects.ts';
import { wordNow } from '../../../src-main/core/i18n/core-words.ts';

/** A hop with its problem worded as the engine says it now (English here). */
function redirectHop(...args: Parameters<typeof hopOf>): Hop | { ok: false; problem: string } {
  const hop = hopOf(...args);
  return hop.ok ? hop : { ok: false, problem: wordNow(hop.problem) ?? hop.problem.id };
}

const from = new URL('https://cdn.example.com/a/result.png?sig=1');

describe('the redirect rule', () => {
  it('knows the redirect statuses, and no others', () => {
    expect([301, 302, 303, 307, 308].every(isRedirect)).toBe(true);
    expect([200, 204, 300, 304, 404].some(isRedirect)).toBe(false);
  });

  it('follows a relative or absolute https location', () => {
    expect(redirectHop(from, 302, '/b/result.png', 0)).toEqual({
      ok: true,
      next: new URL('https://cdn.example.com/b/result.png'),
    });
    expect(redirectHop(from, 307, 'https://store.example.net/x', 4)).toMatchObject({ ok: true });
  });

  it(`stops after ${MAX_REDIRECTS} hops`, () => {
    expect(redirectHop(from, 302, '/next', MAX_REDIRECTS)).toEqual({
      ok: false,
      problem: 'the link redirected more than 5 times',
    });
  });

  it('never steps down from https to plain http, even to this machine', () => {
    for (const location of ['http://cdn.example.com/a', 'http://127.0.0.1:8080/a']) {
      const hop = redirectHop(from, 301, location, 0);
      expect(hop).toMatchObject({ ok: false });
      expect(!hop.ok && hop.problem).toMatch(/from https to plain http .*not followed/);
    }
  });

  it('refuses a location that is missing, broken or of another scheme', () => {
    expect(redirectHop(from, 302, undefined, 0)).toMatchObject({
      ok: false,
      problem: 'the server answered HTTP 302 without saying where to go',
    });
    expect(redirectHop(from, 302, ['a', 'b'], 0)).toMatchObject({ ok: false });
    expect(redirectHop(from, 302, 'http://[bad', 0)).toMatchObject({
      ok: false,
      problem: 'the link redirected to an address that is not valid',
    });
    expect(redirectHop(from, 302, 'file:///etc/passwd', 0)).toMatchObject({
      ok: false,
      problem: 'the link redirected elsewhere: only http and https URLs are downloaded, not file:',
    });
  });

  it('allows plain http on this machine only (the simulator), from plain http', () => {
    const local = new URL('http://127.0.0.1:4000/files/x');
    expect(fetchProblem(local)).toBeUndefined();
    expect(redirectHop(local, 302, '/files/x?signed=1', 0)).toMatchObject({ ok: true });
    expect(redirectHop(local, 302, 'http://results.example.invalid/x', 0)).toMatchObject({
      ok: false,
      problem:
        'the link redirected elsewhere: plain http to results.example.invalid is not fetched, only https',
    });
  });
});
