import decode from 'heic-decode';
import { parentPort, workerData } from 'node:worker_threads';

/** The HEIC decoder's thread: one file's bytes in, its RGBA pixels (or an error message) out. */
const { bytes } = workerData as { bytes: Uint8Array };
decode({ buffer: bytes }).then(
  ({ width, height, data }) => {
    parentPort?.postMessage({ ok: true, width, height, data }, [data.buffer as ArrayBuffer]);
  },
  (error: unknown) => {
    parentPort?.postMessage({ ok: false, message: (error as Error).message ?? String(error) });
  },
);
