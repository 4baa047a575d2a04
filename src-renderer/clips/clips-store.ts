import { create } from 'zustand';
import { isClipPath } from '../../src-shared/domain/clip-jobs.ts';
import type { ClipView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { leftOut, useProposals } from './proposals-store.ts';

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
  /** Takes a staged clip off the list: it is not run, and its proposal is forgotten. */
  unstage: (path: string) => void;
  run: () => Promise<void>;
  cancel: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
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
  unstage: (path) => {
    useProposals.getState().forget([path]);
    set({ staged: get().staged.filter((file) => file !== path) });
  },
  run: async () => {
    // Clips unticked or refused before Run stay staged, with their sentence, and are not run.
    const { proposals, forget } = useProposals.getState();
    const paths = get().staged.filter((file) => !leftOut(proposals[file]));
    if (paths.length === 0) return;
    const masks: Record<string, string> = {};
    for (const file of paths) {
      const text = proposals[file]?.view?.text;
      if (text) masks[file] = text;
    }
    const added = await bridge().invoke('clips:add', { paths, masks });
    if (!added.ok) return set({ error: added.error.message });
    forget(paths);
    set({ staged: get().staged.filter((file) => !paths.includes(file)), error: null });
  },
  cancel: async (id) => {
    const answer = await bridge().invoke('clips:cancel', { ids: [id] });
    if (!answer.ok) set({ error: answer.error.message });
  },
  retry: async (id) => {
    const answer = await bridge().invoke('clips:retry', { ids: [id] });
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

/** A clip's file name without its folder, as the Videos area names it. */
export const clipName = (file: string) => file.split(/[\\/]/).pop() ?? file;

/** Splits dropped paths into clips (to the Videos area) and the rest (images, folders). */
export function takeClips(paths: readonly string[]): string[] {
  const clips = paths.filter(isClipPath);
  if (clips.length > 0) useClips.getState().stage(clips);
  return paths.filter((file) => !isClipPath(file));
}
