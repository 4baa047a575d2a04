import { shellWords } from '../../../src-main/core/i18n/words.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventChannel } from '../../../src-shared/ipc/channels.ts';
import type { EventPayload } from '../../../src-shared/ipc/contract.ts';
import type { IpcResult } from '../../../src-shared/ipc/result.ts';
import { createDispatch } from '../../../src-main/electron/ipc-registry.ts';
import { APP_ORIGIN } from '../../../src-main/electron/security.ts';
import {
  connectWindow,
  shellHandlers,
  type EventSource,
  type EventWindow,
  type ShellCore,
  type ShellSystem,
} from '../../../src-main/electron/shell-handlers.ts';
import { AgentQuestions } from '../../../src-main/electron/agent-questions.ts';
import { OpenedFiles } from '../../../src-main/electron/opened-files.ts';
import { FilmJoinError } from '../../../src-main/core/media/film/film-join.ts';
import { jobView } from '../../support/job-view.ts';

/**
 * The shell's own handlers and event forwarding, with stand-ins for the core and for
 * Electron's dialogs, file manager, browser, updater and window.
 */

const WINDOW = { name: 'the main window' };
const DIFFERENT_SIZES =
  'These takes cannot be joined without re-encoding: shot 2’s clip is 1280×720, shot 1’s 1920×1080; make the takes the same resolution (the same ratio and quality), or choose takes that are.';

interface World {
  calls: string[];
  invoke: (channel: string, payload?: unknown) => Promise<IpcResult<unknown>>;
}

function world(
  answers: { folder?: string; file?: string; saveTo?: string; openPathError?: string } = {},
): World {
  const calls: string[] = [];
  const core: ShellCore = {
    staging: {
      importMaskFor: (token, file) => {
        calls.push(`import ${token} ${file}`);
        return Promise.resolve({
          maskToken: 'mask-1',
          fraction: 0.5,
          convention: 'white-on-black',
          resized: false,
          warnings: [],
        });
      },
      exportMaskFor: (token, strokes, target) => {
        calls.push(`export ${token} ${strokes.length} strokes to ${target}`);
        return Promise.resolve();
      },
    },
    outputOf: (jobId) => (jobId === 'known' ? '/out/known-clean.png' : undefined),
    video: {
      exportProject: (projectId, folder) => {
        calls.push(`export project ${projectId} to ${folder}`);
        return Promise.resolve({ count: 3, leftOut: [4] });
      },
      joinProject: (projectId, folder, roundIds) => {
        calls.push(`join project ${projectId} in ${folder} ${roundIds?.join(',') ?? 'takes'}`);
        if (projectId === 'differs') return Promise.reject(new FilmJoinError(DIFFERENT_SIZES));
        return Promise.resolve({ path: `${folder}/Harbour.mp4`, filmId: 'film-1' });
      },
      referenceImage: (file) => {
        calls.push(`reference image ${file}`);
        return Promise.resolve({
          url: 'data:image/png;base64,AA==',
          name: 'a.png',
          width: 400,
          height: 300,
          bytes: 1,
        });
      },
    },
    account: {
      exportSpending: (filter, folder) => {
        calls.push(
          `export spending ${filter.projectId ?? 'all'} ${filter.month ?? 'ever'} to ${folder}`,
        );
        return Promise.resolve({ path: `${folder}/spending.csv`, count: 4, demo: 0 });
      },
    },
    // The profile dialogs are driven in test/e2e/profiles.spec.ts, on the real store.
    profiles: {
      exportTo: (name, file) =>
        Promise.resolve(void calls.push(`export profile ${name} to ${file}`)),
      importFrom: (file) => Promise.reject(new Error(`no profile in ${file}`)),
    },
    log: { dir: '/data/logs' },
    demoMode: true,
    settings: { checkForUpdates: false },
  };
  const chosen = (file: string | undefined) => ({ canceled: !file, filePaths: file ? [file] : [] });
  const system: ShellSystem<typeof WINDOW> = {
    dialog: {
      showOpenDialog: (window, options) => {
        calls.push(`open dialog on ${window?.name}`);
        return Promise.resolve(
          chosen(options.properties?.includes('openFile') ? answers.file : answers.folder),
        );
      },
      showSaveDialog: (window) => {
        calls.push(`save dialog on ${window?.name}`);
        return Promise.resolve({ canceled: !answers.saveTo, filePath: answers.saveTo ?? '' });
      },
    },
    shell: {
      openExternal: (url) => {
        calls.push(`browser ${url}`);
        return Promise.resolve();
      },
      openPath: (target) => {
        calls.push(`open ${target}`);
        return Promise.resolve(answers.openPathError ?? '');
      },
      showItemInFolder: (target) => {
        calls.push(`show ${target}`);
      },
    },
    checkForUpdates: ({ window, demoMode, setting }) => {
      calls.push(`updates on ${window?.name} demo=${demoMode} setting=${setting}`);
      return Promise.resolve({ status: 'disabled', message: 'Updates are off in demo mode.' });
    },
    currentWindow: () => WINDOW,
    words: shellWords(() => 'en', []),
    opened: new OpenedFiles(),
    agentQuestions: new AgentQuestions(() => undefined),
  };
  // Through the same dispatch the app registers, so every answer is checked against the contract.
  const dispatch = createDispatch(shellHandlers(core, system));
  return {
    calls,
    invoke: (channel, payload) =>
      dispatch({ frameUrl: `${APP_ORIGIN}/index.html` }, channel, payload),
  };
}

describe('the shell handlers', () => {
  it('open only allowlisted https links in the browser', async () => {
    const { calls, invoke } = world();
    expect(await invoke('shell:openExternal', { url: 'https://evil.example/' })).toEqual({
      ok: true,
      value: { opened: false },
    });
    expect(await invoke('shell:openExternal', { url: 'http://kaze.ai/account' })).toEqual({
      ok: true,
      value: { opened: false },
    });
    expect(calls).toEqual([]);
    expect(await invoke('shell:openExternal', { url: 'https://kaze.ai/account' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(calls).toEqual(['browser https://kaze.ai/account']);
  });

  it('answer null when a dialog is canceled, and touch nothing', async () => {
    const { calls, invoke } = world();
    expect(await invoke('dialog:chooseFolder')).toEqual({ ok: true, value: { path: null } });
    expect(await invoke('video:exportProject', { projectId: 'p1' })).toEqual({
      ok: true,
      value: { folder: null, count: 0, leftOut: [] },
    });
    expect(await invoke('mask:import', { token: 't1' })).toEqual({ ok: true, value: null });
    expect(await invoke('mask:export', { token: 't1', strokes: [] })).toEqual({
      ok: true,
      value: { path: null },
    });
    expect(calls).toEqual([
      'open dialog on the main window',
      'open dialog on the main window',
      'open dialog on the main window',
      'save dialog on the main window',
    ]);
  });

  it('hand what a dialog chose to the core', async () => {
    const { calls, invoke } = world({
      folder: '/exports',
      file: '/masks/mask.png',
      saveTo: '/masks/out.png',
    });
    expect(await invoke('dialog:chooseFolder')).toEqual({ ok: true, value: { path: '/exports' } });
    expect(await invoke('video:exportProject', { projectId: 'p1' })).toEqual({
      ok: true,
      value: { folder: '/exports', count: 3, leftOut: [4] },
    });
    expect(await invoke('mask:import', { token: 't1' })).toMatchObject({
      ok: true,
      value: { maskToken: 'mask-1' },
    });
    expect(await invoke('mask:export', { token: 't1', strokes: [] })).toEqual({
      ok: true,
      value: { path: '/masks/out.png' },
    });
    expect(calls.filter((call) => !call.includes('dialog'))).toEqual([
      'export project p1 to /exports',
      'import t1 /masks/mask.png',
      'export t1 0 strokes to /masks/out.png',
    ]);
  });

  it('reveal only a job that has a result: shown in its folder, or opened', async () => {
    const { calls, invoke } = world();
    expect(await invoke('shell:reveal', { jobId: 'unknown', open: false })).toEqual({
      ok: true,
      value: { revealed: false },
    });
    expect(calls).toEqual([]);
    expect(await invoke('shell:reveal', { jobId: 'known', open: false })).toEqual({
      ok: true,
      value: { revealed: true },
    });
    expect(await invoke('shell:reveal', { jobId: 'known', open: true })).toEqual({
      ok: true,
      value: { revealed: true },
    });
    expect(calls).toEqual(['show /out/known-clean.png', 'open /out/known-clean.png']);
  });

  it('say whether the logs folder opened', async () => {
    const opened = world();
    expect(await opened.invoke('shell:openLogsFolder')).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(opened.calls).toEqual(['open /data/logs']);
    const failed = world({ openPathError: 'No application is set to open folders.' });
    expect(await failed.invoke('shell:openLogsFolder')).toEqual({
      ok: true,
      value: { opened: false },
    });
  });

  it('check for updates with the window, the mode and the setting of the moment', async () => {
    const { calls, invoke } = world();
    expect(await invoke('updates:check')).toEqual({
      ok: true,
      value: { status: 'disabled', message: 'Updates are off in demo mode.' },
    });
    expect(calls).toEqual(['updates on the main window demo=true setting=false']);
  });

  it('join a project’s takes in the folder chosen, or say plainly why not', async () => {
    const canceled = world();
    expect(await canceled.invoke('video:joinProject', { projectId: 'p1' })).toEqual({
      ok: true,
      value: { path: null, filmId: null },
    });
    expect(canceled.calls).toEqual(['open dialog on the main window']);
    const { calls, invoke } = world({ folder: '/films' });
    expect(await invoke('video:joinProject', { projectId: 'p1', roundIds: ['r2', 'r1'] })).toEqual({
      ok: true,
      value: { path: '/films/Harbour.mp4', filmId: 'film-1' },
    });
    expect(await invoke('video:joinProject', { projectId: 'differs' })).toEqual({
      ok: false,
      error: { code: 'FilmJoinError', message: DIFFERENT_SIZES },
    });
    expect(calls.filter((call) => !call.includes('dialog'))).toEqual([
      'join project p1 in /films r2,r1',
      'join project differs in /films takes',
    ]);
  });
  it('export the spending CSV in the folder chosen, or nothing when the dialog is canceled', async () => {
    const canceled = world();
    expect(await canceled.invoke('video:exportSpending', { month: '2026-03' })).toEqual({
      ok: true,
      value: { path: null, count: 0, demo: 0 },
    });
    expect(canceled.calls).toEqual(['open dialog on the main window']);
    const { calls, invoke } = world({ folder: '/books' });
    expect(await invoke('video:exportSpending', { projectId: 'p1', month: '2026-03' })).toEqual({
      ok: true,
      value: { path: '/books/spending.csv', count: 4, demo: 0 },
    });
    expect(await invoke('video:exportSpending', { month: 'March' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload', message: expect.stringContaining('YYYY-MM') },
    });
    expect(calls.filter((call) => !call.includes('dialog'))).toEqual([
      'export spending p1 2026-03 to /books',
    ]);
  });
});

/** A core that emits on demand, and a window that records what reaches it. */
function standInWindow() {
  const listeners = new Set<Parameters<EventSource['subscribe']>[0]>();
  const closedListeners: Array<() => void> = [];
  const recorded = {
    sent: [] as Array<{ channel: string; payload: unknown }>,
    progress: [] as number[],
    notified: [] as string[],
    batch: undefined as { settled: number; total: number } | undefined,
  };
  const window: EventWindow = {
    isDestroyed: () => false,
    webContents: { send: (channel, payload) => recorded.sent.push({ channel, payload }) },
    setProgressBar: (progress) => recorded.progress.push(progress),
    on: (_event, listener) => closedListeners.push(listener),
  };
  const events: EventSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watermark: { batchProgress: () => recorded.batch },
  };
  connectWindow(
    window,
    events,
    (body) => recorded.notified.push(body),
    shellWords(() => 'en', []),
  );
  return {
    recorded,
    emit: <C extends EventChannel>(channel: C, payload: EventPayload<C>) => {
      for (const listener of listeners) listener(channel, payload);
    },
    close: () => closedListeners.forEach((listener) => listener()),
    listening: () => listeners.size,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connectWindow', () => {
  it('sends other events at once and job changes in batches, the newest view of each', () => {
    vi.useFakeTimers();
    const { recorded, emit } = standInWindow();
    recorded.batch = { settled: 0, total: 2 };
    emit('jobs:changed', { jobs: [jobView('a', 1, 'queued'), jobView('b', 1, 'queued')] });
    emit('jobs:changed', { jobs: [jobView('a', 2, 'processing')] });
    emit('app:mode', { demoMode: true, demoServices: ['watermark'] });
    expect(recorded.sent).toEqual([
      { channel: 'app:mode', payload: { demoMode: true, demoServices: ['watermark'] } },
    ]);

    vi.advanceTimersToNextTimer();
    expect(recorded.sent).toHaveLength(2);
    expect(recorded.sent[1]).toEqual({
      channel: 'jobs:changed',
      payload: { jobs: [jobView('a', 2, 'processing'), jobView('b', 1, 'queued')] },
    });
    expect(recorded.progress).toEqual([0]);
    expect(recorded.notified).toEqual([]);
  });

  it('mirrors the batch on the progress bar and says when it has finished', () => {
    vi.useFakeTimers();
    const { recorded, emit } = standInWindow();
    recorded.batch = { settled: 1, total: 4 };
    emit('jobs:changed', { jobs: [jobView('a', 1, 'done')] });
    vi.advanceTimersToNextTimer();
    recorded.batch = undefined;
    emit('jobs:changed', { jobs: [jobView('b', 1, 'done')] });
    vi.advanceTimersToNextTimer();
    expect(recorded.progress).toEqual([0.25, -1]);
    expect(recorded.notified).toEqual(['The batch has finished.']);

    // A change with no batch running is no batch ending.
    emit('jobs:changed', { jobs: [jobView('b', 2, 'done')] });
    vi.advanceTimersToNextTimer();
    expect(recorded.progress).toEqual([0.25, -1, -1]);
    expect(recorded.notified).toEqual(['The batch has finished.']);
  });

  it('stops listening and drops pending job changes once the window is closed', () => {
    vi.useFakeTimers();
    const { recorded, emit, close, listening } = standInWindow();
    emit('jobs:changed', { jobs: [jobView('a', 1, 'processing')] });
    expect(listening()).toBe(1);
    close();
    expect(listening()).toBe(0);
    emit('app:mode', { demoMode: false, demoServices: [] });
    expect(vi.getTimerCount()).toBe(0);
    expect(recorded.sent).toEqual([]);
  });
});
