import { Worker } from 'node:worker_threads';

/**
 * The exemplar fill's thread, kept: started with the first fill and reused by the next
 * ones (a thread costs a few hundred milliseconds to start, about what a fill of a logo
 * costs), unreferenced while it has nothing to do so it never keeps the process alive, and
 * ended after `IDLE_MS` without work so its memory goes back.
 */

/** How long the thread waits for another fill before it ends. */
const IDLE_MS = 30_000;

/** One box to fill: its pixels (RGB), holes, and the pixels it may not copy from. */
export interface FillRequest {
  data: Uint8Array;
  width: number;
  height: number;
  holes: Uint8Array;
  avoid: Uint8Array;
}

/** What the thread posts back for request `id` (see fill-worker.ts). */
export type FillAnswer = { id: number } & (
  { ok: true; filled: boolean; data: Uint8Array } | { ok: false; message: string }
);

interface Waiting {
  resolve: (data: Uint8Array | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * The thread's script: the module beside this one when it runs from source (the command
 * line, the tests), or the file electron-vite emits beside the main bundle (see the main
 * build's inputs in electron.vite.config.ts).
 */
function script(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './fill-worker.ts' : './fill-worker.js', here);
}

let worker: Worker | undefined;
let nextId = 0;
let idle: NodeJS.Timeout | undefined;
const waiting = new Map<number, Waiting>();

/** Every fill still waiting fails with `error`, and the next fill starts a new thread. */
function lost(error: Error): void {
  worker = undefined;
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(script());
  thread.on('message', (answer: FillAnswer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if (answer.ok) entry.resolve(answer.filled ? answer.data : undefined);
    else entry.reject(new Error(`filling the mark's opaque part: ${answer.message}`));
    settle();
  });
  thread.on('error', (error) => {
    if (worker === thread) lost(error);
  });
  thread.on('exit', (code) => {
    if (worker === thread) {
      lost(new Error(`filling the mark's opaque part: the thread stopped (exit code ${code})`));
    }
  });
  worker = thread;
  return thread;
}

/** With nothing left to do, the thread no longer holds the process, and ends in a while. */
function settle(): void {
  if (waiting.size > 0 || !worker) return;
  worker.unref();
  const thread = worker;
  idle = setTimeout(() => {
    if (worker !== thread || waiting.size > 0) return;
    worker = undefined;
    void thread.terminate();
  }, IDLE_MS);
  idle.unref();
}

/**
 * Fills one box on the kept thread: its filled pixels, or undefined when no patch around
 * could fill it. The request's buffers are handed over to the thread (transferred).
 */
export function fillOnThread(request: FillRequest): Promise<Uint8Array | undefined> {
  const thread = started();
  clearTimeout(idle);
  thread.ref();
  nextId += 1;
  const id = nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.postMessage({ id, ...request }, [
      request.data.buffer,
      request.holes.buffer,
      request.avoid.buffer,
    ] as ArrayBuffer[]);
  });
}

/** The kept thread's id, while there is one: which thread the fills ran on. */
export function fillThreadId(): number | undefined {
  return worker?.threadId;
}
