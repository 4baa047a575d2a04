import decode from 'heic-decode';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerAnswer } from '../../worker-thread.ts';

/** The HEIC decoder's thread: one file's bytes in, its RGBA pixels (or an error message) out. */
const { bytes } = workerData as { bytes: Uint8Array };
decode({ buffer: bytes }).then(
  ({ width, height, data }) => {
    const answer: WorkerAnswer<{ width: number; height: number; data: Uint8ClampedArray }> = {
      ok: true,
      value: { width, height, data },
    };
    parentPort?.postMessage(answer, [data.buffer as ArrayBuffer]);
  },
  (error: unknown) => {
    const answer: WorkerAnswer<never> = {
      ok: false,
      message: (error as Error).message ?? String(error),
    };
    parentPort?.postMessage(answer);
  },
);
