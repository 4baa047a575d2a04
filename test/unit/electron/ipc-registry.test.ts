import { describe, expect, it, vi } from 'vitest';
import { createDispatch } from '../../../src-main/electron/ipc-registry.ts';
import { UserFacingError } from '../../../src-main/core/user-error.ts';

const appPage = { frameUrl: 'app://clearframe/index.html' };
const info = {
  name: 'Clearframe',
  version: '1.2.3',
  platform: 'linux',
  demoMode: true,
  demoServices: ['watermark' as const, 'video' as const],
  previewBase: 'clearframe-preview://job/',
};

describe('IPC dispatch', () => {
  it('answers a valid request from the app page with a value', async () => {
    const dispatch = createDispatch({ 'app:info': () => info });
    await expect(dispatch(appPage, 'app:info', undefined)).resolves.toEqual({
      ok: true,
      value: info,
    });
  });

  it('refuses senders that are not the app page before any handler runs', async () => {
    const handler = vi.fn(() => info);
    const dispatch = createDispatch({ 'app:info': handler });
    for (const frameUrl of ['https://evil.example/', 'file:///tmp/x.html', undefined]) {
      const result = await dispatch({ frameUrl }, 'app:info', undefined);
      expect(result).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses undeclared channels and malformed payloads before the handler', async () => {
    const handler = vi.fn(() => info);
    const dispatch = createDispatch({ 'app:info': handler });
    await expect(dispatch(appPage, 'fs:read', '/etc/passwd')).resolves.toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
    await expect(dispatch(appPage, 'app:info', { extra: true })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-payload' },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('returns a thrown handler error as a value', async () => {
    const dispatch = createDispatch({
      'app:info': () => {
        throw new Error('The data folder cannot be read.');
      },
    });
    await expect(dispatch(appPage, 'app:info', undefined)).resolves.toEqual({
      ok: false,
      error: {
        code: 'handler-failed',
        message: expect.stringMatching(
          /^Clearframe could not do that \(The data folder cannot be read\.\)\. Try again/,
        ),
      },
    });
  });

  it('passes a sentence meant for the user through unchanged, with its error name as the code', async () => {
    const dispatch = createDispatch({
      'keys:clear': () => {
        throw new UserFacingError('The system keychain is locked. Unlock it, then try again.');
      },
    });
    await expect(dispatch(appPage, 'keys:clear', { kind: 'video' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'UserFacingError',
        message: 'The system keychain is locked. Unlock it, then try again.',
      },
    });
  });

  it('checks every payload against the contract: wrong types, extra fields, oversized lists', async () => {
    const add = vi.fn(() => ({ added: 0, skipped: [] }));
    const setKey = vi.fn();
    const dispatch = createDispatch({ 'watermark:add': add, 'keys:set': setKey });
    const bad: Array<[string, unknown]> = [
      ['watermark:add', { paths: [] }],
      ['watermark:add', { paths: 'photo.jpg' }],
      ['watermark:add', { paths: ['a.jpg'], run: 'rm -rf /' }],
      ['watermark:add', { paths: Array.from({ length: 10_001 }, (_, i) => `${i}.jpg`) }],
      ['watermark:add', { paths: ['a.jpg'], strokes: [{ kind: 'brush', points: [], radius: 3 }] }],
      ['keys:set', { kind: 'email', value: 'x' }],
      ['keys:set', { kind: 'video' }],
    ];
    for (const [channel, payload] of bad) {
      await expect(dispatch(appPage, channel, payload)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid-payload' },
      });
    }
    expect(add).not.toHaveBeenCalled();
    expect(setKey).not.toHaveBeenCalled();
  });
});
