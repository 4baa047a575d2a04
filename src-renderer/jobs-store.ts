import { create } from 'zustand';
import type { WatermarkJobView } from '../src-shared/ipc/contract.ts';
import { useQuota } from './account/quota-store.ts';
import { bridge } from './bridge.ts';
import { supersedes } from './sequence.ts';
import { batchRunning } from './watermark/results.ts';

interface JobsState {
  jobs: Record<string, WatermarkJobView>;
  order: string[];
  error: string | null;
  /** The queue is held: by the user's Pause, or while another process holds the data folder. */
  paused: boolean;
  /** Why Resume could not run the queue (another process holds the folder), if so. */
  waiting: string | null;
  /** List every batch ever run, not only the one started last. */
  everyBatch: boolean;
  showEveryBatch: (on: boolean) => void;
  pause: () => Promise<void>;
  resume: () => Promise<void>;
  /** Takes settled jobs off the list; their results stay on disk. */
  clearFinished: () => Promise<void>;
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
  paused: false,
  waiting: null,
  everyBatch: false,
  showEveryBatch: (on) => set({ everyBatch: on }),
  pause: async () => {
    const result = await bridge().invoke('watermark:pause');
    if (result.ok) set({ paused: result.value.paused });
    else set({ error: result.error.message });
  },
  resume: async () => {
    const result = await bridge().invoke('watermark:resume');
    if (result.ok) set({ paused: result.value.paused, waiting: null });
    else set({ waiting: result.error.message });
  },
  clearFinished: async () => {
    const cleared = await bridge().invoke('watermark:clearFinished');
    if (!cleared.ok) return set({ error: cleared.error.message });
    const result = await bridge().invoke('watermark:list');
    if (!result.ok) return set({ error: result.error.message });
    // The list is whole: a job missing from it was cleared, so the window forgets it too.
    const kept = new Set(result.value.jobs.map((job) => job.id));
    const jobs = Object.fromEntries(Object.entries(get().jobs).filter(([id]) => kept.has(id)));
    set({ jobs, order: get().order.filter((id) => kept.has(id)), paused: result.value.paused });
    get().apply(result.value.jobs);
  },
  apply: (views) => {
    const jobs = { ...get().jobs };
    const order = [...get().order];
    let taken = false;
    for (const view of views) {
      const seen = jobs[view.id];
      if (!seen) order.push(view.id);
      if (supersedes(view, seen)) jobs[view.id] = view;
      taken ||= view.state === 'preparing';
    }
    // A held queue takes no new job: one being prepared means it runs again (another
    // process let go of the data folder, or another window resumed it).
    set(taken && get().paused ? { jobs, order, paused: false, waiting: null } : { jobs, order });
  },
  load: async () => {
    const result = await bridge().invoke('watermark:list');
    if (!result.ok) return set({ error: result.error.message });
    get().apply(result.value.jobs);
    set({ paused: result.value.paused });
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

/**
 * Keeps the store in step with the engine from the moment the window opens, and asks the
 * services for the account figures again each time the batch on screen settles, since
 * that is when credits were spent.
 */
export function followJobs(): () => void {
  const unsubscribe = bridge().on('jobs:changed', ({ jobs }) => useJobs.getState().apply(jobs));
  const running = (state: JobsState) => batchRunning(state.jobs, state.order);
  let wasRunning = running(useJobs.getState());
  const unfollow = useJobs.subscribe((state) => {
    const now = running(state);
    if (wasRunning && !now) void useQuota.getState().refresh();
    wasRunning = now;
  });
  void useJobs.getState().load();
  return () => {
    unsubscribe();
    unfollow();
  };
}
