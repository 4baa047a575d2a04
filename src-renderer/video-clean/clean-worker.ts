import { decodeMask } from '../../src-shared/video-clean/mask-runs.ts';
import { cleanClip, type CleanOptions } from './clean-clip.ts';

/**
 * The clean-up off the window's thread: the window posts a clip's bytes, the worker answers
 * with progress while it works and then the cleaned clip (its buffer moved, not copied), a
 * refusal, or the error's text.
 */
/** `mask`: the accepted mask's text (mask-runs.ts), when the person accepted one. */
export type CleanRequest = { bytes: ArrayBuffer; lift?: CleanOptions['lift']; mask?: string };
export type CleanReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; result: Awaited<ReturnType<typeof cleanClip>> }
  | { kind: 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CleanRequest>) => void) | null;
  postMessage(message: CleanReply, transfer?: Transferable[]): void;
};

/** Progress at most this often (frames), so the window is not flooded. */
const EVERY = 10;

scope.onmessage = (event) => {
  const { bytes, lift, mask } = event.data;
  cleanClip(new Uint8Array(bytes), {
    lift,
    mask: mask === undefined ? undefined : decodeMask(mask),
    onProgress: (done, total) => {
      if (done % EVERY === 0 || done === total)
        scope.postMessage({ kind: 'progress', done, total });
    },
  }).then(
    (result) =>
      scope.postMessage(
        { kind: 'done', result },
        'bytes' in result ? [result.bytes.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) =>
      scope.postMessage({
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
