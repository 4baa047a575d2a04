import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import type { WatermarkProposal } from '../../../../src-shared/ipc/contract.ts';
import type { MaskStore } from '../mask-store.ts';
import type { EstimateStore } from '../unblend/estimate-store.ts';
import { findWatermark } from './find-watermark.ts';
import { tooFewReason, type SizedImage } from './propose.ts';

/**
 * "Find the watermark" for staged images, as the page gets it: tokens instead of paths, each
 * proposed mask kept in the mask store so the page can name it in a stroke list and preview
 * it like an imported mask, and each measurable group's mark measured and kept, so the group
 * can be cleaned on this computer.
 */
export async function proposalForPage(
  staged: ReadonlyArray<SizedImage & { token: string }>,
  stores: { masks: MaskStore; estimates: EstimateStore },
  hint?: AnchoredRect,
): Promise<WatermarkProposal> {
  const { masks, estimates } = stores;
  const tokenOf = new Map(staged.map((image) => [image.path, image.token]));
  const proposal = await findWatermark(staged, hint, { measure: true });
  const groups: WatermarkProposal['groups'] = [];
  for (const group of proposal.groups) {
    const kept = await Promise.all(
      group.masks.map(async (mask) => ({
        width: mask.width,
        height: mask.height,
        maskToken: (await masks.keep(mask.plane, mask.width, mask.height)).token,
        boxes: mask.boxes,
        fraction: mask.plane.reduce((sum, value) => sum + value, 0) / (mask.width * mask.height),
      })),
    );
    groups.push({
      anchor: group.anchor,
      estimateId: group.estimate ? await estimates.keepEncoded(group.estimate) : null,
      masks: kept,
      images: group.images.map((image) => ({
        token: tokenOf.get(image.path) ?? '',
        score: image.score,
        present: image.present,
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
  };
}
