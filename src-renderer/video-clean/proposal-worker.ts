import type { ClipRefusal } from '../../src-shared/domain/clip-jobs.ts';
import { ClipProposal, type PreviewView, type ProposalView } from './clip-proposal.ts';

/**
 * A staged clip's proposal off the window's thread: the window posts the clip's bytes once
 * (`open`), then asks for the mask grown or shrunk (`view`) and for the free preview; the
 * worker keeps the clip and its estimate between asks. Each answer names what it answers.
 */
export type ProposalRequest =
  { kind: 'open'; bytes: ArrayBuffer } | { kind: 'view'; by: number } | { kind: 'preview' };
export type ProposalReply =
  | { kind: 'view'; by: number; view: ProposalView }
  | { kind: 'refused'; refused: ClipRefusal }
  | { kind: 'preview'; preview: PreviewView }
  | { kind: 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ProposalRequest>) => void) | null;
  postMessage(message: ProposalReply): void;
};

let opened: Promise<ClipProposal | { refused: ClipRefusal }> | undefined;

async function answer(request: ProposalRequest): Promise<ProposalReply> {
  if (request.kind === 'open') opened = ClipProposal.open(new Uint8Array(request.bytes));
  const proposal = await opened;
  if (!proposal) throw new Error('no clip was opened');
  if ('refused' in proposal) return { kind: 'refused', refused: proposal.refused };
  if (request.kind === 'preview') return { kind: 'preview', preview: await proposal.preview() };
  const by = request.kind === 'view' ? request.by : 0;
  return { kind: 'view', by, view: await proposal.view(by) };
}

// One ask at a time, in order: a grow asked during a preview waits for it.
let queue = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue.then(() =>
    answer(event.data).then(
      (reply) => scope.postMessage(reply),
      (error: unknown) =>
        scope.postMessage({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    ),
  );
};
