import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClearframeApi, VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import { followRoundSpending, useQuota } from '../../../src-renderer/account/quota-store.ts';

const quota = {
  services: [{ ok: true, kind: 'video', host: 'sim', credits: null, balanceUsd: 7.5 }],
  spending: { spentUsd: 2.5, inFlightUsd: 0, capUsd: null },
  queuedCredits: 0,
  queuedUsd: 0,
};

/** Main as the figures see it: one answer to account:quota, every call and listener kept. */
function fakeMain() {
  const calls: string[] = [];
  let listener: ((payload: { rounds: Array<Pick<VideoRoundView, 'state'>> }) => void) | undefined;
  const api = {
    invoke: (channel: string) => {
      calls.push(channel);
      return Promise.resolve({ ok: true, value: quota });
    },
    on: (_channel: string, next: typeof listener) => {
      listener = next;
      return () => (listener = undefined);
    },
  } as unknown as ClearframeApi;
  return {
    api,
    calls,
    emit: (...states: Array<VideoRoundView['state']>) =>
      listener?.({ rounds: states.map((state) => ({ state })) }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the shared account figures', () => {
  it('are asked again when a video round ends, not while rounds run', async () => {
    const main = fakeMain();
    vi.stubGlobal('window', { clearframe: main.api });
    const stop = followRoundSpending();
    main.emit('queued', 'processing');
    expect(main.calls).toEqual([]);
    main.emit('processing', 'done');
    expect(main.calls).toEqual(['account:quota']);
    await vi.waitFor(() => expect(useQuota.getState().quota).toEqual(quota));
    stop();
    main.emit('failed');
    expect(main.calls).toEqual(['account:quota']);
  });
});
