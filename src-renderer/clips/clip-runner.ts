import type { ClipResume } from '../../src-shared/domain/clip-jobs.ts';
import { bridge } from '../bridge.ts';
import { useClips } from './clips-store.ts';

/** A piece of a cleaned segment sent back at a time: base64 of 6 MB stays under the limit. */
const PIECE = 6 * 1024 * 1024;

type Reply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'segment'; segment: { index: number; bytes: Uint8Array; frames: number } }
  | {
      kind: 'done';
      result: { container?: 'mp4' | 'webm'; frames?: number; refused?: string };
    }
  | { kind: 'failed'; message: string };

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(text);
}

/**
 * The window's half of the clips desk: the engine asks for a clip from a segment on
 * (`clips:work`), and the clean-up worker (WebCodecs, src-renderer/video-clean) cleans it off
 * this thread; progress goes back as frames, each finished segment in pieces and then as
 * whole (`clips:segment`), one after the other, then how it ended. `clips:stop` ends the
 * worker at once. Started once per window; says the window is ready when it is.
 */
export function startClipRunner(): () => void {
  const workers = new Map<string, Worker>();
  const api = bridge();
  const finish = (
    jobId: string,
    outcome: Parameters<typeof api.invoke<'clips:finished'>>[1]['outcome'],
  ) => {
    workers.get(jobId)?.terminate();
    workers.delete(jobId);
    void api.invoke('clips:finished', { jobId, outcome });
  };
  /** Sends one finished segment: its pieces, then that it is whole; false once it cannot. */
  const send = async (jobId: string, segment: Extract<Reply, { kind: 'segment' }>['segment']) => {
    const { index, bytes, frames } = segment;
    for (let offset = 0; offset < bytes.length; offset += PIECE) {
      if (!workers.has(jobId)) return false;
      const chunk = base64(bytes.subarray(offset, offset + PIECE));
      const written = await api.invoke('clips:write', { jobId, segment: index, offset, chunk });
      if (!written.ok) return (finish(jobId, { failed: written.error.message }), false);
    }
    if (!workers.has(jobId)) return false;
    const kept = await api.invoke('clips:segment', { jobId, segment: index, frames });
    if (!kept.ok) return (finish(jobId, { failed: kept.error.message }), false);
    return true;
  };
  const work = async (
    jobId: string,
    source: string,
    from: ClipResume,
    mask: string | undefined,
  ) => {
    const bytes = await (await fetch(source)).arrayBuffer();
    const worker = new Worker(new URL('../video-clean/clean-worker.ts', import.meta.url), {
      type: 'module',
    });
    workers.set(jobId, worker);
    const started = performance.now();
    // Segments are sent one after the other, in order, while the worker goes on encoding.
    let sending = Promise.resolve(true);
    worker.onerror = (event) => finish(jobId, { failed: event.message || 'worker' });
    worker.onmessage = async (event: MessageEvent<Reply>) => {
      const reply = event.data;
      if (reply.kind === 'segment') {
        const { segment } = reply;
        sending = sending.then((ok) => ok && send(jobId, segment));
        return;
      }
      if (reply.kind === 'progress') {
        const seconds = Math.max(0.001, (performance.now() - started) / 1000);
        const fps = (reply.done - from.frames) / seconds;
        useClips.setState((state) => ({
          speed: {
            ...state.speed,
            [jobId]: { fps, secondsLeft: (reply.total - reply.done) / fps },
          },
        }));
        void api.invoke('clips:progress', { jobId, done: reply.done, total: reply.total });
        return;
      }
      if (reply.kind === 'failed') return finish(jobId, { failed: reply.message });
      const { result } = reply;
      if (result.refused) return finish(jobId, { refused: result.refused as never });
      if (!(await sending)) return;
      finish(jobId, { container: result.container ?? 'mp4', frames: result.frames ?? 0 });
    };
    worker.postMessage({ bytes, from, mask }, [bytes]);
  };
  const stops = [
    api.on('clips:work', ({ jobId, source, from, mask }) => {
      work(jobId, source, from, mask).catch((error: unknown) =>
        finish(jobId, { failed: error instanceof Error ? error.message : String(error) }),
      );
    }),
    api.on('clips:stop', ({ jobId }) => {
      workers.get(jobId)?.terminate();
      workers.delete(jobId);
    }),
    api.on('clips:changed', ({ clips }) => useClips.setState({ clips })),
  ];
  void useClips.getState().load();
  void api.invoke('clips:ready');
  return () => {
    for (const stop of stops) stop();
    for (const worker of workers.values()) worker.terminate();
  };
}
