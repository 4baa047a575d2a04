import { describe, expect, it, vi } from 'vitest';
import { createDispatch } from '../../../src-main/electron/ipc-registry.ts';

const appPage = { frameUrl: 'app://clearframe/index.html' };
const info = { name: 'Clearframe', version: '1.2.3', platform: 'linux' };

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
      error: { code: 'handler-failed', message: 'The data folder cannot be read.' },
    });
  });
});
