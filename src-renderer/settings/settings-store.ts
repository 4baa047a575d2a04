import { create } from 'zustand';
import type { Settings } from '../../src-shared/domain/settings.ts';
import { bridge } from '../bridge.ts';

interface SettingsState {
  settings: Settings | null;
  /** Messages per field (`concurrency.watermark`, `budgetCapUsd`…) from the last refused save. */
  errors: Record<string, string>;
  /** The last save succeeded; cleared when the settings are read again, as on entering Settings. */
  saved: boolean;
  /** Reads the stored settings, and forgets what an earlier save said, which is past news. */
  load: () => Promise<void>;
  save: (patch: Record<string, unknown>) => Promise<boolean>;
}

export const useSettings = create<SettingsState>((set) => ({
  settings: null,
  errors: {},
  saved: false,
  load: async () => {
    const result = await bridge().invoke('settings:get');
    if (result.ok) set({ settings: result.value, errors: {}, saved: false });
  },
  save: async (patch) => {
    const result = await bridge().invoke('settings:update', patch);
    if (!result.ok) {
      set({ errors: { form: result.error.message }, saved: false });
      return false;
    }
    if (!result.value.ok) {
      set({ errors: result.value.errors, saved: false });
      return false;
    }
    set({ settings: result.value.settings, errors: {}, saved: true });
    return true;
  },
}));
