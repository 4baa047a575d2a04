import { Worker } from 'node:worker_threads';

/** What a one-shot worker posts: its result, or what went wrong in a sentence. */
export type WorkerAnswer<T> = ({ ok: true } & T) | { ok: false; message: string };

/**
 * Runs a worker script that posts one answer and ends it once the answer is in. A worker
 * that dies before answering rejects with `who` and its exit code.
 */
export function workerAnswer<T>(
  script: URL,
  workerData: unknown,
  who: string,
): Promise<WorkerAnswer<T>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData });
    let settled = false;
    worker.once('message', (answer: WorkerAnswer<T>) => {
      settled = true;
      void worker.terminate();
      resolve(answer);
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`${who} stopped (exit code ${code})`));
    });
  });
}
