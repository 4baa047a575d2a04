import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';
import type { ProposedMask } from '../../src-main/core/media/automask/proposal.ts';
import { EstimateStore } from '../../src-main/core/media/unblend/estimate-store.ts';
import { ProfileStore } from '../../src-main/core/profiles/profile-store.ts';
import { markedSet } from './marked-scenes.ts';

/**
 * Eight scenes under one text mark (400×300) in `dir/photos`, and the mark the finder finds
 * on them: the photos that carry it and its mask, ready to be measured or kept.
 */
export async function sceneMark(dir: string): Promise<{ photos: string[]; mask: ProposedMask }> {
  const set = await markedSet(path.join(dir, 'photos'), {
    count: 8,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.4,
    seed: 21,
  });
  const proposal = await findWatermark(set.images);
  const group = proposal.groups[0];
  const mask = group?.masks[0];
  if (!group || !mask) throw new Error('no mark found in the test set');
  const photos = group.images.filter((image) => image.present).map((image) => image.path);
  return { photos, mask };
}

/**
 * The scenes' mark (`sceneMark`) measured and saved as the profile `name` in `profilesDir`,
 * as the window's "Watermark profiles" saves it. Returns the marked photos, to copy into a
 * watched folder, and the measurement's bytes, to save more profiles of the same mark.
 */
export async function sceneProfile(
  dir: string,
  profilesDir: string,
  name: string,
): Promise<{ photos: string[]; estimate: Buffer }> {
  const { photos, mask } = await sceneMark(dir);
  const made = path.join(dir, 'made');
  const { id } = await new EstimateStore(path.join(made, 'estimates')).make(photos, mask);
  const estimate = await readFile(path.join(made, 'estimates', `${id}.estimate`));
  await new ProfileStore(profilesDir).save(name, estimate);
  return { photos, estimate };
}
