import { Worker } from 'node:worker_threads';
import { UserFacingError } from './user-error.ts';

/**
 * A worker's script: `sourceName` beside the calling module when it runs from source (the
 * command line, the tests), or `builtName`, the file electron-vite emits beside the main
 * bundle (see the main build's inputs in electron.vite.config.ts).
 */
export function workerScript(callerUrl: string, sourceName: string, builtName: string): URL {
  return new URL(callerUrl.endsWith('.ts') ? sourceName : builtName, callerUrl);
}

/** What a one-shot worker posts back: its answer, or why it has none. */
export type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

/** What a worker may post before its answer: how far it is, say. */
export interface WorkerNote {
  note: unknown;
}

/**
 * Runs a script that posts one `WorkerAnswer` and ends it there; `WorkerNote`s posted before
 * it go to `onNote`. A script that reports a failure rejects with the sentence
 * `<what>: <its message>`; one that stops without answering, with its exit code.
 */
export function runWorker<T>(
  script: URL,
  workerData: unknown,
  what: string,
  onNote?: (note: unknown) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData });
    let settled = false;
    worker.on('message', (answer: WorkerAnswer<T> | WorkerNote) => {
      if ('note' in answer) {
        onNote?.(answer.note);
        return;
      }
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (answer.ok) resolve(answer.value);
      else reject(new UserFacingError(`${what}: ${answer.message}`));
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`${what}: the thread stopped (exit code ${code})`));
    });
  });
}
