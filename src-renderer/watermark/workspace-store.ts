import { create } from 'zustand';
import { fitStrokes, type Stroke } from '../../src-shared/domain/strokes.ts';
import type { StagedBatch, StagedFile } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';

interface WorkspaceState {
  staged: StagedFile[];
  masks: Record<string, Stroke[]>;
  /** Files whose mask was moved from an image of another size, with that size ("1200×800"). */
  scaledFrom: Record<string, string>;
  selected: Record<string, true>;
  /** Files cleaned before that the user chose to send (and pay for) again. */
  again: Record<string, true>;
  /** Files to clean on this computer (free), each with the measurement of its mark. */
  local: Record<string, string>;
  /** Files whose mask Find the watermark proposed and nobody painted since: a question about replacing masks counts them apart. */
  found: Record<string, true>;
  /**
   * Files Find the watermark was not sure of and the user did not tick: Start holds them
   * back (a default nobody looked at pays for nothing unsure) until a mask is painted.
   */
  unsure: Record<string, true>;
  /** Files not taken: the main process's reason in words, or one this window already holds. */
  skipped: Array<{ path: string; reason: string } | { path: string; alreadyAdded: true }>;
  /** The staged file whose mask is being painted. */
  editing: string | null;
  /** Dropped files being looked at: the runs under way, and how many were staged or left out. */
  looking: { runs: string[]; staged: number; skipped: number } | null;
  busy: boolean;
  error: string | null;
  /** Looks at dropped files; they join the list as they are found, until the walk ends. */
  stage: (paths: string[]) => Promise<void>;
  /** Stops the looks under way: the files staged so far stay. */
  stopLooking: () => Promise<void>;
  /** Files one look sent while its walk goes on. */
  takeStaged: (batch: StagedBatch) => void;
  /** Fetches an image by address (main does it) and stages it; it will be sent as that address. */
  stageUrl: (url: string) => Promise<boolean>;
  /** Images pasted from the clipboard: by path when they are files, else by their bytes. */
  stagePasted: (files: File[]) => Promise<void>;
  toggle: (token: string) => void;
  toggleAgain: (token: string) => void;
  selectAll: (on: boolean) => void;
  edit: (token: string | null) => void;
  setMask: (token: string, strokes: Stroke[]) => void;
  /**
   * Gives each named image its strokes at once (the masks a search found), and says which
   * of them are cleaned on this computer (`local`, with their measurement); the others named
   * go to the service.
   */
  setMasks: (
    strokes: Readonly<Record<string, Stroke[]>>,
    local?: Readonly<Record<string, string>>,
    unsure?: readonly string[],
  ) => void;
  /** Copies a file's mask to every staged file of its exact size; returns how many got it. */
  applyToSameSize: (token: string) => number;
  /**
   * Copies a file's mask to the selected files, or to every staged file, fitted to each one's
   * size (see fitStrokes): a folder of several sizes gets one mask, anchored to its corner.
   */
  applyFitted: (token: string, scope: 'selected' | 'all') => { applied: number; scaled: number };
  remove: (tokens: string[]) => void;
  /** Puts the masks of the staged files back as a snapshot held them (an apply undone). */
  restoreMasks: (snapshot: MaskSnapshot) => void;
  start: () => Promise<void>;
  /**
   * A result in doubt, to be marked by hand: its image is staged again with "Clean again"
   * ticked, and opened in the mask editor.
   */
  markByHand: (path: string) => Promise<void>;
}

/** What an apply may change, kept to undo it exactly. */
export type MaskSnapshot = Pick<WorkspaceState, 'masks' | 'scaledFrom' | 'local' | 'found'>;

/** The record without the given tokens. */
function without<T>(record: Record<string, T>, tokens: Iterable<string>): Record<string, T> {
  const copy = { ...record };
  for (const token of tokens) delete copy[token];
  return copy;
}

/** Images asked to be marked by hand, opened in the editor once staged. */
const byHand = new Set<string>();

/** The looks this window started: another window's drop is not staged here. */
const ownRuns = new Set<string>();
let following = false;

/**
 * Takes the files the core stages from the first drop on, for good: a batch that arrives
 * after its look has answered still joins the list.
 */
function followStaged(): void {
  if (following) return;
  following = true;
  bridge().on('media:staged', (batch) => useWorkspace.getState().takeStaged(batch));
}

export const useWorkspace = create<WorkspaceState>((set, get) => ({
  staged: [],
  masks: {},
  scaledFrom: {},
  selected: {},
  again: {},
  local: {},
  found: {},
  unsure: {},
  skipped: [],
  editing: null,
  looking: null,
  busy: false,
  error: null,
  stage: async (paths) => {
    const run = crypto.randomUUID();
    const before = get().looking;
    set({
      busy: true,
      error: null,
      skipped: before ? get().skipped : [],
      looking: {
        runs: [...(before?.runs ?? []), run],
        staged: before?.staged ?? 0,
        skipped: before?.skipped ?? 0,
      },
    });
    followStaged();
    ownRuns.add(run);
    const result = await bridge().invoke('media:probe', { paths, recursive: true, run });
    const runs = get().looking?.runs.filter((other) => other !== run) ?? [];
    const looking = get().looking;
    set({
      looking: looking && runs.length > 0 ? { ...looking, runs } : null,
      busy: runs.length > 0,
      ...(result.ok ? {} : { error: result.error.message }),
    });
  },
  stopLooking: async () => {
    await Promise.all(
      (get().looking?.runs ?? []).map((run) => bridge().invoke('media:cancelProbe', { run })),
    );
  },
  takeStaged: (batch) => {
    if (!ownRuns.has(batch.run)) return;
    const looking = get().looking;
    const known = new Set(get().staged.map((file) => file.path));
    const fresh = batch.items.filter((file) => !known.has(file.path));
    const twice = batch.items
      .filter((file) => known.has(file.path))
      .map((file) => ({ path: file.path, alreadyAdded: true as const }));
    // A file cleaned before comes back with the mask it was cleaned with, so it is known as
    // cleaned with it and left out, not paid for again with no mask (see start-plan.ts).
    const restored = Object.fromEntries(
      fresh.flatMap((file) =>
        file.cleanedWith && file.cleanedWith.length > 0 ? [[file.token, file.cleanedWith]] : [],
      ),
    );
    const wanted = fresh.find((file) => byHand.delete(file.path));
    set({
      ...(wanted && { again: { ...get().again, [wanted.token]: true }, editing: wanted.token }),
      staged: fresh.length > 0 ? [...get().staged, ...fresh] : get().staged,
      ...(Object.keys(restored).length > 0 ? { masks: { ...get().masks, ...restored } } : {}),
      skipped:
        batch.skipped.length + twice.length > 0
          ? [...get().skipped, ...batch.skipped, ...twice]
          : get().skipped,
      looking: looking && {
        ...looking,
        staged: looking.staged + fresh.length,
        skipped: looking.skipped + batch.skipped.length + twice.length,
      },
    });
  },
  stageUrl: async (url) => {
    set({ busy: true });
    const result = await bridge().invoke('media:probeUrl', { url });
    if (!result.ok) {
      set({ busy: false, error: result.error.message });
      return false;
    }
    set({ staged: [...get().staged, result.value], busy: false, error: null });
    return true;
  },
  stagePasted: async (files) => {
    for (const file of files) {
      const path = bridge().pathForFile(file);
      if (path) {
        await get().stage([path]);
        continue;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      const name = file.name && file.name !== 'image.png' ? file.name : `pasted-${Date.now()}.png`;
      const result = await bridge().invoke('media:stagePasted', { name, base64: btoa(binary) });
      if (result.ok) set({ staged: [...get().staged, result.value], error: null });
      else set({ error: result.error.message });
    }
  },
  toggleAgain: (token) => {
    const again = { ...get().again };
    if (again[token]) delete again[token];
    else again[token] = true;
    set({ again });
  },
  toggle: (token) => {
    const selected = { ...get().selected };
    if (selected[token]) delete selected[token];
    else selected[token] = true;
    set({ selected });
  },
  selectAll: (on) =>
    set({ selected: on ? Object.fromEntries(get().staged.map((file) => [file.token, true])) : {} }),
  edit: (token) => set({ editing: token }),
  setMask: (token, strokes) => {
    const masks = { ...get().masks };
    const local = { ...get().local };
    if (strokes.length === 0) {
      delete masks[token];
      // Without a mask there is nothing to undo: it goes to the service, which looks itself.
      delete local[token];
    } else masks[token] = strokes;
    const scaledFrom = { ...get().scaledFrom };
    delete scaledFrom[token];
    set({
      masks,
      scaledFrom,
      local,
      found: without(get().found, [token]),
      unsure: without(get().unsure, [token]),
    });
  },
  setMasks: (strokes, chosen = {}, unsure = []) => {
    const scaledFrom = { ...get().scaledFrom };
    const local = { ...get().local };
    for (const token of Object.keys(strokes)) {
      delete scaledFrom[token];
      delete local[token];
    }
    set({
      masks: { ...get().masks, ...strokes },
      scaledFrom,
      local: { ...local, ...chosen },
      found: { ...get().found, ...Object.fromEntries(Object.keys(strokes).map((t) => [t, true])) },
      unsure: {
        ...without(get().unsure, Object.keys(strokes)),
        ...Object.fromEntries(unsure.map((token) => [token, true as const])),
      },
    });
  },
  applyToSameSize: (token) => {
    const source = get().staged.find((file) => file.token === token);
    const strokes = get().masks[token];
    if (!source || !strokes) return 0;
    const targets = get().staged.filter(
      (file) => file.width === source.width && file.height === source.height,
    );
    const scaledFrom = { ...get().scaledFrom };
    for (const file of targets) delete scaledFrom[file.token];
    set({
      masks: {
        ...get().masks,
        ...Object.fromEntries(targets.map((file) => [file.token, strokes])),
      },
      scaledFrom,
      found: without(
        get().found,
        targets.map((file) => file.token),
      ),
    });
    return targets.length;
  },
  applyFitted: (token, scope) => {
    const source = get().staged.find((file) => file.token === token);
    const strokes = get().masks[token];
    if (!source || !strokes) return { applied: 0, scaled: 0 };
    const targets = get().staged.filter((file) => scope === 'all' || get().selected[file.token]);
    const masks = { ...get().masks };
    const scaledFrom = { ...get().scaledFrom };
    let scaled = 0;
    for (const file of targets) {
      masks[file.token] = fitStrokes(strokes, source, file);
      if (file.width === source.width && file.height === source.height) {
        delete scaledFrom[file.token];
      } else {
        scaledFrom[file.token] = `${source.width}×${source.height}`;
        scaled += 1;
      }
    }
    set({
      masks,
      scaledFrom,
      found: without(
        get().found,
        targets.map((file) => file.token),
      ),
    });
    return { applied: targets.length, scaled };
  },
  remove: (tokens) => {
    const gone = new Set(tokens);
    set({ staged: get().staged.filter((file) => !gone.has(file.token)), selected: {} });
  },
  restoreMasks: (snapshot) => {
    // Only the files still listed: one removed or started since stays gone.
    const pick = <T>(record: Record<string, T>) =>
      Object.fromEntries(
        get()
          .staged.filter((file) => file.token in record)
          .map((file) => [file.token, record[file.token] as T]),
      );
    set({
      masks: pick(snapshot.masks),
      scaledFrom: pick(snapshot.scaledFrom),
      local: pick(snapshot.local),
      found: pick(snapshot.found),
    });
  },
  markByHand: async (path) => {
    const known = get().staged.find((file) => file.path === path);
    if (known) {
      set({ again: { ...get().again, [known.token]: true }, editing: known.token });
      return;
    }
    byHand.add(path);
    await get().stage([path]);
  },
  start: async () => {
    const { masks, again, local, unsure } = get();
    const staged = get().staged.filter((file) => !unsure[file.token]);
    if (staged.length === 0) return;
    set({ busy: true });
    const result = await bridge().invoke('watermark:add', {
      items: staged.map((file) => ({
        token: file.token,
        ...(masks[file.token] ? { strokes: masks[file.token] } : {}),
        ...(again[file.token] ? { again: true } : {}),
        ...(local[file.token] ? { estimate: local[file.token] } : {}),
      })),
    });
    if (!result.ok) {
      set({ busy: false, error: result.error.message });
      return;
    }
    // What was held back stays staged, with its state, for the user to mark by hand.
    const kept = get().staged.filter((file) => unsure[file.token]);
    const keep = <T>(record: Record<string, T>) =>
      Object.fromEntries(
        kept.flatMap((file) =>
          file.token in record ? [[file.token, record[file.token] as T]] : [],
        ),
      );
    set({
      staged: kept,
      masks: keep(get().masks),
      scaledFrom: keep(get().scaledFrom),
      selected: {},
      again: keep(get().again),
      local: {},
      found: {},
      unsure: keep(get().unsure),
      busy: false,
      skipped: result.value.skipped,
      error: null,
    });
  },
}));
