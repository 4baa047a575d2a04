import { parentPort, workerData } from 'node:worker_threads';
import { patchFill } from './patch-fill.ts';

/**
 * The exemplar fill's thread (see fill-holes.ts): one box of pixels and its holes in, the
 * box filled out (or left as it was when no patch around could fill it, or why it failed).
 */
const { data, width, height, holes } = workerData as {
  data: Uint8Array;
  width: number;
  height: number;
  holes: Uint8Array;
};

try {
  const pixels = {
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    width,
    height,
  };
  const filled = patchFill(pixels, holes);
  parentPort?.postMessage({ ok: true, filled, data }, [data.buffer as ArrayBuffer]);
} catch (error) {
  parentPort?.postMessage({ ok: false, message: (error as Error).message });
}
