import { create } from 'zustand';
import type { ClipRefusal } from '../../src-shared/domain/clip-jobs.ts';
import { bridge } from '../bridge.ts';
import type { ProposalReply, ProposalRequest } from '../video-clean/proposal-worker.ts';

/** How many pixels one press of Grow or Shrink moves the mask's edge. */
export const STEP = 2;

/** A staged clip's proposal as the Videos area shows it (object URLs for its pictures). */
export interface Proposal {
  status: 'finding' | 'found' | 'refused' | 'failed';
  refused?: ClipRefusal;
  failed?: string;
  /** Pixels the found mask is grown by (shrunk when below 0). */
  by: number;
  busy: boolean;
  /** Unticked: "not this", the clip is left out of the run. */
  ticked: boolean;
  view?: {
    still: string;
    mask: string;
    share: number;
    unblended: number;
    text: string;
    width: number;
    height: number;
  };
  preview?: { still: string; before: string; after: string };
  previewing: boolean;
}

interface ProposalsState {
  proposals: Record<string, Proposal>;
  propose: (path: string, previewBase: string) => void;
  adjust: (path: string, step: number) => void;
  tick: (path: string, ticked: boolean) => void;
  preview: (path: string) => void;
  /** Forgets the proposals of clips handed to the run (their workers end, their pictures go). */
  forget: (paths: readonly string[]) => void;
}

const workers = new Map<string, Worker>();

const url = (blob: Blob) => URL.createObjectURL(blob);
const revoke = (proposal: Proposal | undefined) => {
  for (const address of [
    proposal?.view?.still,
    proposal?.view?.mask,
    proposal?.preview?.still,
    proposal?.preview?.before,
    proposal?.preview?.after,
  ])
    if (address) URL.revokeObjectURL(address);
};

/**
 * The proposals of the clips staged in the Videos area (issue #38): each clip is read by a
 * worker of its own (proposal-worker.ts) as soon as it is staged, so the mask, its share and
 * any refusal are there before Run; the person grows, shrinks or unticks it and previews it.
 */
export const useProposals = create<ProposalsState>((set, get) => {
  const update = (path: string, change: Partial<Proposal>) =>
    set((state) => {
      const proposal = state.proposals[path];
      if (!proposal) return state;
      return { proposals: { ...state.proposals, [path]: { ...proposal, ...change } } };
    });
  const ask = (path: string, request: ProposalRequest, transfer: Transferable[] = []) =>
    workers.get(path)?.postMessage(request, transfer);

  const answered = (path: string, reply: ProposalReply) => {
    const before = get().proposals[path];
    if (!before) return;
    if (reply.kind === 'refused')
      return update(path, { status: 'refused', refused: reply.refused, busy: false });
    if (reply.kind === 'failed')
      return update(path, {
        status: 'failed',
        failed: reply.message,
        busy: false,
        previewing: false,
      });
    if (reply.kind === 'preview') {
      const { still, before: was, after } = reply.preview;
      revoke({ ...before, view: undefined });
      return update(path, {
        previewing: false,
        preview: { still: url(still), before: url(was), after: url(after) },
      });
    }
    if (reply.by !== before.by) return;
    revoke({ ...before, preview: undefined });
    const { still, mask, ...figures } = reply.view;
    update(path, {
      status: 'found',
      busy: false,
      view: { still: url(still), mask: url(mask), ...figures },
    });
  };

  return {
    proposals: {},
    propose: (path, previewBase) => {
      if (get().proposals[path]) return;
      set((state) => ({
        proposals: {
          ...state.proposals,
          [path]: { status: 'finding', by: 0, busy: true, ticked: true, previewing: false },
        },
      }));
      void (async () => {
        const staged = await bridge().invoke('clips:stage', { paths: [path] });
        if (!staged.ok) return update(path, { status: 'failed', failed: staged.error.message });
        const token = staged.value.clips[0]?.token;
        const bytes = await (await fetch(`${previewBase}clip/${token}/input`)).arrayBuffer();
        const worker = new Worker(new URL('../video-clean/proposal-worker.ts', import.meta.url), {
          type: 'module',
        });
        workers.set(path, worker);
        worker.onmessage = (event: MessageEvent<ProposalReply>) => answered(path, event.data);
        worker.onerror = (event) =>
          update(path, { status: 'failed', failed: event.message || 'worker', busy: false });
        ask(path, { kind: 'open', bytes }, [bytes]);
      })().catch((error: unknown) =>
        update(path, {
          status: 'failed',
          failed: error instanceof Error ? error.message : String(error),
          busy: false,
        }),
      );
    },
    adjust: (path, step) => {
      const proposal = get().proposals[path];
      if (!proposal || proposal.status !== 'found') return;
      const by = proposal.by + step * STEP;
      update(path, { by, busy: true, preview: undefined });
      revoke({ ...proposal, view: undefined });
      ask(path, { kind: 'view', by });
    },
    tick: (path, ticked) => update(path, { ticked }),
    preview: (path) => {
      update(path, { previewing: true });
      ask(path, { kind: 'preview' });
    },
    forget: (paths) => {
      const proposals = { ...get().proposals };
      for (const path of paths) {
        workers.get(path)?.terminate();
        workers.delete(path);
        revoke(proposals[path]);
        delete proposals[path];
      }
      set({ proposals });
    },
  };
});

/** Whether the run leaves a staged clip out: unticked, or refused before Run. */
export function leftOut(proposal: Proposal | undefined): boolean {
  return proposal !== undefined && (!proposal.ticked || proposal.status === 'refused');
}
