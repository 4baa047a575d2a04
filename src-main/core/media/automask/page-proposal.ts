import type { AnchoredRect } from '../../../../src-shared/domain/mask-anchor.ts';
import type { WatermarkProposal } from '../../../../src-shared/ipc/contract.ts';
import type { MaskStore } from '../mask-store.ts';
import { findWatermark } from './find-watermark.ts';
import { TOO_FEW_REASON, type SizedImage } from './propose.ts';

/**
 * "Find the watermark" for staged images, as the page gets it: tokens instead of paths, and
 * each proposed mask kept in the mask store so the page can name it in a stroke list and
 * preview it like an imported mask.
 */
export async function proposalForPage(
  staged: ReadonlyArray<SizedImage & { token: string }>,
  masks: MaskStore,
  hint?: AnchoredRect,
): Promise<WatermarkProposal> {
  const tokenOf = new Map(staged.map((image) => [image.path, image.token]));
  const proposal = await findWatermark(staged, hint);
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
      reason: TOO_FEW_REASON,
    })),
  };
}
