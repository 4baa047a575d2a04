import type {
  ClipContainer,
  ClipRefusal,
  ClipResume,
} from '../../../../src-shared/domain/clip-jobs.ts';

/** Where a clip's finished segments go, as they come (see `clip-segments.ts`). */
export interface SegmentSink {
  /** A piece of segment `index` at its byte offset; pieces come in order. */
  write(index: number, offset: number, bytes: Uint8Array): Promise<void>;
  /** Segment `index` is whole, with its frames: kept for good from here on. */
  finish(index: number, frames: number): Promise<void>;
}

/**
 * One clip to clean: its file, where to start (after the segments kept so far, read when the
 * window is asked, so a window shown again mid-clip carries on too; the start for a new
 * clip) and where each finished segment is to be written.
 */
export interface ClipWork {
  jobId: string;
  input: string;
  from: ClipResume;
  segments: SegmentSink;
  /** The mask accepted before Run (mask-runs.ts); without it the mark is found from the clip. */
  mask?: string;
}

/** How far a clip has come, in frames, those of segments kept before a restart included. */
export interface ClipProgress {
  done: number;
  total: number;
}

/** Every segment from `from` on written, or why the clean-up would not clean the clip. */
export type ClipOutcome = { container: ClipContainer; frames: number } | { refused: ClipRefusal };

/**
 * Where a clip's frames are cleaned. Decoding and encoding need WebCodecs, which only the
 * window has, so the shell provides this (the window's worker does the frames; see
 * `app/clip-desk.ts`) and core stays free of browser APIs. `clean` rejects once `signal`
 * aborts; the segments finished by then stay kept.
 */
export interface ClipPort {
  clean(
    work: ClipWork,
    signal: AbortSignal,
    progress: (progress: ClipProgress) => void,
  ): Promise<ClipOutcome>;
}
