import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ClearframeApi,
  EventPayload,
  VideoProjectView,
  VideoRoundView,
} from '../../../src-shared/ipc/contract.ts';

function round(id: string, shotId: string, position: number, seq: number): VideoRoundView {
  return {
    id,
    shotId,
    position,
    state: 'queued',
    request: { model: 'videomodel-2-5', content: [{ type: 'text', text: `round ${id}` }] },
    estimateCents: 110,
    chargedCents: null,
    demo: false,
    promptUnknown: false,
    videos: [],
    hasLastFrame: false,
    lastFrameUrl: null,
    videoAsset: null,
    error: null,
    attempt: 0,
    checkAgain: false,
    createdAt: 1,
    submittedAt: null,
    updatedAt: 1,
    seq,
  };
}

/**
 * Main as the store sees it through window.clearframe: a tree it answers `video:projects`
 * with, read when asked, and every invocation written down. Queueing announces the new round
 * the way main does, with a video:changed event.
 */
function fakeMain(projects: VideoProjectView[]) {
  const calls: string[] = [];
  let listener: ((payload: EventPayload<'video:changed'>) => void) | undefined;
  // While set, answers to `video:projects` wait for it: the tree is read when asked, sent later.
  let gate: Promise<void> | undefined;
  const emit = (rounds: VideoRoundView[]) => listener?.({ rounds });
  const answer = async (channel: string, request: unknown): Promise<unknown> => {
    switch (channel) {
      case 'video:projects': {
        const tree = structuredClone(projects);
        await gate;
        return { projects: tree };
      }
      case 'video:queueRounds': {
        const { rounds } = request as { rounds: Array<{ shotId: string }> };
        const shot = projects.flatMap((p) => p.shots).find((s) => s.id === rounds[0]?.shotId);
        const position = (shot?.rounds.length ?? 0) + 1;
        const queued = round(`r${position}`, shot?.id ?? '', position, 0);
        shot?.rounds.push(queued);
        emit([queued]);
        return { queued: [{ roundId: queued.id, estimate: {} }] };
      }
      case 'video:createProject': {
        const { name } = request as { name: string };
        const shot = { id: 's-new', position: 1, title: '', rounds: [], chosenTakeId: null };
        const project = { id: 'p-new', name, createdAt: 1, shots: [shot] };
        projects.push(structuredClone(project));
        return { projectId: project.id, shotId: shot.id, project };
      }
      case 'video:addShot': {
        const { projectId } = request as { projectId: string };
        const project = projects.find((p) => p.id === projectId);
        const shot = {
          id: 's-added',
          position: (project?.shots.at(-1)?.position ?? 0) + 1,
          title: '',
          rounds: [],
          chosenTakeId: null,
        };
        project?.shots.push(structuredClone(shot));
        return { shotId: shot.id, shot };
      }
      default:
        throw new Error(`the fake main does not answer ${channel}`);
    }
  };
  const api = {
    invoke: async (channel: string, request?: unknown) => {
      calls.push(channel);
      return { ok: true, value: await answer(channel, request) };
    },
    on: (_channel: string, next: typeof listener) => {
      listener = next;
      return () => (listener = undefined);
    },
    pathForFile: () => '',
  } as unknown as ClearframeApi;
  return {
    api,
    calls,
    emit,
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function tree(...rounds: VideoRoundView[]): VideoProjectView[] {
  return [
    {
      id: 'p1',
      name: 'Harbour',
      createdAt: 1,
      shots: [{ id: 's1', position: 1, title: '', rounds, chosenTakeId: null }],
    },
  ];
}

/** A fresh store, following main from the moment the screen opens, its first read done. */
async function open(main: ReturnType<typeof fakeMain>) {
  vi.stubGlobal('window', { clearframe: main.api });
  vi.resetModules();
  const { useVideo, followVideo } = await import('../../../src-renderer/video/video-store.ts');
  followVideo();
  await settle();
  const shots = () => useVideo.getState().projects.flatMap((p) => p.shots);
  const roundsOf = (shotId: string) => shots().find((s) => s.id === shotId)?.rounds ?? [];
  return { store: useVideo, shots, roundsOf };
}

describe('the video store over one snapshot', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('reads the tree once when the screen opens', async () => {
    const main = fakeMain(tree(round('r1', 's1', 1, 2)));
    const { store } = await open(main);
    expect(main.calls).toEqual(['video:projects']);
    expect(store.getState().projectId).toBe('p1');
  });

  it('ignores a view older than the one held and takes a newer one', async () => {
    const main = fakeMain(tree(round('r1', 's1', 1, 5)));
    const { roundsOf } = await open(main);
    main.emit([{ ...round('r1', 's1', 1, 3), state: 'failed' }]);
    expect(roundsOf('s1').map((r) => [r.state, r.seq])).toEqual([['queued', 5]]);
    main.emit([{ ...round('r1', 's1', 1, 6), state: 'done' }]);
    expect(roundsOf('s1').map((r) => [r.state, r.seq])).toEqual([['done', 6]]);
    expect(main.calls).toEqual(['video:projects']);
  });

  it('puts a new round of a known shot in its place by position, without reading the tree', async () => {
    const main = fakeMain(tree(round('r1', 's1', 1, 1), round('r3', 's1', 3, 1)));
    const { roundsOf } = await open(main);
    main.emit([round('r2', 's1', 2, 1)]);
    expect(roundsOf('s1').map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    await settle();
    expect(main.calls).toEqual(['video:projects']);
  });

  it('reads the tree exactly once for rounds of a shot it has not seen', async () => {
    const projects = tree(round('r1', 's1', 1, 1));
    const main = fakeMain(projects);
    const { roundsOf } = await open(main);
    // Another process (the command line) adds a shot with two rounds; main tells of each.
    const made = [round('x1', 's2', 1, 1), round('x2', 's2', 2, 1)];
    projects[0]?.shots.push({ id: 's2', position: 2, title: '', rounds: made, chosenTakeId: null });
    main.emit([made[0] as VideoRoundView]);
    main.emit([made[1] as VideoRoundView]);
    await settle();
    expect(main.calls).toEqual(['video:projects', 'video:projects']);
    expect(roundsOf('s2').map((r) => r.id)).toEqual(['x1', 'x2']);
  });

  it('keeps an event that crossed a read when it is newer than the tree read', async () => {
    const main = fakeMain(tree(round('r1', 's1', 1, 1)));
    const { store, roundsOf } = await open(main);
    const release = main.hold();
    const reading = store.getState().load();
    main.emit([{ ...round('r1', 's1', 1, 2), state: 'done' }]);
    release();
    await reading;
    expect(roundsOf('s1').map((r) => [r.state, r.seq])).toEqual([['done', 2]]);
  });

  it('queues rounds with one invocation and no read of the tree: the event brings the round', async () => {
    const main = fakeMain(tree(round('r1', 's1', 1, 1)));
    const { store, roundsOf } = await open(main);
    main.calls.length = 0;
    const queued = await store
      .getState()
      .queue('s1', [
        { model: 'videomodel-2-5', content: [{ type: 'text', text: 'the tide turns' }] },
      ]);
    await settle();
    expect(queued).toBe(true);
    expect(main.calls).toEqual(['video:queueRounds']);
    expect(roundsOf('s1').map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('creates a project and adds a shot from the answers alone', async () => {
    const main = fakeMain(tree(round('r1', 's1', 1, 1)));
    const { store } = await open(main);
    main.calls.length = 0;
    await store.getState().createProject('Lighthouse');
    await store.getState().addShot();
    expect(main.calls).toEqual(['video:createProject', 'video:addShot']);
    const created = store.getState().projects.find((p) => p.id === 'p-new');
    expect(store.getState().projectId).toBe('p-new');
    expect(created?.name).toBe('Lighthouse');
    expect(created?.shots.map((s) => [s.id, s.position])).toEqual([
      ['s-new', 1],
      ['s-added', 2],
    ]);
  });
});
