import { create } from 'zustand';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import type { VideoProjectView, VideoRoundView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';

interface VideoState {
  projects: VideoProjectView[];
  projectId: string | null;
  error: string | null;
  load: () => Promise<void>;
  apply: (rounds: readonly VideoRoundView[]) => void;
  select: (projectId: string) => void;
  createProject: (name: string) => Promise<void>;
  addShot: () => Promise<void>;
  queue: (shotId: string, requests: VideoGenerateRequest[]) => Promise<boolean>;
  act: (
    channel: 'video:cancel' | 'video:retry' | 'video:sendAgain',
    ids: string[],
  ) => Promise<void>;
  duplicate: (roundId: string) => Promise<void>;
  extend: (
    roundId: string,
    prompt: string,
    how?: { from: 'video'; videoAsset: string },
  ) => Promise<void>;
}

export const useVideo = create<VideoState>((set, get) => {
  const failed = (message: string) => set({ error: message });
  const reload = async () => {
    const result = await bridge().invoke('video:projects');
    if (!result.ok) return failed(result.error.message);
    const { projectId } = get();
    set({
      projects: result.value.projects,
      projectId: projectId ?? result.value.projects.at(-1)?.id ?? null,
      error: null,
    });
  };
  return {
    projects: [],
    projectId: null,
    error: null,
    load: reload,
    apply: (rounds) => {
      const byId = new Map(rounds.map((round) => [round.id, round]));
      const known = new Set<string>();
      const projects = get().projects.map((project) => ({
        ...project,
        shots: project.shots.map((shot) => ({
          ...shot,
          rounds: shot.rounds.map((round) => {
            known.add(round.id);
            const next = byId.get(round.id);
            return next && next.seq >= round.seq ? next : round;
          }),
        })),
      }));
      set({ projects });
      // A round this window has not seen yet (added elsewhere): read the whole list again.
      if (rounds.some((round) => !known.has(round.id))) void reload();
    },
    select: (projectId) => set({ projectId }),
    createProject: async (name) => {
      const result = await bridge().invoke('video:createProject', { name });
      if (!result.ok) return failed(result.error.message);
      set({ projectId: result.value.projectId });
      await reload();
    },
    addShot: async () => {
      const { projectId } = get();
      if (!projectId) return;
      const result = await bridge().invoke('video:addShot', { projectId });
      if (!result.ok) return failed(result.error.message);
      await reload();
    },
    queue: async (shotId, requests) => {
      const result = await bridge().invoke('video:queueRounds', {
        rounds: requests.map((request) => ({ shotId, request })),
      });
      if (!result.ok) {
        failed(result.error.message);
        return false;
      }
      await reload();
      return true;
    },
    act: async (channel, ids) => {
      const result = await bridge().invoke(channel, { ids });
      if (!result.ok) failed(result.error.message);
    },
    duplicate: async (roundId) => {
      const result = await bridge().invoke('video:duplicate', { roundId });
      if (!result.ok) return failed(result.error.message);
      await reload();
    },
    extend: async (roundId, prompt, how) => {
      const result = await bridge().invoke('video:extend', { roundId, prompt, ...how });
      if (!result.ok) return failed(result.error.message);
      await reload();
    },
  };
});

/** Keeps the projects in step with the engine from the moment the screen opens. */
export function followVideo(): () => void {
  const stop = bridge().on('video:changed', ({ rounds }) => useVideo.getState().apply(rounds));
  void useVideo.getState().load();
  return stop;
}
