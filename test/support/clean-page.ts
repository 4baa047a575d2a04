import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { rolldown } from 'rolldown';
import { chromiumLaunchOptions } from './chromium.ts';

/**
 * The worker's answer without the clip's bytes (written to the output file): the cleaned
 * clip's facts, or `{ refused }`. Read, not typed, here: the test project does not compile
 * the renderer's code, the worker's bundle does.
 */
export type PageResult = Record<string, unknown>;

export interface PageRun {
  result: PageResult;
  /** From posting the clip to the worker to its answer. */
  seconds: number;
  /** The Chromium processes' resident memory at its highest while the worker ran. */
  peakMegabytes: number;
}

const WORKER = fileURLToPath(
  new URL('../../src-renderer/video-clean/clean-worker.ts', import.meta.url),
);

/** The renderer's clean-up worker as one script, as the app's bundler would make it. */
async function bundleWorker(): Promise<string> {
  const bundle = await rolldown({ input: WORKER, logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

/** Resident memory (MB) of the process whose command line holds `tag` and of its descendants. */
function treeMegabytes(tag: string): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  let root: number | undefined;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      parents.set(Number(name), Number(/PPid:\s+(\d+)/.exec(status)?.[1]));
      rss.set(Number(name), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      if (root === undefined && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(tag))
        root = Number(name);
    } catch {
      // The process ended while being read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  let kilobytes = 0;
  for (const [pid, size] of rss) if (root !== undefined && inTree(pid)) kilobytes += size;
  return kilobytes / 1024;
}

/**
 * Real Chromium running the renderer's clean-up worker (issue #38) on clip files: the page
 * fetches a clip from a loopback server, hands it to the worker, and sends the result back
 * to be written to a file, so no clip travels through the test driver's protocol.
 */
export class CleanPage {
  private readonly browser: Browser;
  private readonly page: Page;
  private readonly server: http.Server;
  private readonly tag: string;
  /** The files the server hands out or writes, by the name in the request. */
  private readonly files: Map<string, string>;

  private constructor(
    browser: Browser,
    page: Page,
    server: http.Server,
    tag: string,
    files: Map<string, string>,
  ) {
    this.browser = browser;
    this.page = page;
    this.server = server;
    this.tag = tag;
    this.files = files;
  }

  static async start(): Promise<CleanPage> {
    const script = await bundleWorker();
    const files = new Map<string, string>();
    const server = http.createServer((request, response) => {
      const url = request.url ?? '/';
      const file = files.get(url.slice(url.indexOf('/', 1) + 1));
      if (url === '/clean-worker.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      } else if (url.startsWith('/clip/') && file) {
        void readFile(file).then((bytes) => response.writeHead(200).end(bytes));
      } else if (url.startsWith('/result/') && file && request.method === 'POST') {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          void writeFile(file, Buffer.concat(chunks)).then(() => response.writeHead(204).end());
        });
      } else response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tag = `--clearframe-clean-page=${randomUUID()}`;
    const options = chromiumLaunchOptions();
    const browser = await chromium.launch({ ...options, args: [...options.args, tag] });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return new CleanPage(browser, page, server, tag, files);
  }

  /** Cleans `input` in the worker and writes the result to `output`. */
  async clean(input: string, output: string, { lift = true } = {}): Promise<PageRun> {
    const id = randomUUID();
    this.files.set(id, input);
    this.files.set(`${id}-out`, output);
    let peakMegabytes = 0;
    const sampler = setInterval(() => {
      peakMegabytes = Math.max(peakMegabytes, treeMegabytes(this.tag));
    }, 250);
    try {
      const answer = await this.page.evaluate(
        async ({ id, lift }) => {
          const bytes = await (await fetch(`/clip/${id}`)).arrayBuffer();
          const worker = new Worker('/clean-worker.js', { type: 'module' });
          const started = performance.now();
          const reply = await new Promise<{ kind: string; result?: unknown; message?: string }>(
            (resolve) => {
              worker.onmessage = (event: MessageEvent<{ kind: string }>) => {
                if (event.data.kind !== 'progress') resolve(event.data);
              };
              worker.onerror = (event) => resolve({ kind: 'failed', message: event.message });
              worker.postMessage({ bytes, lift }, [bytes]);
            },
          );
          const seconds = (performance.now() - started) / 1000;
          worker.terminate();
          if (reply.kind === 'failed') throw new Error(reply.message);
          const result = reply.result as { bytes?: Uint8Array };
          if (result.bytes) {
            await fetch(`/result/${id}-out`, {
              method: 'POST',
              body: result.bytes as BufferSource,
            });
            delete result.bytes;
          }
          return { result, seconds };
        },
        { id, lift },
      );
      peakMegabytes = Math.max(peakMegabytes, treeMegabytes(this.tag));
      return { ...(answer as Omit<PageRun, 'peakMegabytes'>), peakMegabytes };
    } finally {
      clearInterval(sampler);
      this.files.delete(id);
      this.files.delete(`${id}-out`);
    }
  }

  async stop(): Promise<void> {
    await this.browser.close();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
