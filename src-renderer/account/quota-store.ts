import { create } from 'zustand';
import type { InvokeResponse } from '../../src-shared/ipc/contract.ts';
import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { bridge } from '../bridge.ts';

type Quota = InvokeResponse<'account:quota'>;

interface QuotaState {
  quota: Quota | null;
  error: string | null;
  /** Asks the services again; each screen showing a figure reads it from here. */
  refresh: () => Promise<void>;
}

/** What each service says is left, asked once and shared by every screen that shows it. */
export const useQuota = create<QuotaState>((set) => ({
  quota: null,
  error: null,
  refresh: async () => {
    const result = await bridge().invoke('account:quota');
    if (result.ok) set({ quota: result.value, error: null });
    else set({ error: result.error.message });
  },
}));

/**
 * Asks again whenever a video round ends: its charge changes the balance and what the budget
 * cap counts, which the round editor shows before the next paid round.
 */
export function followRoundSpending(): () => void {
  return bridge().on('video:changed', ({ rounds }) => {
    if (rounds.some((round) => SETTLED_STATES.has(round.state))) {
      void useQuota.getState().refresh();
    }
  });
}
