import { speakCoreIn } from '../core/i18n/core-words.ts';
import { shellWords, type Words } from '../core/i18n/words.ts';
import { chooseLanguage } from '../../src-shared/i18n/languages.ts';
import { loadMessages } from '../../src-shared/i18n/messages.ts';
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  IpcMainInvokeEvent,
  MenuItemConstructorOptions,
  Rectangle,
} from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { invokeChannelNames } from '../../src-shared/ipc/channels.ts';
import { AppCore, type AppCoreOptions } from '../core/app/app-core.ts';
import { askDoor, type AskDoor } from '../core/app/ask-door.ts';
import { openDoor, type OpenDoor } from '../core/app/open-door.ts';
import { previewResponse } from '../core/app/preview-response.ts';
import type { AppLogger } from '../core/diagnostics/logger.ts';
import { simulatorDemo } from '../simulator/demo-backend.ts';
import { resolveAppAsset } from './app-protocol.ts';
import { AgentQuestions } from './agent-questions.ts';
import { createDispatch } from './ipc-registry.ts';
import { menuTemplate } from './menu-template.ts';
import { followOpenedFiles, OpenedFiles } from './opened-files.ts';
import {
  APP_ORIGIN,
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  PREVIEW_SCHEME,
  permissionDecision,
} from './security.ts';
import {
  connectWindow,
  shellHandlers,
  type ShellDialog,
  type ShellSystem,
} from './shell-handlers.ts';
import { logStartFailure, startFailureMessage, startFailureWords } from './start-failure.ts';
import type { UpdateCheck } from './updates.ts';
import { updatesAllowed } from './update-policy.ts';
import { DEFAULT_WINDOW_BOUNDS, mainWindowOptions } from './window-options.ts';
import { parseSavedBounds, restoreBounds } from './window-state.ts';

const MIN_SIZE = { width: 880, height: 560 };

/** The window as the start uses it: the real BrowserWindow, or a stand-in in tests. */
export type ShellWindow = Pick<
  BrowserWindow,
  | 'on'
  | 'once'
  | 'show'
  | 'loadURL'
  | 'isDestroyed'
  | 'getNormalBounds'
  | 'setProgressBar'
  | 'webContents'
>;

/**
 * The parts of Electron the start calls, passed in so the start can run against stand-ins
 * where the Electron binary does not exist. `main.ts` hands over the real objects.
 */
export interface ShellElectron {
  app: {
    getPath(name: 'userData'): string;
    getName(): string;
    getVersion(): string;
    getPreferredSystemLanguages(): string[];
    readonly isPackaged: boolean;
    quit(): void;
  };
  setPermissionRequestHandler(
    handler: (permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  handleProtocol(scheme: string, handler: (request: Request) => Promise<Response>): void;
  fetchFile(url: string): Promise<Response>;
  /** The system's proxies for an address, as Chromium's PAC-style list ("PROXY h:p; DIRECT"). */
  resolveProxy(url: string): Promise<string>;
  handleIpc(
    channel: string,
    listener: (event: Pick<IpcMainInvokeEvent, 'senderFrame'>, payload: unknown) => unknown,
  ): void;
  /** Dialogs, attached to the window when there is one. */
  dialog: ShellDialog<ShellWindow> & { showErrorBox(title: string, content: string): void };
  shell: ShellSystem<ShellWindow>['shell'];
  setMenu(template: MenuItemConstructorOptions[]): void;
  displays(): Rectangle[];
  notify(body: string): void;
  createWindow(options: BrowserWindowConstructorOptions): ShellWindow;
  checkForUpdates(options: {
    window: ShellWindow | undefined;
    demoMode: boolean;
    setting: boolean;
    log: AppLogger;
    words: Words;
  }): Promise<UpdateCheck>;
}

export interface ShellPlace {
  rendererDir: string;
  preloadPath: string;
  devServerUrl: string | undefined;
  platform: NodeJS.Platform;
  runtime: Record<string, string>;
  /** Where a packaged build keeps the simulator's clips. */
  simulatorFixturesDir?: string;
  /** Extra options for the core, such as a keychain service of a test's own. */
  core?: Partial<AppCoreOptions>;
  /** Files opened with Clearframe before and after the start (main.ts follows the launches). */
  opened?: OpenedFiles;
}

export interface ShellStarted {
  core: AppCore;
  window: ShellWindow;
  /** Where `clearframe open` hands files in; absent when it could not be opened (logged). */
  door: OpenDoor | undefined;
  /** Where the agent door asks about a paid call past the allowance; absent as `door` is. */
  asking: AskDoor | undefined;
}

/**
 * Starts the shell and never fails silently: whatever the core could not fix on its own
 * (a damaged database, no keychain… are fixed there and shown in the window) ends in a
 * dialog that says what happened and where the log is, on the command line too, and the
 * app quits rather than running on without a window.
 */
export async function startShell(
  electron: ShellElectron,
  place: ShellPlace,
): Promise<ShellStarted | undefined> {
  try {
    return await start(electron, place);
  } catch (error) {
    const logFile = logStartFailure(electron.app.getPath('userData'), error);
    const words = await startFailureWords(electron.app.getPreferredSystemLanguages());
    const title = words('main.startFailure.title');
    const message = startFailureMessage(error, logFile, words);
    console.error(`${title}: ${message}`);
    electron.dialog.showErrorBox(title, message);
    electron.app.quit();
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function start(electron: ShellElectron, place: ShellPlace): Promise<ShellStarted> {
  const { app, dialog, shell } = electron;
  electron.setPermissionRequestHandler((permission, callback) =>
    callback(permissionDecision(permission)),
  );
  electron.handleProtocol(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(place.rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const response = await electron.fetchFile(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    return new Response(response.body, { status: response.status, headers });
  });

  const running = await AppCore.start({
    dataDir: app.getPath('userData'),
    app: {
      name: app.getName(),
      version: app.getVersion(),
      platform: place.platform,
      languages: app.getPreferredSystemLanguages(),
    },
    previewBase: `${PREVIEW_SCHEME}://local/`,
    runtime: place.runtime,
    systemProxy: (url) => electron.resolveProxy(url),
    demo: simulatorDemo({
      env: place.core?.env ?? process.env,
      ...(place.simulatorFixturesDir ? { fixturesDir: place.simulatorFixturesDir } : {}),
    }),
    ...place.core,
  });
  process.on('uncaughtException', (error) => running.log.error('main', error));
  process.on('unhandledRejection', (reason) => running.log.error('main', reason));
  let mainWindow: ShellWindow | undefined = undefined;
  electron.handleProtocol(PREVIEW_SCHEME, async (request) => {
    const file = await running.previewFile(new URL(request.url).pathname);
    return file
      ? previewResponse(file, request.headers.get('Range'))
      : new Response('Not found', { status: 404 });
  });

  const systemLanguages = app.getPreferredSystemLanguages();
  const words = shellWords(() => running.settings.language, systemLanguages);
  const opened = place.opened ?? new OpenedFiles();
  const agentQuestions = new AgentQuestions((questions) => {
    if (mainWindow && !mainWindow.isDestroyed())
      mainWindow.webContents.send('agent:questions', { questions });
  });
  const handlers = shellHandlers(running, {
    dialog,
    shell,
    words,
    opened,
    agentQuestions,
    checkForUpdates: (options) => electron.checkForUpdates({ ...options, log: running.log, words }),
    currentWindow: () => mainWindow,
  });
  const dispatch = createDispatch({ ...running.handlers, ...handlers }, place.devServerUrl);
  // The window's language: the engine's sentences follow it, and the menus are built in
  // it, again whenever a settings change gives the window another one.
  const shownLanguage = () => chooseLanguage(running.settings.language, systemLanguages);
  await loadMessages(shownLanguage());
  speakCoreIn(shownLanguage);
  let menuLanguage = shownLanguage();
  const setMenu = () =>
    electron.setMenu(
      menuTemplate({
        platform: place.platform,
        openLogsFolder: () => void handlers['shell:openLogsFolder'](undefined),
        checkForUpdates: () => void handlers['updates:check'](undefined),
        openHelp: () =>
          void shell.openExternal('https://github.com/clearframe-app/clearframe#readme'),
        words,
      }),
    );
  for (const channel of invokeChannelNames) {
    electron.handleIpc(channel, async (event, payload: unknown) => {
      const answer = await dispatch({ frameUrl: event.senderFrame?.url }, channel, payload);
      if (channel === 'settings:update' && shownLanguage() !== menuLanguage) {
        await loadMessages(shownLanguage());
        menuLanguage = shownLanguage();
        setMenu();
      }
      return answer;
    });
  }
  setMenu();

  const stateFile = path.join(app.getPath('userData'), 'window-state.json');
  const bounds = restoreBounds(
    parseSavedBounds(readText(stateFile)),
    electron.displays(),
    DEFAULT_WINDOW_BOUNDS,
    MIN_SIZE,
  );
  const window = electron.createWindow(mainWindowOptions(place.preloadPath, bounds));
  mainWindow = window;
  window.on('close', () => {
    // A folder that cannot be written (already said in the window) only loses the window's size.
    try {
      writeFileSync(stateFile, JSON.stringify(window.getNormalBounds()));
    } catch (error) {
      running.log.warn('window', 'the window size was not kept:', error);
    }
  });
  connectWindow(window, running, (body) => electron.notify(body), words);
  followOpenedFiles(opened, window);
  // `clearframe open` finds no answer without it, and says so; the window works on.
  const door = await openDoor(app.getPath('userData'), (paths) => opened.add(paths)).catch(
    (error: unknown) => {
      running.log.warn('open', 'clearframe open cannot reach this window:', error);
      return undefined;
    },
  );
  // Without it the agent door refuses a call past the allowance, as with the app closed.
  const asking = await askDoor(app.getPath('userData'), (question, gone) =>
    agentQuestions.ask(question, gone),
  ).catch((error: unknown) => {
    running.log.warn('agent', 'the agent door cannot ask in this window:', error);
    return undefined;
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(place.devServerUrl ?? `${APP_ORIGIN}/index.html`);
  if (
    updatesAllowed({
      isPackaged: app.isPackaged,
      demoMode: running.demoMode,
      setting: running.settings.checkForUpdates,
    }).allowed
  ) {
    void handlers['updates:check'](undefined);
  }
  return { core: running, window, door, asking };
}
