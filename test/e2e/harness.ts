// The specs word what they look for in every language, in this one process: all are read first.
import '../support/all-languages.ts';
import { shellWords } from '../../src-main/core/i18n/words.ts';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import {
  startSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../src-main/simulator/server.ts';
import { previewResponse } from '../../src-main/core/app/preview-response.ts';
import { createDispatch, type InvokeHandlers } from '../../src-main/electron/ipc-registry.ts';
import { CONTENT_SECURITY_POLICY } from '../../src-main/electron/security.ts';
import {
  connectWindow,
  shellHandlers,
  type EventWindow,
} from '../../src-main/electron/shell-handlers.ts';
import { AgentQuestions } from '../../src-main/electron/agent-questions.ts';
import { followOpenedFiles, OpenedFiles } from '../../src-main/electron/opened-files.ts';
import { updatesAllowed } from '../../src-main/electron/update-policy.ts';
import { startBareCore } from '../support/test-core.ts';
import { TEST_ENV } from '../support/test-env.ts';

const outDir = fileURLToPath(new URL('../../out', import.meta.url));
const rendererDir = path.join(outDir, 'renderer');
const preloadFile = path.join(outDir, 'preload', 'index.cjs');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface RendererServer {
  url: string;
  close(): Promise<void>;
}

/** Where the test server answers what the app's preview scheme answers. */
export const PREVIEW_PATH = '/__preview/';

/**
 * Serves the built renderer with the same CSP the app's `app://` protocol sends, and, when
 * given a lookup, previews of job files the way the app's preview scheme serves them.
 */
export async function serveRenderer(
  previews?: () => ((pathname: string) => Promise<string | undefined>) | undefined,
): Promise<RendererServer> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const lookup = previews?.();
    if (pathname.startsWith(PREVIEW_PATH) && lookup) {
      lookup(pathname.slice(PREVIEW_PATH.length))
        .then(async (preview) => {
          if (!preview) return response.writeHead(404).end();
          const answer = await previewResponse(preview, request.headers.range ?? null);
          response.writeHead(answer.status, {
            ...Object.fromEntries(answer.headers),
            'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          });
          if (answer.body) {
            Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>).pipe(response);
          } else response.end();
        })
        .catch(() => response.writeHead(404).end());
      return;
    }
    const file = path.resolve(rendererDir, `.${pathname === '/' ? '/index.html' : pathname}`);
    if (!file.startsWith(rendererDir + path.sep)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Loads the real preload bundle into the page with stand-ins for the three Electron objects
 * it touches. `invoke` crosses to this process through `exposeBinding` and goes into the
 * same dispatch (sender check, contract validation, errors as values) the app registers
 * with `ipcMain`; only Electron's own transport is not exercised.
 */
export async function connectPreload(
  page: Page,
  server: RendererServer,
  handlers: Partial<InvokeHandlers>,
  options: { droppedDir?: string; onMessage?: (message: unknown) => void } = {},
): Promise<void> {
  // A window nothing was opened with, unless the test says otherwise.
  const dispatch = createDispatch(
    { 'app:takeOpened': () => ({ paths: [] }), ...handlers },
    server.url,
  );
  await page.exposeBinding(
    '__clearframeInvoke',
    async ({ frame }, channel: unknown, payload: unknown) => {
      options.onMessage?.({ channel, payload });
      const result = await dispatch({ frameUrl: frame.url() }, channel, payload);
      options.onMessage?.({ channel, result });
      return result;
    },
  );
  const preloadSource = await readFile(preloadFile, 'utf8');
  await page.addInitScript(`(() => {
    const listeners = new Map();
    const electron = {
      contextBridge: {
        exposeInMainWorld(key, api) {
          Object.defineProperty(window, key, { value: Object.freeze(api), writable: false });
        },
      },
      ipcRenderer: {
        invoke: (channel, payload) => window.__clearframeInvoke(channel, payload),
        on(channel, listener) {
          if (!listeners.has(channel)) listeners.set(channel, new Set());
          listeners.get(channel).add(listener);
        },
        removeListener(channel, listener) {
          listeners.get(channel)?.delete(listener);
        },
      },
      webUtils: {
        // Tests stand for a file on disk with an empty File of its name; a File with content
        // lives only in memory (pasted), and Electron gives no path for those either.
        getPathForFile: (file) => (file && file.name && file.size === 0 ? ${JSON.stringify(options.droppedDir ?? '/dropped')} + '/' + file.name : ''),
      },
    };
    window.__clearframeEmit = (channel, payload) => {
      for (const listener of listeners.get(channel) ?? []) listener({}, payload);
    };
    const module = { exports: {} };
    const require = (name) => {
      if (name === 'electron') return electron;
      throw new Error('The preload may only require electron, not ' + name);
    };
    new Function('require', 'module', 'exports', ${JSON.stringify(preloadSource)})(
      require, module, module.exports,
    );
  })();`);
}

export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../test-results/screenshots', import.meta.url),
);

/** The page as it is now has no serious or critical WCAG 2.1 A or AA finding (axe). */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);
}

/** Drops one folder on the drop zone, as a file manager does. */
export async function dropFolder(page: Page, name: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle((folder) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([''], folder));
    return transfer;
  }, name);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
}

/** Screenshots go to one folder so a reviewer can look at every step of every flow at once. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * The page at the default window size and at the small one, as `<name>-1280x820` and
 * `<name>-880x560`; the small one must not scroll sideways. Leaves the page at 1280×820.
 */
export async function saveScreenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 820 });
  await saveScreenshot(page, `${name}-1280x820`);
  await page.setViewportSize({ width: 880, height: 560 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling at 880 px').toBeLessThanOrEqual(0);
  await saveScreenshot(page, `${name}-880x560`);
  await page.setViewportSize({ width: 1280, height: 820 });
}

/** The state of every round of the first project, shot by shot: what a test waits on. */
export async function firstProjectRoundStates(core: AppCore): Promise<string[] | undefined> {
  const { projects } = await core.handlers['video:projects'](undefined);
  return projects[0]?.shots.flatMap((shot) => shot.rounds.map((round) => round.state));
}

/**
 * Connects a page to a running AppCore the way the Electron shell does: the shell's own
 * handlers and event forwarding from `shell-handlers.ts`, with stand-ins only for Electron's
 * objects (dialogs that answer from the options, a file manager and browser that report to
 * the callbacks, a development build's updater, a window that is this page). Every message
 * in both directions is passed to `onMessage`, for tests that inspect them.
 */
export async function connectApp(
  page: Page,
  server: RendererServer,
  core: AppCore,
  options: {
    droppedDir?: string;
    onMessage?: (message: unknown) => void;
    onOpenExternal?: (url: string) => void;
    /** Each file shown in its folder, or `open <file>` for each file or folder opened. */
    onReveal?: (file: string) => void;
    /** What a folder dialog answers; canceled when absent. */
    chosenFolder?: string;
    /** What the open and save dialogs answer for mask import and export. */
    chosenMaskFile?: string;
    exportMaskTo?: string;
    /** Files opened with Clearframe (Open with, `clearframe open`), as the shell keeps them. */
    opened?: OpenedFiles;
    /** Given the agent door's questions, as the shell keeps them, to ask in the window. */
    onAgentQuestions?: (questions: AgentQuestions) => void;
  } = {},
): Promise<() => void> {
  const opened = options.opened ?? new OpenedFiles();
  // The page's window exists only after the handlers: the questions find it when they change.
  const shown: { window?: EventWindow } = {};
  const agentQuestions = new AgentQuestions((questions) =>
    shown.window?.webContents.send('agent:questions', { questions }),
  );
  options.onAgentQuestions?.(agentQuestions);
  const answer = (file: string | undefined) => ({ canceled: !file, filePaths: file ? [file] : [] });
  const words = shellWords(() => core.settings.language, []);
  const handlers = shellHandlers(core, {
    dialog: {
      // Mask import is the one open dialog that asks for a file; the others ask for a folder.
      showOpenDialog: (_window, dialogOptions) =>
        Promise.resolve(
          answer(
            dialogOptions.properties?.includes('openFile')
              ? options.chosenMaskFile
              : options.chosenFolder,
          ),
        ),
      showSaveDialog: () =>
        Promise.resolve({ canceled: !options.exportMaskTo, filePath: options.exportMaskTo ?? '' }),
    },
    shell: {
      openExternal: (url) => {
        options.onOpenExternal?.(url);
        return Promise.resolve();
      },
      openPath: (file) => {
        options.onReveal?.(`open ${file}`);
        return Promise.resolve('');
      },
      showItemInFolder: (file) => options.onReveal?.(file),
    },
    checkForUpdates: ({ demoMode, setting }) => {
      const policy = updatesAllowed({ isPackaged: false, demoMode, setting });
      return Promise.resolve({
        status: 'disabled',
        message: policy.allowed ? '' : words(policy.reason),
      });
    },
    currentWindow: () => undefined,
    words,
    opened,
    agentQuestions,
  });
  await connectPreload(page, server, { ...core.handlers, ...handlers }, options);
  let closed = false;
  const onClosed: Array<() => void> = [];
  const pageWindow: EventWindow = {
    isDestroyed: () => closed || page.isClosed(),
    webContents: {
      send: (channel, payload) => {
        options.onMessage?.({ channel, payload });
        void page
          .evaluate(
            ([name, value]) => {
              (
                window as unknown as { __clearframeEmit?: (c: unknown, p: unknown) => void }
              ).__clearframeEmit?.(name, value);
            },
            [channel, payload] as const,
          )
          // A page that navigates or closes mid-send misses the event, as a closed window would.
          .catch(() => undefined);
      },
    },
    // The page has no dock icon to show a batch on, and no system tray to notify.
    setProgressBar: () => undefined,
    on: (_event, listener) => onClosed.push(listener),
  };
  connectWindow(
    pageWindow,
    core,
    () => undefined,
    shellWords(() => core.settings.language, []),
  );
  const stopOpened = followOpenedFiles(opened, pageWindow);
  shown.window = pageWindow;
  return () => {
    stopOpened();
    closed = true;
    for (const listener of onClosed) listener();
  };
}

/**
 * An AppCore on a fresh data folder in `dir`, pointed at the simulator as if it were the
 * real service, its keys in the test keychain under a service name of its own.
 */
export async function startTestCore(options: {
  dir: string;
  sim: Simulator;
  server: RendererServer;
  settings?: Record<string, unknown>;
}): Promise<AppCore> {
  const dataDir = path.join(options.dir, 'data');
  await mkdir(dataDir, { recursive: true });
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({
      version: 1,
      watermarkBaseUrl: options.sim.watermarkBaseUrl,
      videoBaseUrl: options.sim.videoBaseUrl,
      outputFolder: path.join(options.dir, 'out'),
      ...options.settings,
    }),
  );
  return startBareCore({
    dataDir,
    name: `e2e-${path.basename(options.dir)}`,
    version: '0.0.0-e2e',
    previewBase: `${options.server.url}${PREVIEW_PATH}`,
    env: { ...TEST_ENV },
  });
}

/**
 * How long a demo round may take to be over: rounds are polled every 5 to 10 s, and the demo
 * simulator's clips take a while more; a generous bound, so a busy machine is not taken for
 * a stuck round. A test that waits for several rounds in turn sets its own timeout to match.
 */
export const ROUND_WAIT = { timeout: 90_000 };

/** Waits until the core holds `count` video rounds and every one of them is done. */
export async function allRoundsDone(core: AppCore, count: number): Promise<void> {
  await expect
    .poll(async () => {
      const { projects } = await core.handlers['video:projects'](undefined);
      return projects.flatMap((held) =>
        held.shots.flatMap((shot) => shot.rounds.map((round) => round.state)),
      );
    }, ROUND_WAIT)
    .toEqual(Array.from({ length: count }, () => 'done'));
}

/** The parts every end-to-end test of the app stands on, set up and torn down per file and test. */
export interface AppWorld {
  readonly server: RendererServer;
  readonly sim: Simulator;
  /** A fresh temporary folder per test. */
  readonly dir: string;
  /** Starts the core for this test; it is stopped after the test. */
  startCore(settings?: Record<string, unknown>): Promise<AppCore>;
}

export function useAppWorld(simulator: SimulatorOptions): AppWorld {
  let server: RendererServer | undefined;
  let sim: Simulator | undefined;
  let dir: string | undefined;
  let core: AppCore | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready`);
    return value;
  };
  test.beforeAll(async () => {
    server = await serveRenderer(
      () => (pathname) => core?.previewFile(pathname) ?? Promise.resolve(undefined),
    );
    sim = await startSimulator(simulator);
  });
  test.afterAll(async () => {
    await sim?.stop();
    await server?.close();
  });
  test.beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-e2e-'));
  });
  test.afterEach(async () => {
    await core?.stop();
    core = undefined;
    // A free preview the finder started may still be landing in the data folder as the core
    // stops: rm retries a folder that filled again while it was being emptied.
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  return {
    get server() {
      return need(server, 'the renderer server');
    },
    get sim() {
      return need(sim, 'the simulator');
    },
    get dir() {
      return need(dir, 'the test folder');
    },
    startCore: async (settings = {}) => {
      core = await startTestCore({
        dir: need(dir, 'the test folder'),
        sim: need(sim, 'the simulator'),
        server: need(server, 'the renderer server'),
        settings,
      });
      return core;
    },
  };
}
