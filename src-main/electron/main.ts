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
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_SCHEME, PREVIEW_SCHEME, isAllowedNavigation, windowOpenDecision } from './security.ts';
import { followOpenRequests, OpenedFiles, pathsFromArgv } from './opened-files.ts';
import {
  startShell,
  type ShellElectron,
  type ShellStarted,
  type ShellWindow,
} from './shell-start.ts';
import { startFailureWords } from './start-failure.ts';
import { checkForUpdates } from './updates.ts';

const devServerUrl = process.env['ELECTRON_RENDERER_URL'];

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: PREVIEW_SCHEME, privileges: { standard: true, secure: true, stream: true } },
]);

// The command line and the app share one data folder; the same variable moves both.
if (process.env['CLEARFRAME_DATA_DIR']) app.setPath('userData', process.env['CLEARFRAME_DATA_DIR']);

/** The real objects behind the start's collaborators; everything they decide lives in shell-start.ts. */
const electron: ShellElectron = {
  app,
  setPermissionRequestHandler: (handler) =>
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      handler(permission, callback),
    ),
  handleProtocol: (scheme, handler) => protocol.handle(scheme, handler),
  fetchFile: (url) => net.fetch(url),
  resolveProxy: (url) => session.defaultSession.resolveProxy(url),
  handleIpc: (channel, listener) => ipcMain.handle(channel, listener),
  dialog: {
    showOpenDialog: (window, options) =>
      window
        ? dialog.showOpenDialog(window as BrowserWindow, options)
        : dialog.showOpenDialog(options),
    showSaveDialog: (window, options) =>
      window
        ? dialog.showSaveDialog(window as BrowserWindow, options)
        : dialog.showSaveDialog(options),
    showErrorBox: (title, content) => dialog.showErrorBox(title, content),
  },
  shell,
  setMenu: (template) => Menu.setApplicationMenu(Menu.buildFromTemplate(template)),
  displays: () => screen.getAllDisplays().map((display) => display.workArea),
  notify: (body) => {
    if (Notification.isSupported()) new Notification({ title: 'Clearframe', body }).show();
  },
  createWindow: (options): ShellWindow => new BrowserWindow(options),
  checkForUpdates: (options) =>
    checkForUpdates({ ...options, window: options.window as BrowserWindow | undefined }),
};

let started: ShellStarted | undefined;
let drained = false;
/** Files opened with Clearframe: this launch's own arguments first. */
const opened = new OpenedFiles();

const bringForward = () => {
  const [window] = BrowserWindow.getAllWindows();
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
};

if (!app.requestSingleInstanceLock()) {
  // The first instance receives this launch's arguments as `second-instance`.
  app.quit();
} else {
  opened.add(pathsFromArgv(process.argv, process.cwd(), app.isPackaged));
  // Before ready: macOS sends the files a launch was asked to open as early events.
  followOpenRequests(app, opened, { isPackaged: app.isPackaged, bringForward });
  opened.onAdded(bringForward);
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
    if (drained || !started) return;
    event.preventDefault();
    void started.door?.close();
    void started.asking?.close();
    void started.core.stop().finally(() => {
      drained = true;
      app.quit();
    });
  });
  app
    .whenReady()
    .then(() =>
      startShell(electron, {
        rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
        preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
        devServerUrl,
        platform: process.platform,
        runtime: { electron: process.versions.electron, chrome: process.versions.chrome },
        ...(app.isPackaged
          ? { simulatorFixturesDir: path.join(process.resourcesPath, 'simulator-fixtures') }
          : {}),
        opened,
      }),
    )
    .then((shell) => {
      started = shell;
    })
    // startShell reports its own failures; this catches only a failure to report one.
    .catch(async (error: unknown) => {
      const words = await startFailureWords(app.getPreferredSystemLanguages());
      const title = words('main.startFailure.title');
      console.error(title, error);
      dialog.showErrorBox(title, String(error));
      app.exit(1);
    });
}
