import { create } from 'zustand';
import { isClipPath } from '../../src-shared/domain/clip-jobs.ts';
import type { ClipView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';

/** How fast the window cleans a clip, measured here from its progress. */
export interface ClipSpeed {
  fps: number;
  secondsLeft: number;
}

interface ClipsState {
  /** Clips dropped or chosen and not yet run. */
  staged: string[];
  clips: ClipView[];
  speed: Record<string, ClipSpeed>;
  paused: boolean;
  error: string | null;
  stage: (paths: readonly string[]) => void;
  run: () => Promise<void>;
  cancel: (id: string) => Promise<void>;
  pause: (paused: boolean) => Promise<void>;
  load: () => Promise<void>;
}

/** The Videos area of the Images screen (issue #38): clips staged, and clips cleaned. */
export const useClips = create<ClipsState>((set, get) => ({
  staged: [],
  clips: [],
  speed: {},
  paused: false,
  error: null,
  stage: (paths) => set({ staged: [...new Set([...get().staged, ...paths])] }),
  run: async () => {
    const paths = get().staged;
    if (paths.length === 0) return;
    const added = await bridge().invoke('clips:add', { paths });
    if (!added.ok) set({ error: added.error.message });
    else set({ staged: [], error: null });
  },
  cancel: async (id) => {
    const answer = await bridge().invoke('clips:cancel', { ids: [id] });
    if (!answer.ok) set({ error: answer.error.message });
  },
  pause: async (paused) => {
    const answer = await bridge().invoke('clips:pause', { paused });
    if (!answer.ok) set({ error: answer.error.message });
    else set({ paused: answer.value.paused });
  },
  load: async () => {
    const answer = await bridge().invoke('clips:list');
    if (answer.ok) set({ clips: answer.value.clips });
  },
}));

/** Splits dropped paths into clips (to the Videos area) and the rest (images, folders). */
export function takeClips(paths: readonly string[]): string[] {
  const clips = paths.filter(isClipPath);
  if (clips.length > 0) useClips.getState().stage(clips);
  return paths.filter((file) => !isClipPath(file));
}
