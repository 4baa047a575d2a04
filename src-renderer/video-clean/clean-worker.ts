import { decodeMask } from '../../src-shared/video-clean/mask-runs.ts';
import { cleanClip, type CleanOptions, type CleanedSegment } from './clean-clip.ts';

/**
 * The clean-up off the window's thread: the window posts a clip's bytes (and the segment to
 * carry on from), the worker answers with progress while it works, each finished segment (its
 * buffer moved, not copied) as soon as it is done, and then how it ended: the clip's facts, a
 * refusal, or the error's text.
 */
/** `from`: the segment to carry on from; `mask`: the accepted mask's text (mask-runs.ts). */
export type CleanRequest = {
  bytes: ArrayBuffer;
  lift?: CleanOptions['lift'];
  from?: CleanOptions['from'];
  mask?: string;
};
export type CleanReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'segment'; segment: CleanedSegment }
  | { kind: 'done'; result: Awaited<ReturnType<typeof cleanClip>> }
  | { kind: 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CleanRequest>) => void) | null;
  postMessage(message: CleanReply, transfer?: Transferable[]): void;
};

/** Progress at most this often (frames), so the window is not flooded. */
const EVERY = 10;

scope.onmessage = (event) => {
  const { bytes, lift, from, mask } = event.data;
  cleanClip(new Uint8Array(bytes), {
    lift,
    from,
    mask: mask === undefined ? undefined : decodeMask(mask),
    onProgress: (done, total) => {
      if (done % EVERY === 0 || done === total)
        scope.postMessage({ kind: 'progress', done, total });
    },
    onSegment: (segment) =>
      scope.postMessage({ kind: 'segment', segment }, [segment.bytes.buffer as ArrayBuffer]),
  }).then(
    (result) => scope.postMessage({ kind: 'done', result }),
    (error: unknown) =>
      scope.postMessage({
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
