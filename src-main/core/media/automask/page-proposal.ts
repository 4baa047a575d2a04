import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import type { WatermarkProposal } from '../../../../src-shared/ipc/contract.ts';
import type { MaskStore } from '../mask-store.ts';
import type { EstimateStore } from '../unblend/estimate-store.ts';
import { findWatermark } from './find-watermark.ts';
import type { Proposal, SizedImage } from './proposal.ts';
import { tooFewReason } from './propose.ts';
import { doubtReason, refusedReason, unreadableReason } from './reasons.ts';
import { maskShare } from './verdict.ts';

/**
 * "Find the watermark" for staged images, as the page gets it: tokens instead of paths, each
 * proposed mask kept in the mask store so the page can name it in a stroke list and preview
 * it like an imported mask, and each measurable group's mark measured and kept, so the group
 * can be cleaned on this computer. The verdicts come with their sentences: why a proposal is
 * refused, why an image is not ticked, why a file (`gone` since it was staged) is left out.
 */
export async function proposalForPage(
  looked: ReadonlyArray<(SizedImage | { gone: string }) & { token: string }>,
  stores: { masks: MaskStore; estimates: EstimateStore },
  hint?: AnchoredRect,
  onProgress?: (done: number, total: number) => void,
): Promise<WatermarkProposal> {
  const { masks, estimates } = stores;
  const staged = looked.flatMap((image) => ('gone' in image ? [] : [image]));
  const gone = looked.flatMap((image) =>
    'gone' in image ? [{ token: image.token, reason: image.gone }] : [],
  );
  const tokenOf = new Map(staged.map((image) => [image.path, image.token]));
  const proposal: Proposal =
    staged.length === 0
      ? { groups: [], tooFew: [], unreadable: [] }
      : await findWatermark(staged, hint, {
          measure: true,
          ...(onProgress ? { onProgress } : {}),
        });
  const groups: WatermarkProposal['groups'] = [];
  for (const group of proposal.groups) {
    const kept = await Promise.all(
      group.masks.map(async (mask) => ({
        width: mask.width,
        height: mask.height,
        maskToken: (await masks.keep(mask.plane, mask.width, mask.height)).token,
        boxes: mask.boxes,
        fraction: maskShare(mask.plane, mask),
      })),
    );
    groups.push({
      anchor: group.anchor,
      estimateId: group.estimate ? await estimates.keepEncoded(group.estimate) : null,
      expectedDb: group.expected?.db ?? null,
      refused: group.refused ? refusedReason(group.refused.share) : null,
      masks: kept,
      images: group.images.map((image) => ({
        token: tokenOf.get(image.path) ?? '',
        score: image.score,
        present: image.present,
        sure: image.sure,
        doubt: image.present && !image.sure ? doubtReason(image.score) : null,
        maskToken:
          kept.find((mask) => mask.width === image.width && mask.height === image.height)
            ?.maskToken ?? null,
      })),
    });
  }
  return {
    groups,
    tooFew: proposal.tooFew.map((image) => ({
      token: tokenOf.get(image.path) ?? '',
      reason: tooFewReason(),
    })),
    unreadable: [
      ...gone,
      ...proposal.unreadable.map((image) => ({
        token: tokenOf.get(image.path) ?? '',
        reason: unreadableReason(image.why),
      })),
    ],
  };
}
