import { create } from 'zustand';
import type { InvokeResponse } from '../../src-shared/ipc/contract.ts';
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
