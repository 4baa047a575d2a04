import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClearframeApi, WatermarkJobView } from '../../../src-shared/ipc/contract.ts';
import { useQuota } from '../../../src-renderer/account/quota-store.ts';
import { HISTORY_PAGE, followJobs, useJobs } from '../../../src-renderer/jobs-store.ts';
import { jobView } from '../../support/job-view.ts';

function view(id: string, batchId: string, state: WatermarkJobView['state'], seq: number) {
  return { ...jobView(id, seq, state), batchId };
}

/** Main as the jobs store sees it: what each channel answers, and every call written down. */
function fakeMain(answers: Record<string, unknown>) {
  const calls: string[] = [];
  let listener: ((payload: { jobs: WatermarkJobView[] }) => void) | undefined;
  const api = {
    invoke: (channel: string, payload: unknown) => {
      calls.push(channel);
      const answer = answers[channel];
      const value =
        typeof answer === 'function' ? (answer as (p: unknown) => unknown)(payload) : answer;
      return Promise.resolve(
        value instanceof Error
          ? { ok: false, error: { code: 'refused', message: value.message } }
          : { ok: true, value },
      );
    },
    on: (_channel: string, next: typeof listener) => {
      listener = next;
      return () => (listener = undefined);
    },
  } as unknown as ClearframeApi;
  return { api, calls, emit: (jobs: WatermarkJobView[]) => listener?.({ jobs }) };
}

const quota = { services: [], spending: {}, queuedCredits: 0, queuedUsd: 0 };

beforeEach(() => {
  useJobs.setState({
    jobs: {},
    order: [],
    paused: false,
    waiting: null,
    error: null,
    history: null,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the jobs store', () => {
  it('asks for the account figures once the batch on screen settles, not before', async () => {
    const main = fakeMain({
      'watermark:list': { jobs: [view('a', 'one', 'done', 1)], paused: false },
      'account:quota': quota,
    });
    vi.stubGlobal('window', { clearframe: main.api });
    const stop = followJobs();
    await vi.waitFor(() => expect(useJobs.getState().order).toEqual(['a']));
    main.emit([view('b', 'two', 'processing', 2), view('c', 'two', 'queued', 2)]);
    main.emit([view('b', 'two', 'done', 3)]);
    expect(main.calls.filter((call) => call === 'account:quota')).toHaveLength(0);
    main.emit([view('c', 'two', 'failed', 3)]);
    expect(main.calls.filter((call) => call === 'account:quota')).toHaveLength(1);
    await vi.waitFor(() => expect(useQuota.getState().quota).toEqual(quota));
    stop();
  });

  it('says why Resume did not run the queue, and sees it run again once a job is taken', async () => {
    const reason = 'The command line is working in this data folder.';
    const main = fakeMain({ 'watermark:resume': new Error(reason) });
    vi.stubGlobal('window', { clearframe: main.api });
    useJobs.setState({ paused: true });
    await useJobs.getState().resume();
    expect(useJobs.getState()).toMatchObject({ paused: true, waiting: reason });
    useJobs.getState().apply([view('a', 'one', 'queued', 1)]);
    expect(useJobs.getState().paused).toBe(true);
    useJobs.getState().apply([view('a', 'one', 'preparing', 2)]);
    expect(useJobs.getState()).toMatchObject({ paused: false, waiting: null });
  });

  it('forgets the jobs Clear finished took off the list', async () => {
    const main = fakeMain({
      'watermark:clearFinished': { count: 1 },
      'watermark:list': { jobs: [view('b', 'one', 'queued', 1)], paused: false },
    });
    vi.stubGlobal('window', { clearframe: main.api });
    useJobs.getState().apply([view('a', 'one', 'done', 1), view('b', 'one', 'queued', 1)]);
    await useJobs.getState().clearFinished();
    expect(useJobs.getState().order).toEqual(['b']);
    expect(Object.keys(useJobs.getState().jobs)).toEqual(['b']);
  });

  it('reads the history a page at a time, newest first, and keeps its rows up to date', async () => {
    const all = Array.from({ length: HISTORY_PAGE + 3 }, (_, i) =>
      view(`j${i}`, i < 3 ? 'new' : 'old', 'done', 1),
    );
    const asked: unknown[] = [];
    const main = fakeMain({
      'watermark:history': (request: { before?: number; limit: number }) => {
        asked.push(request);
        const from = request.before ?? 0;
        const page = all.slice(from, from + request.limit);
        return {
          jobs: page,
          next: from + request.limit < all.length ? from + request.limit : null,
        };
      },
    });
    vi.stubGlobal('window', { clearframe: main.api });
    await useJobs.getState().showHistory(true);
    expect(useJobs.getState().history).toMatchObject({ next: HISTORY_PAGE });
    expect(useJobs.getState().history?.rows).toHaveLength(HISTORY_PAGE);
    await useJobs.getState().moreHistory();
    expect(useJobs.getState().history?.rows.map((row) => row.id)).toEqual(all.map((j) => j.id));
    expect(useJobs.getState().history?.next).toBeNull();
    await useJobs.getState().moreHistory();
    expect(asked).toEqual([{ limit: HISTORY_PAGE }, { limit: HISTORY_PAGE, before: HISTORY_PAGE }]);

    useJobs.getState().apply([{ ...view('j7', 'old', 'failed', 2) }]);
    expect(useJobs.getState().history?.rows[7]?.state).toBe('failed');
    await useJobs.getState().showHistory(false);
    expect(useJobs.getState().history).toBeNull();
  });
});
