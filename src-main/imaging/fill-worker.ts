import { parentPort } from 'node:worker_threads';
import type { FillAnswer, FillRequest } from './fill-thread.ts';
import { patchFill } from './patch-fill.ts';

/**
 * The exemplar fill's kept thread (see fill-thread.ts): boxes of pixels with their holes
 * come in one after another, each goes back filled (or left as it was when no patch around
 * could fill it, or why it failed).
 */
parentPort?.on('message', (request: FillRequest & { id: number }) => {
  const { id, data, width, height, holes, avoid } = request;
  let answer: FillAnswer;
  try {
    const pixels = {
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      width,
      height,
    };
    const filled = patchFill(pixels, holes, avoid);
    answer = { id, ok: true, filled, data };
  } catch (error) {
    answer = { id, ok: false, message: (error as Error).message };
  }
  parentPort?.postMessage(answer, answer.ok ? [data.buffer as ArrayBuffer] : []);
});
