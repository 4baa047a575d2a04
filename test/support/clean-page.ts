import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { rolldown } from 'rolldown';
import { joinSegments } from '../../src-main/core/jobs/clip/clip-join.ts';
import { chromiumLaunchOptions } from './chromium.ts';

/**
 * The worker's answer (its segments are joined into the output file): the cleaned clip's
 * facts, or `{ refused }`. Read, not typed, here: the test project does not compile
 * the renderer's code, the worker's bundle does.
 */
export type PageResult = Record<string, unknown>;

export interface PageRun {
  result: PageResult;
  /** From posting the clip to the worker to the joined file, the join included. */
  seconds: number;
  /** Of which the join of the segments (in Node, as the app's core does it). */
  joinSeconds: number;
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

/** A segment's file in a run's folder. */
const segmentFile = (dir: string, index: number) =>
  path.join(dir, `${String(index).padStart(6, '0')}.seg`);

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
 * fetches a clip from a loopback server, hands it to the worker, and sends each finished
 * segment back to be written to a file, so no clip travels through the test driver's
 * protocol; the segments are then joined with the sound by core's joiner, as the app does.
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
      } else if (url.startsWith('/segment/') && request.method === 'POST') {
        // `/segment/<run>-<index>`: segment `index` of a run, into the run's folder.
        const [, run, index] = /^\/segment\/(.+)-(\d+)$/.exec(url) ?? [];
        const folder = files.get(`${run}-segments`);
        if (!folder) return void response.writeHead(404).end();
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          void writeFile(segmentFile(folder, Number(index)), Buffer.concat(chunks)).then(() =>
            response.writeHead(204).end(),
          );
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

  /**
   * Cleans `input` in the worker from segment `from` on and writes the joined result to
   * `output`; `keep` names a folder to keep the segments in (they are removed otherwise).
   */
  async clean(
    input: string,
    output: string,
    { lift = true, from = { segment: 0, frames: 0 }, keep = '' } = {},
  ): Promise<PageRun> {
    const id = randomUUID();
    const dir = keep || (await mkdtemp(path.join(os.tmpdir(), 'clean-page-')));
    this.files.set(id, input);
    this.files.set(`${id}-segments`, dir);
    let peakMegabytes = 0;
    const sampler = setInterval(() => {
      peakMegabytes = Math.max(peakMegabytes, treeMegabytes(this.tag));
    }, 250);
    try {
      const answer = await this.page.evaluate(
        async ({ id, lift, from }) => {
          const bytes = await (await fetch(`/clip/${id}`)).arrayBuffer();
          const worker = new Worker('/clean-worker.js', { type: 'module' });
          const started = performance.now();
          const sent: Promise<unknown>[] = [];
          const indexes: number[] = [];
          const reply = await new Promise<{ kind: string; result?: unknown; message?: string }>(
            (resolve) => {
              worker.onmessage = (
                event: MessageEvent<{
                  kind: string;
                  segment?: { index: number; bytes: Uint8Array };
                }>,
              ) => {
                const { segment } = event.data;
                if (segment) {
                  indexes.push(segment.index);
                  sent.push(
                    fetch(`/segment/${id}-${segment.index}`, {
                      method: 'POST',
                      body: segment.bytes as BufferSource,
                    }),
                  );
                } else if (event.data.kind !== 'progress') resolve(event.data);
              };
              worker.onerror = (event) => resolve({ kind: 'failed', message: event.message });
              worker.postMessage({ bytes, lift, from }, [bytes]);
            },
          );
          await Promise.all(sent);
          const seconds = (performance.now() - started) / 1000;
          worker.terminate();
          if (reply.kind === 'failed') throw new Error(reply.message);
          return { result: reply.result as Record<string, unknown>, indexes, seconds };
        },
        { id, lift, from },
      );
      const { result, indexes, seconds } = answer;
      const joinStarted = performance.now();
      if (!('refused' in result)) {
        const kept = keep
          ? readdirSync(dir)
              .filter((name) => name.endsWith('.seg'))
              .sort()
              .map((name) => path.join(dir, name))
          : indexes.map((index) => segmentFile(dir, index));
        await joinSegments(kept, input, result['container'] as 'mp4' | 'webm', output);
      }
      const joinSeconds = (performance.now() - joinStarted) / 1000;
      peakMegabytes = Math.max(peakMegabytes, treeMegabytes(this.tag));
      return { result, seconds: seconds + joinSeconds, joinSeconds, peakMegabytes };
    } finally {
      clearInterval(sampler);
      for (const key of [...this.files.keys()]) if (key.startsWith(id)) this.files.delete(key);
      if (!keep) await rm(dir, { recursive: true, force: true });
    }
  }

  async stop(): Promise<void> {
    await this.browser.close();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
