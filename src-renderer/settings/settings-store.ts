import { create } from 'zustand';
import type { Settings } from '../../src-shared/domain/settings.ts';
import { bridge } from '../bridge.ts';

interface SettingsState {
  settings: Settings | null;
  /** Messages per field (`concurrency.watermark`, `budgetCapUsd`…) from the last refused save. */
  errors: Record<string, string>;
  load: () => Promise<void>;
  save: (patch: Record<string, unknown>) => Promise<boolean>;
}

export const useSettings = create<SettingsState>((set) => ({
  settings: null,
  errors: {},
  load: async () => {
    const result = await bridge().invoke('settings:get');
    if (result.ok) set({ settings: result.value, errors: {} });
  },
  save: async (patch) => {
    const result = await bridge().invoke('settings:update', patch);
    if (!result.ok) {
      set({ errors: { form: result.error.message } });
      return false;
    }
    if (!result.value.ok) {
      set({ errors: result.value.errors });
      return false;
    }
    set({ settings: result.value.settings, errors: {} });
    return true;
  },
}));
