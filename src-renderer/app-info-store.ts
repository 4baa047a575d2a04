import { create } from 'zustand';
import type { AppInfo } from '../src-shared/ipc/contract.ts';
import { bridge } from './bridge.ts';

interface AppInfoState {
  info: AppInfo | null;
  error: string | null;
  load: () => Promise<void>;
  setMode: (mode: Pick<AppInfo, 'demoMode' | 'demoServices'>) => void;
}

export const useAppInfo = create<AppInfoState>((set, get) => ({
  info: null,
  error: null,
  load: async () => {
    try {
      const result = await bridge().invoke('app:info');
      if (result.ok) set({ info: result.value, error: null });
      else set({ error: result.error.message });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
  setMode: (mode) => {
    const { info } = get();
    if (info) set({ info: { ...info, ...mode } });
  },
}));

/** The banner follows the engine's mode as keys and settings change. */
export function followMode(): () => void {
  return bridge().on('app:mode', (mode) => useAppInfo.getState().setMode(mode));
}
