// Type imports only: this module runs in tests where the Electron binary does not exist.
import type {
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Shell,
} from 'electron';
import type { EventChannel } from '../../src-shared/ipc/channels.ts';
import type { Handlers } from '../../src-shared/ipc/common.ts';
import type {
  EventPayload,
  InvokeResponse,
  SpendingFilter,
} from '../../src-shared/ipc/contract.ts';
import type { shellContract } from '../../src-shared/ipc/shell.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { Words } from '../core/i18n/words.ts';
import { JobEventBatcher } from '../core/app/event-batcher.ts';
import type { ProfileStore } from '../core/profiles/profile-store.ts';
import type { AgentQuestions } from './agent-questions.ts';
import { profileDialogs } from './profile-dialogs.ts';
import { isAllowedExternalUrl } from './security.ts';
import type { UpdateCheck } from './updates.ts';

/**
 * What the shell's handlers ask of the core, and nothing more, so the core can be cut into
 * parts without the shell noticing as long as these members stay.
 */
export interface ShellCore {
  readonly staging: {
    importMaskFor(token: string, file: string): Promise<InvokeResponse<'mask:import'>>;
    exportMaskFor(token: string, strokes: readonly Stroke[], target: string): Promise<void>;
  };
  outputOf(jobId: string): string | undefined;
  readonly video: {
    exportProject(projectId: string, folder: string): Promise<{ count: number; leftOut: number[] }>;
    referenceImage(
      file: string,
    ): Promise<NonNullable<InvokeResponse<'video:chooseImage'>['image']>>;
    joinProject(
      projectId: string,
      folder: string,
      roundIds?: readonly string[],
    ): Promise<{ path: string; filmId: string }>;
  };
  readonly account: {
    exportSpending(
      filter: SpendingFilter,
      folder: string,
    ): Promise<{ path: string; count: number; demo: number }>;
  };
  readonly profiles: Pick<ProfileStore, 'exportTo' | 'importFrom'>;
  readonly log: { readonly dir: string };
  readonly demoMode: boolean;
  readonly settings: { readonly checkForUpdates: boolean };
}

/** System dialogs, attached to the window `W` when there is one. */
export interface ShellDialog<W> {
  showOpenDialog(window: W | undefined, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showSaveDialog(window: W | undefined, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

/** Electron's own objects the handlers call: the real ones in the app, stand-ins in tests. */
export interface ShellSystem<W> {
  dialog: ShellDialog<W>;
  shell: Pick<Shell, 'openExternal' | 'openPath' | 'showItemInFolder'>;
  checkForUpdates(options: {
    window: W | undefined;
    demoMode: boolean;
    setting: boolean;
  }): Promise<UpdateCheck>;
  /** The window dialogs belong to; read at each request, since it opens after the handlers exist. */
  currentWindow(): W | undefined;
  /** Dialog titles in the window's language. */
  words: Words;
  /** Files opened with Clearframe, waiting for the window (see opened-files.ts). */
  opened: { take(): string[] };
  /** The agent door's questions waiting for the person (see agent-questions.ts). */
  agentQuestions: Pick<AgentQuestions, 'answer' | 'list'>;
}

export type ShellHandlers = Handlers<typeof shellContract>;

/** The answers to the channels only the shell can answer: browser, file manager, dialogs, updater. */
export function shellHandlers<W>(core: ShellCore, system: ShellSystem<W>): ShellHandlers {
  const { dialog, shell, words } = system;
  const chooseOne = async (options: OpenDialogOptions): Promise<string | undefined> => {
    const chosen = await dialog.showOpenDialog(system.currentWindow(), options);
    return chosen.canceled ? undefined : chosen.filePaths[0];
  };
  return {
    ...profileDialogs(core.profiles, system),
    'app:takeOpened': () => ({ paths: system.opened.take() }),
    'agent:questions': () => ({ questions: system.agentQuestions.list() }),
    'agent:answer': ({ id, yes }) => ({ taken: system.agentQuestions.answer(id, yes) }),
    'shell:openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) return { opened: false };
      await shell.openExternal(url);
      return { opened: true };
    },
    'video:exportProject': async ({ projectId }) => {
      const folder = await chooseOne({
        title: words('main.dialog.exportTakes'),
        properties: ['openDirectory', 'createDirectory'],
      });
      if (!folder) return { folder: null, count: 0, leftOut: [] };
      return { folder, ...(await core.video.exportProject(projectId, folder)) };
    },
    'video:chooseImage': async () => {
      const file = await chooseOne({
        title: words('main.dialog.referenceImage'),
        properties: ['openFile'],
        filters: [
          {
            name: words('main.dialog.images'),
            extensions: ['jpg', 'jpeg', 'png', 'webp', 'tif', 'tiff', 'gif'],
          },
        ],
      });
      return { image: file ? await core.video.referenceImage(file) : null };
    },
    'video:exportSpending': async (filter) => {
      const folder = await chooseOne({
        title: words('main.dialog.spendingCsv'),
        properties: ['openDirectory', 'createDirectory'],
      });
      if (!folder) return { path: null, count: 0, demo: 0 };
      return core.account.exportSpending(filter, folder);
    },
    'mask:import': async ({ token }) => {
      const file = await chooseOne({
        title: words('main.dialog.importMask'),
        properties: ['openFile'],
        filters: [
          {
            name: words('main.dialog.images'),
            extensions: ['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff'],
          },
        ],
      });
      return file ? core.staging.importMaskFor(token, file) : null;
    },
    'mask:export': async ({ token, strokes }) => {
      const chosen = await dialog.showSaveDialog(system.currentWindow(), {
        title: words('main.dialog.exportMask'),
        defaultPath: 'mask.png',
        filters: [{ name: 'PNG', extensions: ['png'] }],
      });
      if (chosen.canceled || !chosen.filePath) return { path: null };
      await core.staging.exportMaskFor(token, strokes, chosen.filePath);
      return { path: chosen.filePath };
    },
    'shell:reveal': async ({ jobId, open }) => {
      const output = core.outputOf(jobId);
      if (output && open) await shell.openPath(output);
      else if (output) shell.showItemInFolder(output);
      return { revealed: output !== undefined };
    },
    // openPath answers with an error message, or '' when the folder opened.
    'shell:openLogsFolder': async () => ({ opened: (await shell.openPath(core.log.dir)) === '' }),
    'dialog:chooseFolder': async () => ({
      path: (await chooseOne({ properties: ['openDirectory', 'createDirectory'] })) ?? null,
    }),
    // The window stages what is chosen exactly as a dropped folder (media:probe).
    'media:chooseFolders': async () => {
      const chosen = await dialog.showOpenDialog(system.currentWindow(), {
        title: words('main.dialog.chooseFolders'),
        properties: ['openDirectory', 'multiSelections'],
      });
      return { paths: chosen.canceled ? [] : chosen.filePaths };
    },
    'updates:check': () =>
      system.checkForUpdates({
        window: system.currentWindow(),
        demoMode: core.demoMode,
        setting: core.settings.checkForUpdates,
      }),
    'video:joinProject': async ({ projectId, roundIds }) => {
      const folder = await chooseOne({
        title: words('main.dialog.saveFilm'),
        properties: ['openDirectory', 'createDirectory'],
      });
      if (!folder) return { path: null, filmId: null };
      return core.video.joinProject(projectId, folder, roundIds);
    },
  };
}

/** A window as the event forwarding sees it: the real BrowserWindow, or a stand-in in tests. */
export interface EventWindow {
  isDestroyed(): boolean;
  webContents: { send(channel: string, payload: unknown): void };
  setProgressBar(progress: number): void;
  on(event: 'closed', listener: () => void): unknown;
}

/** Where the forwarded events come from: the core's unbatched events and its batch count. */
export interface EventSource {
  subscribe(
    listener: <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void,
  ): () => void;
  readonly watermark: { batchProgress(): { settled: number; total: number } | undefined };
}

/**
 * Sends the engine's events to one window, job changes batched a few times a second, and
 * mirrors the batch on the dock or taskbar, with a notification when it ends.
 */
export function connectWindow(
  window: EventWindow,
  events: EventSource,
  notify: (body: string) => void,
  words: Words,
): void {
  let wasRunning = false;
  const batcher = new JobEventBatcher((jobs) => {
    if (window.isDestroyed()) return;
    window.webContents.send('jobs:changed', { jobs });
    const progress = events.watermark.batchProgress();
    window.setProgressBar(progress ? progress.settled / progress.total : -1);
    if (wasRunning && !progress) notify(words('main.notice.batchFinished'));
    wasRunning = progress !== undefined;
  });
  const unsubscribe = events.subscribe((channel, payload) => {
    if (channel === 'jobs:changed') {
      for (const job of (payload as EventPayload<'jobs:changed'>).jobs) batcher.push(job);
    } else if (!window.isDestroyed()) window.webContents.send(channel, payload);
  });
  window.on('closed', () => {
    unsubscribe();
    batcher.dispose();
  });
}
