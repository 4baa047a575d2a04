import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';
import { EstimateStore } from '../../src-main/core/media/unblend/estimate-store.ts';
import { ProfileStore } from '../../src-main/core/profiles/profile-store.ts';
import { markedSet } from './marked-scenes.ts';

/**
 * Eight scenes under one text mark (400×300), the mark found and measured on them and saved
 * as the profile `name` in `profilesDir`, as the window's "Watermark profiles" saves it.
 * Returns the marked photos, to copy into a watched folder, and the measurement's bytes, to
 * save more profiles of the same mark.
 */
export async function sceneProfile(
  dir: string,
  profilesDir: string,
  name: string,
): Promise<{ photos: string[]; estimate: Buffer }> {
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
  const made = path.join(dir, 'made');
  const { id } = await new EstimateStore(path.join(made, 'estimates')).make(photos, mask);
  const estimate = await readFile(path.join(made, 'estimates', `${id}.estimate`));
  await new ProfileStore(profilesDir).save(name, estimate);
  return { photos, estimate };
}
