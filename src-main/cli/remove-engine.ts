import path from 'node:path';
import { formatCredits } from '../../src-shared/domain/pricing.ts';
import type { Proposal } from '../core/media/automask/propose.ts';
import type { EstimateStore } from '../core/media/unblend/estimate-store.ts';
import { measurableGroup, type MeasurableGroup } from '../core/media/unblend/measurable.ts';

/** The option of `remove` that chooses who cleans the images. */
export const ENGINE_OPTIONS = { engine: { type: 'string' } } as const;

export const ENGINE_USAGE = `  --engine service|local
                      service (the default): the service cleans each image, 1 credit each;
                      local: this computer undoes the blend of the watermark --auto-mask
                      measured in the batch, free and offline; images it cannot measure the
                      mark for are left out and named (send them with --engine service)`;

export type Engine = 'service' | 'local';

/** The engine asked for, or the sentence that says what is wrong. */
export function parseEngine(
  value: string | undefined,
  autoMask: boolean,
): { engine: Engine } | { problem: string } {
  if (value === undefined || value === 'service') return { engine: 'service' };
  if (value !== 'local') return { problem: '--engine takes service or local.' };
  if (!autoMask) {
    return {
      problem:
        '--engine local undoes the blend of a watermark measured across the batch: add --auto-mask (it needs at least 3 images of a size that share the mark).',
    };
  }
  return { engine: 'local' };
}

/** The groups this computer can clean (see `measurableGroup`). */
export function localGroups(proposal: Proposal): MeasurableGroup[] {
  return proposal.groups.flatMap((group) => measurableGroup(group) ?? []);
}

/** Why an image is left out by `--engine local`. */
export const NOT_LOCAL_REASON =
  'no watermark could be measured for it in this batch (it needs at least 3 images of its size that share the mark), so it was not cleaned: send it with --engine service, or mark it by hand.';

/** Which engine each group gets, one line each, for --dry-run and before the run. */
export function engineLines(
  proposal: Proposal,
  engine: Engine,
): Array<{ event: string; message: string; extra: Record<string, unknown> }> {
  const local = engine === 'local' ? localGroups(proposal) : [];
  return proposal.groups.map((group, index) => {
    const ownGroup = local.find((entry) => group.images.some((i) => i.path === entry.files[0]));
    const images = ownGroup ? ownGroup.files.length : group.images.length;
    const message = ownGroup
      ? `Group ${index + 1} (${images} image${images === 1 ? '' : 's'} with the mark): on this computer, free; nothing is sent.`
      : engine === 'local'
        ? `Group ${index + 1} (${group.images.length} images): not cleaned, ${NOT_LOCAL_REASON}`
        : `Group ${index + 1} (${images} images): the service, ${formatCredits(images)}.`;
    return {
      event: 'engine',
      message,
      extra: {
        group: index + 1,
        engine: ownGroup || engine === 'service' ? engine : 'none',
        inputs: (ownGroup?.files ?? group.images.map((i) => i.path)).map((file) =>
          path.resolve(file),
        ),
      },
    };
  });
}

/**
 * Keeps each group's measured mark (the finder measured it, asked with `measure`) and
 * returns each image's measurement.
 */
export async function keepMeasurements(
  proposal: Proposal,
  estimates: EstimateStore,
): Promise<Map<string, string>> {
  const byFile = new Map<string, string>();
  for (const group of proposal.groups) {
    const measurable = measurableGroup(group);
    if (!measurable || !group.estimate) continue;
    const id = await estimates.keepEncoded(group.estimate);
    for (const file of measurable.files) byFile.set(file, id);
  }
  return byFile;
}
