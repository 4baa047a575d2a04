import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { invokeChannelNames } from '../../src-shared/ipc/channels.ts';
import { AppCore } from '../core/app/app-core.ts';
import { JobEventBatcher } from '../core/app/event-batcher.ts';
import { previewResponse } from '../core/app/preview-response.ts';
import { resolveAppAsset } from './app-protocol.ts';
import { createDispatch } from './ipc-registry.ts';
import { menuTemplate } from './menu-template.ts';
import {
  APP_ORIGIN,
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  PREVIEW_SCHEME,
  isAllowedExternalUrl,
  isAllowedNavigation,
  permissionDecision,
  windowOpenDecision,
} from './security.ts';
import { DEFAULT_WINDOW_BOUNDS, mainWindowOptions } from './window-options.ts';
import { updatesAllowed } from './update-policy.ts';
import { checkForUpdates } from './updates.ts';
import { parseSavedBounds, restoreBounds } from './window-state.ts';

const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const MIN_SIZE = { width: 880, height: 560 };

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: PREVIEW_SCHEME, privileges: { standard: true, secure: true, stream: true } },
]);

// The command line and the app share one data folder; the same variable moves both.
if (process.env['CLEARFRAME_DATA_DIR']) app.setPath('userData', process.env['CLEARFRAME_DATA_DIR']);

let core: AppCore | undefined;
let drained = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedNavigation(url, devServerUrl)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      const decision = windowOpenDecision(url);
      if (decision.openInBrowser) void shell.openExternal(url);
      return { action: decision.action };
    });
  });
  app.on('window-all-closed', () => app.quit());
  // Quitting lets the engine stop where it is, so every job resumes on the next start.
  app.on('before-quit', (event) => {
    if (drained || !core) return;
    event.preventDefault();
    void core.stop().finally(() => {
      drained = true;
      app.quit();
    });
  });
  void app.whenReady().then(start);
}

function windowStateFile(): string {
  return path.join(app.getPath('userData'), 'window-state.json');
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permissionDecision(permission)),
  );
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    return new Response(response.body, { status: response.status, headers });
  });

  const running = await AppCore.start({
    dataDir: app.getPath('userData'),
    app: { name: app.getName(), version: app.getVersion(), platform: process.platform },
    previewBase: `${PREVIEW_SCHEME}://local/`,
    runtime: {
      electron: process.versions.electron,
      chrome: process.versions.chrome,
    },
    ...(app.isPackaged
      ? { simulatorFixturesDir: path.join(process.resourcesPath, 'simulator-fixtures') }
      : {}),
  });
  core = running;
  process.on('uncaughtException', (error) => running.log.error('main', error));
  process.on('unhandledRejection', (reason) => running.log.error('main', reason));
  let mainWindow: BrowserWindow | undefined = undefined;
  const updates = () =>
    checkForUpdates({
      window: mainWindow,
      demoMode: running.demoMode,
      setting: running.settings.checkForUpdates,
      log: running.log,
    });
  protocol.handle(PREVIEW_SCHEME, async (request) => {
    const file = await running.previewFile(new URL(request.url).pathname);
    return file
      ? previewResponse(file, request.headers.get('Range'))
      : new Response('Not found', { status: 404 });
  });

  const dispatch = createDispatch(
    {
      ...running.handlers,
      'shell:openExternal': async ({ url }) => {
        if (!isAllowedExternalUrl(url)) return { opened: false };
        await shell.openExternal(url);
        return { opened: true };
      },
      'video:exportProject': async ({ projectId }) => {
        const options = {
          title: 'Export the project’s clips',
          properties: ['openDirectory' as const, 'createDirectory' as const],
        };
        const chosen = mainWindow
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
        const folder = chosen.canceled ? undefined : chosen.filePaths[0];
        if (!folder) return { folder: null, count: 0 };
        return { folder, count: await running.video.exportProject(projectId, folder) };
      },
      'mask:import': async ({ token }) => {
        const options = {
          title: 'Import a mask',
          properties: ['openFile' as const],
          filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff'] }],
        };
        const chosen = mainWindow
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
        const file = chosen.canceled ? undefined : chosen.filePaths[0];
        return file ? running.importMaskFor(token, file) : null;
      },
      'mask:export': async ({ token, strokes }) => {
        const options = {
          title: 'Export the mask',
          defaultPath: 'mask.png',
          filters: [{ name: 'PNG', extensions: ['png'] }],
        };
        const chosen = mainWindow
          ? await dialog.showSaveDialog(mainWindow, options)
          : await dialog.showSaveDialog(options);
        if (chosen.canceled || !chosen.filePath) return { path: null };
        await running.exportMaskFor(token, strokes, chosen.filePath);
        return { path: chosen.filePath };
      },
      'shell:reveal': async ({ jobId, open }) => {
        const output = running.outputOf(jobId);
        if (output && open) await shell.openPath(output);
        else if (output) shell.showItemInFolder(output);
        return { revealed: output !== undefined };
      },
      'shell:openLogsFolder': async () => ({
        opened: (await shell.openPath(running.log.dir)) === '',
      }),
      'dialog:chooseFolder': async () => {
        const options = { properties: ['openDirectory' as const, 'createDirectory' as const] };
        const chosen = mainWindow
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
        return { path: chosen.canceled ? null : (chosen.filePaths[0] ?? null) };
      },
      'updates:check': updates,
    },
    devServerUrl,
  );
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      dispatch({ frameUrl: event.senderFrame?.url }, channel, payload),
    );
  }

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        openLogsFolder: () => void shell.openPath(running.log.dir),
        checkForUpdates: () => void updates(),
        openHelp: () =>
          void shell.openExternal('https://github.com/clearframe-app/clearframe#readme'),
      }),
    ),
  );

  const bounds = restoreBounds(
    parseSavedBounds(readText(windowStateFile())),
    screen.getAllDisplays().map((display) => display.workArea),
    DEFAULT_WINDOW_BOUNDS,
    MIN_SIZE,
  );
  const window = new BrowserWindow(mainWindowOptions(preloadPath, bounds));
  mainWindow = window;
  window.on('close', () => {
    writeFileSync(windowStateFile(), JSON.stringify(window.getNormalBounds()));
  });
  connectWindow(window, running);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  if (
    updatesAllowed({
      isPackaged: app.isPackaged,
      demoMode: running.demoMode,
      setting: running.settings.checkForUpdates,
    }).allowed
  ) {
    void updates();
  }
}

/**
 * Sends the engine's events to one window, job changes batched a few times a second, and
 * mirrors the batch on the dock or taskbar, with a notification when it ends.
 */
function connectWindow(window: BrowserWindow, running: AppCore): void {
  let wasRunning = false;
  const batcher = new JobEventBatcher((jobs) => {
    if (window.isDestroyed()) return;
    window.webContents.send('jobs:changed', { jobs });
    const progress = running.batchProgress();
    window.setProgressBar(progress ? progress.settled / progress.total : -1);
    if (wasRunning && !progress && Notification.isSupported()) {
      new Notification({ title: 'Clearframe', body: 'The batch has finished.' }).show();
    }
    wasRunning = progress !== undefined;
  });
  const unsubscribe = running.subscribe((channel, payload) => {
    if (channel === 'jobs:changed') {
      for (const job of (payload as { jobs: Parameters<JobEventBatcher['push']>[0][] }).jobs)
        batcher.push(job);
    } else if (!window.isDestroyed()) window.webContents.send(channel, payload);
  });
  window.on('closed', () => {
    unsubscribe();
    batcher.dispose();
  });
}
