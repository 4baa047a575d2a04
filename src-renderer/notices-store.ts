import { create } from 'zustand';
import type { Notice } from '../src-shared/ipc/contract.ts';
import { bridge } from './bridge.ts';

/** A notice from main, or why main's notices could not be read (said by the banner). */
export type ShownNotice = Notice & { unreadable?: true };

interface NoticesState {
  notices: ShownNotice[];
  /** Asks main for what it has to say about this start; a reloaded window asks again. */
  load: () => Promise<void>;
  dismiss: (index: number) => void;
}

export const useNotices = create<NoticesState>((set) => ({
  notices: [],
  load: async () => {
    const result = await bridge().invoke('app:notices');
    set({
      notices: result.ok
        ? result.value.notices
        : [{ level: 'error', message: result.error.message, unreadable: true }],
    });
  },
  dismiss: (index) => set((state) => ({ notices: state.notices.filter((_, i) => i !== index) })),
}));

/** Notices said after the window opened (another process let go of the data folder…). */
export function followNotices(): () => void {
  return bridge().on('app:notice', (notice) =>
    useNotices.setState((state) => ({ notices: [...state.notices, notice] })),
  );
}
