import type { ImageSize } from '../../../src-shared/domain/strokes.ts';
import { said } from '../i18n/core-words.ts';
import type { EstimateStore } from '../media/unblend/estimate-store.ts';
import type { Profile } from './profile-file.ts';
import { placeEstimate } from './placement.ts';

export interface SizedImage extends ImageSize {
  path: string;
}

/**
 * The measurement each image is cleaned with under a profile: the profile's mark placed on
 * the image's size and kept in the estimate store (once a size), so a local job queued with
 * it resumes after a restart like any other. Images the mark cannot land on are left out
 * with the reason; nothing is ever sent to the service for them.
 */
export async function profileEstimates(
  profile: Profile,
  images: readonly SizedImage[],
  estimates: EstimateStore,
): Promise<{ measured: Map<string, string>; leftOut: Array<{ path: string; reason: string }> }> {
  const bySize = new Map<string, Promise<string | undefined>>();
  const measured = new Map<string, string>();
  const leftOut: Array<{ path: string; reason: string }> = [];
  for (const image of images) {
    const key = `${image.width}x${image.height}`;
    let id = bySize.get(key);
    if (!id) {
      const placed = placeEstimate(profile.estimate, profile.summary.placement, image);
      id = !placed
        ? Promise.resolve(undefined)
        : placed === profile.estimate
          ? estimates.keepEncoded(profile.estimateBytes)
          : estimates.keep(placed);
      bySize.set(key, id);
    }
    const estimate = await id;
    if (estimate) measured.set(image.path, estimate);
    else {
      leftOut.push({
        path: image.path,
        reason: said('core.profiles.doesNotFit', {
          name: profile.summary.name,
          size: `${image.width}×${image.height}`,
          measured: `${profile.summary.width}×${profile.summary.height}`,
        }),
      });
    }
  }
  return { measured, leftOut };
}
