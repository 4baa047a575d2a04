import { create } from 'zustand';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import type {
  ExtendPlace,
  InvokeRequest,
  InvokeResponse,
  VideoProjectView,
  VideoRoundView,
  VideoShotView,
} from '../../src-shared/ipc/contract.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { bridge } from '../bridge.ts';
import { supersedes } from '../sequence.ts';

type ShotView = VideoProjectView['shots'][number];

interface VideoState {
  projects: VideoProjectView[];
  projectId: string | null;
  /**
   * The shot shown, and the round whose clip plays: kept here rather than in the screen, so
   * that leaving the screen and coming back finds them as they were. No shot chosen: the last.
   */
  shotId: string | null;
  playing: string | null;
  error: string | null;
  /** Shows a failure the window met itself (not main's answer), in the screen's words. */
  showError: (message: string) => void;
  /** Reads the whole tree; a read already under way is joined rather than asked for again. */
  load: () => Promise<void>;
  /** Lays changed rounds over the tree held, in any order: a round keeps its newest view. */
  apply: (rounds: readonly VideoRoundView[]) => void;
  select: (projectId: string) => void;
  selectShot: (shotId: string) => void;
  play: (roundId: string | null) => void;
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
    into: ExtendPlace,
    how?: { from: 'video'; videoAsset: string } | { from: 'last-frame'; takenFrame: string },
  ) => Promise<void>;
  /**
   * Renames, moves or removes a project, shot or round, or chooses a shot's take, and takes
   * main's tree as it answers. Gives main's sentence when it refuses, else null.
   */
  arrange: <C extends ArrangeChannel>(
    channel: C,
    request: InvokeRequest<C>,
  ) => Promise<string | null>;
}

type ArrangeChannel = 'video:renameProject' | 'video:move' | 'video:remove' | 'video:chooseTake';

function byPosition<T extends { position: number }>(items: T[]): T[] {
  return items.sort((a, b) => a.position - b.position);
}

/**
 * Each round takes the place of the view it supersedes, or joins its shot in position order.
 * Rounds whose shot is not among these projects come back unplaced.
 */
function lay(
  projects: readonly VideoProjectView[],
  rounds: Iterable<VideoRoundView>,
): { projects: VideoProjectView[]; unplaced: VideoRoundView[] } {
  const byShot = new Map<string, Map<string, VideoRoundView>>();
  for (const round of rounds) {
    const shot = byShot.get(round.shotId) ?? new Map<string, VideoRoundView>();
    if (supersedes(round, shot.get(round.id))) shot.set(round.id, round);
    byShot.set(round.shotId, shot);
  }
  const layShot = (shot: ShotView): ShotView => {
    const changed = byShot.get(shot.id);
    if (!changed) return shot;
    byShot.delete(shot.id);
    const rounds = shot.rounds.map((round) => {
      const next = changed.get(round.id);
      changed.delete(round.id);
      return next && supersedes(next, round) ? next : round;
    });
    return { ...shot, rounds: byPosition([...rounds, ...changed.values()]) };
  };
  return {
    projects: projects.map((project) => ({ ...project, shots: project.shots.map(layShot) })),
    unplaced: [...byShot.values()].flatMap((shot) => [...shot.values()]),
  };
}

/**
 * The tree as main read it, with what this window learnt while the answer was on its way:
 * whatever the tree lacks was made after the read (what the user removes leaves the tree
 * this window holds at once, from main's answer).
 */
function joined(
  tree: readonly VideoProjectView[],
  held: readonly VideoProjectView[],
): VideoProjectView[] {
  const heldById = new Map(held.map((project) => [project.id, project]));
  const projects = tree.map((project) => {
    const later = (heldById.get(project.id)?.shots ?? []).filter(
      (shot) => !project.shots.some((read) => read.id === shot.id),
    );
    heldById.delete(project.id);
    return later.length ? { ...project, shots: byPosition([...project.shots, ...later]) } : project;
  });
  const rounds = held.flatMap((project) => project.shots.flatMap((shot) => shot.rounds));
  return lay([...projects, ...heldById.values()], rounds).projects;
}

/** A shot main has just added, as main describes it, unless the tree already has it. */
function withShot(
  projects: readonly VideoProjectView[],
  projectId: string,
  added: VideoShotView,
): VideoProjectView[] {
  return projects.map((project) =>
    project.id !== projectId || project.shots.some((shot) => shot.id === added.id)
      ? project
      : { ...project, shots: byPosition([...project.shots, added]) },
  );
}

export const useVideo = create<VideoState>((set, get) => {
  const failed = (message: string) => set({ error: message });
  // Rounds of shots this window has not seen, made by another process such as the command
  // line: they are placed when the tree has been read again.
  const waiting = new Map<string, VideoRoundView>();
  let reading: Promise<void> | undefined;

  /** One read of the tree; true when a round heard of during it still has no shot. */
  const read = async (): Promise<boolean> => {
    const asked = new Set(waiting.keys());
    const result = await bridge().invoke('video:projects');
    if (!result.ok) {
      waiting.clear();
      failed(result.error.message);
      return false;
    }
    const laid = lay(joined(result.value.projects, get().projects), waiting.values());
    waiting.clear();
    // A round already waiting when this read was asked for had its shot in main by then;
    // if the tree still lacks it, reading again would not find it either. One heard of during
    // the read may belong to a shot made after main read the tree: that one is read again.
    for (const round of laid.unplaced) if (!asked.has(round.id)) waiting.set(round.id, round);
    const { projectId } = get();
    set({
      projects: laid.projects,
      projectId: projectId ?? laid.projects.at(-1)?.id ?? null,
      error: null,
    });
    return waiting.size > 0;
  };
  const load = (): Promise<void> => {
    reading ??= (async () => {
      try {
        let again = true;
        while (again) again = await read();
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };

  return {
    projects: [],
    projectId: null,
    shotId: null,
    playing: null,
    error: null,
    load,
    apply: (rounds) => {
      const laid = lay(get().projects, rounds);
      set({ projects: laid.projects });
      if (laid.unplaced.length === 0) return;
      for (const round of laid.unplaced) {
        if (supersedes(round, waiting.get(round.id))) waiting.set(round.id, round);
      }
      // The one change the tree held cannot take: a shot it does not have.
      void load();
    },
    select: (projectId) => set({ projectId, shotId: null, playing: null }),
    selectShot: (shotId) => set({ shotId }),
    play: (playing) => set({ playing }),
    createProject: async (name) => {
      const result = await bridge().invoke('video:createProject', { name });
      if (!result.ok) return failed(result.error.message);
      const { project } = result.value;
      const { projects } = get();
      const known = projects.some((held) => held.id === project.id);
      set({
        projects: known ? projects : [...projects, project],
        projectId: project.id,
        shotId: null,
        playing: null,
        error: null,
      });
    },
    addShot: async () => {
      const { projectId } = get();
      if (!projectId) return;
      const result = await bridge().invoke('video:addShot', { projectId });
      if (!result.ok) return failed(result.error.message);
      set({
        projects: withShot(get().projects, projectId, result.value.shot),
        shotId: result.value.shot.id,
        error: null,
      });
    },
    // Queueing, duplicating and extending answer with ids and estimates only; the new rounds
    // themselves come in the video:changed event main sends for them.
    queue: async (shotId, requests) => {
      const result = await bridge().invoke('video:queueRounds', {
        rounds: requests.map((request) => ({ shotId, request })),
      });
      if (!result.ok) {
        failed(result.error.message);
        return false;
      }
      set({ error: null });
      return true;
    },
    act: async (channel, ids) => {
      const result = await bridge().invoke(channel, { ids });
      if (!result.ok) failed(result.error.message);
    },
    duplicate: async (roundId) => {
      const result = await bridge().invoke('video:duplicate', { roundId });
      set({ error: result.ok ? null : result.error.message });
    },
    showError: failed,
    extend: async (roundId, prompt, into, how) => {
      const result = await bridge().invoke('video:extend', { roundId, prompt, into, ...how });
      set({ error: result.ok ? null : result.error.message });
    },
    arrange: async (channel, request) => {
      // The four channels answer alike, with the tree; TypeScript cannot narrow a request
      // tuple over a channel it only knows as one of them.
      const api = bridge();
      const invoke = api.invoke.bind(api) as (
        channel: ArrangeChannel,
        request: unknown,
      ) => Promise<IpcResult<InvokeResponse<ArrangeChannel>>>;
      const result = await invoke(channel, request);
      if (!result.ok) return result.error.message;
      const { projects } = result.value;
      const { projectId, shotId, playing } = get();
      const project = projects.find((held) => held.id === projectId) ?? projects[0];
      const shots = project?.shots ?? [];
      const rounds = shots.flatMap((shot) => shot.rounds);
      set({
        projects,
        projectId: project?.id ?? null,
        shotId: shots.some((shot) => shot.id === shotId) ? shotId : null,
        playing: rounds.some((round) => round.id === playing) ? playing : null,
        error: null,
      });
      return null;
    },
  };
});

/** Keeps the projects in step with the engine from the moment the screen opens. */
export function followVideo(): () => void {
  const stop = bridge().on('video:changed', ({ rounds }) => useVideo.getState().apply(rounds));
  void useVideo.getState().load();
  return stop;
}
