import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { APP_ORIGIN } from '../../src-main/electron/security.ts';
import path from 'node:path';
import type {
  ShellElectron,
  ShellPlace,
  ShellWindow,
} from '../../src-main/electron/shell-start.ts';

/**
 * Stand-ins for the Electron objects the shell's start calls (see shell-start.ts), recording
 * what the shell did with them: windows, the pages loaded and the events sent, dialogs,
 * menus, and a quit; `invoke` calls the IPC handlers the shell registered, as the window would.
 */

type Listener = (event: { senderFrame: { url: string } }, payload: unknown) => unknown;

export interface Recorded {
  electron: ShellElectron;
  /** Each window's loaded pages, and the events sent to it in order. */
  windows: Array<{ loaded: string[]; sent: Array<{ channel: string; payload: unknown }> }>;
  errorBoxes: Array<{ title: string; content: string }>;
  /** The first top-level label of each menu bar the shell set, in order. */
  menus: string[];
  quit: boolean;
  invoke<T>(channel: string, payload?: unknown): Promise<IpcResult<T>>;
}

export function standIns(dataDir: string): Recorded {
  const ipc = new Map<string, Listener>();
  const recorded: Recorded = {
    windows: [],
    errorBoxes: [],
    menus: [],
    quit: false,
    invoke: async <T>(channel: string, payload?: unknown) => {
      const listener = ipc.get(channel);
      if (!listener) throw new Error(`nothing handles ${channel}`);
      return (await listener(
        { senderFrame: { url: `${APP_ORIGIN}/index.html` } },
        payload,
      )) as IpcResult<T>;
    },
    electron: {
      app: {
        getPath: () => dataDir,
        getName: () => 'Clearframe',
        getVersion: () => '0.0.0-test',
        getPreferredSystemLanguages: () => ['de-AT', 'en-US'],
        isPackaged: false,
        quit: () => {
          recorded.quit = true;
        },
      },
      setPermissionRequestHandler: () => undefined,
      handleProtocol: () => undefined,
      fetchFile: () => Promise.resolve(new Response('')),
      resolveProxy: () => Promise.resolve('DIRECT'),
      handleIpc: (channel, listener) => ipc.set(channel, listener as Listener),
      dialog: {
        showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
        showSaveDialog: () => Promise.resolve({ canceled: true, filePath: '' }),
        showErrorBox: (title, content) => recorded.errorBoxes.push({ title, content }),
      },
      shell: {
        openExternal: () => Promise.resolve(),
        openPath: () => Promise.resolve(''),
        showItemInFolder: () => undefined,
      },
      setMenu: (template) => {
        recorded.menus.push(String(template[0]?.label));
      },
      displays: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
      notify: () => undefined,
      createWindow: () => {
        const window = {
          loaded: [] as string[],
          sent: [] as Array<{ channel: string; payload: unknown }>,
        };
        recorded.windows.push(window);
        const standIn = {
          on: () => standIn,
          once: () => standIn,
          show: () => undefined,
          loadURL: (url: string) => {
            window.loaded.push(url);
            return Promise.resolve();
          },
          isDestroyed: () => false,
          getNormalBounds: () => ({ x: 0, y: 0, width: 1280, height: 820 }),
          setProgressBar: () => undefined,
          webContents: {
            send: (channel: string, payload: unknown) => window.sent.push({ channel, payload }),
          },
        };
        return standIn as unknown as ShellWindow;
      },
      checkForUpdates: () => Promise.resolve({ status: 'disabled', message: 'not in tests' }),
    },
  };
  return recorded;
}

/** Where a test's shell starts: a renderer and preload that need not exist (nothing loads them). */
export function testPlace(root: string, extra: Partial<ShellPlace> = {}): ShellPlace {
  return {
    rendererDir: root,
    preloadPath: path.join(root, 'preload.cjs'),
    devServerUrl: undefined,
    platform: 'linux',
    runtime: {},
    ...extra,
  };
}
