import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBridge, type IpcRendererLike } from '../../../src-main/preload/bridge.ts';
import { eventChannelNames, invokeChannelNames } from '../../../src-shared/ipc/channels.ts';
import { importGraph } from '../../../scripts/import-circles.ts';

const names = { invoke: invokeChannelNames, event: eventChannelNames };

type Listener = (event: unknown, payload: unknown) => void;

function fakeIpc() {
  const listeners = new Map<string, Set<Listener>>();
  const sent: Array<[string, unknown]> = [];
  const ipc: IpcRendererLike = {
    invoke(channel, payload) {
      sent.push([channel, payload]);
      return Promise.resolve({ ok: true, value: 'answered' });
    },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
    },
  };
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'secret' }, payload);
  };
  return { ipc, sent, emit, listeners };
}

describe('preload bridge', () => {
  it('forwards declared channels and refuses others without sending', async () => {
    const { ipc, sent } = fakeIpc();
    const api = createBridge(ipc, () => '/x', names);
    await expect(api.invoke('app:info')).resolves.toEqual({ ok: true, value: 'answered' });
    const refused = await (api.invoke as (c: string) => Promise<unknown>)('shell:exec');
    expect(refused).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect(sent).toEqual([['app:info', undefined]]);
  });

  it('passes event payloads without the IPC event object and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc();
    const api = createBridge(ipc, () => '/x', names);
    const seen: unknown[][] = [];
    const off = api.on('app:notice', (...args: unknown[]) => seen.push(args));
    emit('app:notice', { level: 'info', message: 'hello' });
    off();
    emit('app:notice', { level: 'info', message: 'again' });
    expect(seen).toEqual([[{ level: 'info', message: 'hello' }]]);
    expect(listeners.get('app:notice')?.size).toBe(0);
  });

  it('refuses to subscribe to undeclared events', () => {
    const { ipc } = fakeIpc();
    const api = createBridge(ipc, () => '/x', names);
    expect(() => (api.on as (c: string, l: () => void) => void)('ipc:raw', () => {})).toThrow(
      /no event channel/,
    );
  });
});

describe('the preload', () => {
  it('carries no schema: nothing it runs imports zod, so the page is given the names alone', () => {
    const graph = importGraph();
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const edge of graph.get(file) ?? []) if (!edge.typeOnly) visit(edge.to);
    };
    visit('src-main/preload/index.ts');
    const withZod = [...reached].filter((file) =>
      /^import .* from 'zod';$/m.test(readFileSync(file, 'utf8')),
    );
    expect(reached.size).toBeGreaterThan(1);
    expect(withZod).toEqual([]);
  });
});
