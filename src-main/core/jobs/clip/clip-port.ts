import type { ClipContainer, ClipRefusal } from '../../../../src-shared/domain/clip-jobs.ts';

/** One clip to clean: its file, and the hidden file the cleaned clip is to be written to. */
export interface ClipWork {
  jobId: string;
  input: string;
  /** Beside the result's name, owned by the job (see temp-files.ts); the port writes it whole. */
  temp: string;
  /** The mask accepted before Run (mask-runs.ts); without it the mark is found from the clip. */
  mask?: string;
}

/** How far a clip has come, in frames. */
export interface ClipProgress {
  done: number;
  total: number;
}

/** The cleaned clip, complete at `temp`, or why the clean-up would not clean it. */
export type ClipOutcome = { container: ClipContainer; frames: number } | { refused: ClipRefusal };

/**
 * Where a clip's frames are cleaned. Decoding and encoding need WebCodecs, which only the
 * window has, so the shell provides this (the window's worker does the frames; see
 * `app/clip-relay.ts`) and core stays free of browser APIs. `clean` rejects once `signal`
 * aborts; what it wrote at `temp` by then is the caller's to remove.
 */
export interface ClipPort {
  clean(
    work: ClipWork,
    signal: AbortSignal,
    progress: (progress: ClipProgress) => void,
  ): Promise<ClipOutcome>;
}
