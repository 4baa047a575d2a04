import { create } from 'zustand';
import type { WatermarkJobView } from '../src-shared/ipc/contract.ts';
import { bridge } from './bridge.ts';
import { supersedes } from './sequence.ts';

interface JobsState {
  jobs: Record<string, WatermarkJobView>;
  order: string[];
  error: string | null;
  /** Applies views in any order: a job keeps the one with the highest sequence number. */
  apply: (views: readonly WatermarkJobView[]) => void;
  load: () => Promise<void>;
  /** Free for jobs that hold a task id (they are asked again); the others are sent. */
  retry: (ids: string[]) => Promise<void>;
  /** A new paid attempt, one credit each, after the user confirmed it. */
  sendAgain: (ids: string[]) => Promise<void>;
  cancel: (ids: string[]) => Promise<void>;
}

export const useJobs = create<JobsState>((set, get) => ({
  jobs: {},
  order: [],
  error: null,
  apply: (views) => {
    const jobs = { ...get().jobs };
    const order = [...get().order];
    for (const view of views) {
      const seen = jobs[view.id];
      if (!seen) order.push(view.id);
      if (supersedes(view, seen)) jobs[view.id] = view;
    }
    set({ jobs, order });
  },
  load: async () => {
    const result = await bridge().invoke('watermark:list');
    if (result.ok) get().apply(result.value.jobs);
    else set({ error: result.error.message });
  },
  retry: async (ids) => {
    const result = await bridge().invoke('watermark:retry', { ids });
    if (!result.ok) set({ error: result.error.message });
  },
  sendAgain: async (ids) => {
    const result = await bridge().invoke('watermark:sendAgain', { ids });
    if (!result.ok) set({ error: result.error.message });
  },
  cancel: async (ids) => {
    const result = await bridge().invoke('watermark:cancel', { ids });
    if (!result.ok) set({ error: result.error.message });
  },
}));

/** Keeps the store in step with the engine from the moment the window opens. */
export function followJobs(): () => void {
  const unsubscribe = bridge().on('jobs:changed', ({ jobs }) => useJobs.getState().apply(jobs));
  void useJobs.getState().load();
  return unsubscribe;
}
