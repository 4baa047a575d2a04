import type { DoubtChoice } from '../src-shared/domain/job-doubt.ts';
import { create } from 'zustand';
import type { WatermarkJobView } from '../src-shared/ipc/contract.ts';
import { useQuota } from './account/quota-store.ts';
import { bridge } from './bridge.ts';
import { supersedes } from './sequence.ts';
import { batchRunning } from './watermark/results.ts';

/** History rows a page brings: several screens of the list, one message. */
export const HISTORY_PAGE = 500;

interface History {
  rows: WatermarkJobView[];
  /**
   * Where each listed job is in `rows`, so an event updates its row without a search. Only
   * ever added to, by the page reader of this one opening, so it is shared, not copied.
   */
  at: Map<string, number>;
  /** Where the next page starts; null once the oldest job is read. */
  next: number | null;
  reading: boolean;
}

/** The history with the views of jobs it lists applied, or unchanged when it lists none. */
function withViews(history: History, views: readonly WatermarkJobView[]): History {
  let rows: WatermarkJobView[] | undefined;
  for (const view of views) {
    const index = history.at.get(view.id);
    if (index === undefined || !supersedes(view, history.rows[index])) continue;
    rows ??= [...history.rows];
    rows[index] = view;
  }
  return rows ? { ...history, rows } : history;
}

interface JobsState {
  jobs: Record<string, WatermarkJobView>;
  order: string[];
  error: string | null;
  /** The queue is held: by the user's Pause, or while another process holds the data folder. */
  paused: boolean;
  /** Why Resume could not run the queue (another process holds the folder), if so. */
  waiting: string | null;
  /**
   * Every job ever listed, newest first, as far as its pages were read, while the history is
   * shown instead of the batch started last; null while it is not.
   */
  history: History | null;
  showHistory: (on: boolean) => Promise<void>;
  /** Reads the history's next page, when there is one and none is being read. */
  moreHistory: () => Promise<void>;
  pause: () => Promise<void>;
  resume: () => Promise<void>;
  /** Takes settled jobs off the list; their results stay on disk. */
  clearFinished: () => Promise<void>;
  /** Applies views in any order: a job keeps the one with the highest sequence number. */
  apply: (views: readonly WatermarkJobView[]) => void;
  load: () => Promise<void>;
  /** Free for jobs that hold a task id (they are asked again); the others are sent. */
  retry: (ids: string[]) => Promise<void>;
  /** The user's word on results in doubt: keep them, or send them to the service (paid). */
  decide: (ids: string[], choice: DoubtChoice) => Promise<void>;
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
  history: null,
  showHistory: async (on) => {
    set({ history: on ? { rows: [], at: new Map(), next: null, reading: false } : null });
    if (on) await readHistoryPage(undefined);
  },
  moreHistory: async () => {
    const history = get().history;
    if (history?.next == null || history.reading) return;
    await readHistoryPage(history.next);
  },
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
    if (get().history) await get().showHistory(true);
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
    const history = get().history;
    const listed = history && withViews(history, views);
    const held = taken && get().paused ? { paused: false, waiting: null } : {};
    set({ jobs, order, ...held, ...(listed !== history ? { history: listed } : {}) });
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
  decide: async (ids, choice) => {
    const result = await bridge().invoke('watermark:decide', { ids, choice });
    if (!result.ok) set({ error: result.error.message });
  },
  cancel: async (ids) => {
    const result = await bridge().invoke('watermark:cancel', { ids });
    if (!result.ok) set({ error: result.error.message });
  },
}));

/**
 * Reads one page of the history, from its newest job or from `before`, onto the rows read
 * so far; a page that comes back after the history was closed or read again is dropped.
 */
async function readHistoryPage(before: number | undefined): Promise<void> {
  const asked = useJobs.getState().history;
  if (!asked) return;
  useJobs.setState({ history: { ...asked, reading: true } });
  const result = await bridge().invoke('watermark:history', {
    limit: HISTORY_PAGE,
    ...(before === undefined ? {} : { before }),
  });
  const history = useJobs.getState().history;
  if (!history || history.at !== asked.at) return;
  if (!result.ok) {
    useJobs.setState({ error: result.error.message, history: { ...history, reading: false } });
    return;
  }
  const rows = [...history.rows];
  for (const job of result.value.jobs) {
    if (history.at.has(job.id)) continue;
    history.at.set(job.id, rows.length);
    rows.push(job);
  }
  useJobs.setState({ history: { ...history, rows, next: result.value.next, reading: false } });
}

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
