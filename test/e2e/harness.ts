import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { EventPayload } from '../../src-shared/ipc/contract.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { JobEventBatcher } from '../../src-main/core/app/event-batcher.ts';
import { createDispatch, type InvokeHandlers } from '../../src-main/electron/ipc-registry.ts';
import { CONTENT_SECURITY_POLICY, isAllowedExternalUrl } from '../../src-main/electron/security.ts';

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
  previews?: () => ((pathname: string) => string | undefined) | undefined,
): Promise<RendererServer> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const lookup = previews?.();
    if (pathname.startsWith(PREVIEW_PATH) && lookup) {
      const preview = lookup(pathname.slice(PREVIEW_PATH.length));
      if (!preview) {
        response.writeHead(404).end();
        return;
      }
      readFile(preview).then(
        (body) =>
          response.writeHead(200, { 'Content-Security-Policy': CONTENT_SECURITY_POLICY }).end(body),
        () => response.writeHead(404).end(),
      );
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
  const dispatch = createDispatch(handlers, server.url);
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
        getPathForFile: (file) => (file && file.name ? ${JSON.stringify(options.droppedDir ?? '/dropped')} + '/' + file.name : ''),
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

/** Screenshots go to one folder so a reviewer can look at every step of every flow at once. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Connects a page to a running AppCore the way the Electron shell does: the same handlers,
 * job events batched by the same batcher, every other event sent as it comes. Every message
 * in both directions is passed to `onMessage`, for tests that inspect them.
 */
export async function connectApp(
  page: Page,
  server: RendererServer,
  core: AppCore,
  options: { droppedDir?: string; onMessage?: (message: unknown) => void } = {},
): Promise<() => void> {
  const opened: string[] = [];
  await connectPreload(
    page,
    server,
    {
      ...core.handlers,
      'shell:openExternal': ({ url }) => {
        const allowed = isAllowedExternalUrl(url);
        if (allowed) opened.push(url);
        return { opened: allowed };
      },
    },
    options,
  );
  const send = (channel: string, payload: unknown) => {
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
      .catch(() => undefined);
  };
  const batcher = new JobEventBatcher((jobs) => send('jobs:changed', { jobs }));
  const unsubscribe = core.subscribe((channel, payload) => {
    if (channel === 'jobs:changed') {
      for (const job of (payload as EventPayload<'jobs:changed'>).jobs) batcher.push(job);
    } else send(channel, payload);
  });
  return () => {
    unsubscribe();
    batcher.dispose();
  };
}
