import path from 'node:path';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import type { Proposal, ProposalGroup } from '../core/media/automask/proposal.ts';
import { expectsTrace } from '../../src-shared/domain/expected-quality.ts';
import { expectedSentence } from '../../src-shared/i18n/expected-words.ts';
import type { EstimateStore } from '../core/media/unblend/estimate-store.ts';
import { measurableGroup, type MeasurableGroup } from '../core/media/unblend/measurable.ts';
import { cliIntl, words } from './words.ts';

/** The option of `remove` that chooses who cleans the images. */
export const ENGINE_OPTIONS = { engine: { type: 'string' } } as const;

export const engineUsage = () => `${words('cli.engine.usage')}\n${words('cli.profile.usage')}`;

export type Engine = 'service' | 'local';

/** The engine asked for, or the sentence that says what is wrong. */
export function parseEngine(
  value: string | undefined,
  autoMask: boolean,
): { engine: Engine } | { problem: string } {
  if (value === undefined || value === 'service') return { engine: 'service' };
  if (value !== 'local') return { problem: words('cli.engine.unknown') };
  if (!autoMask) {
    return { problem: words('cli.engine.needsAutoMask') };
  }
  return { engine: 'local' };
}

/** The groups this computer can clean (see `measurableGroup`). */
export function localGroups(proposal: Proposal): MeasurableGroup[] {
  return proposal.groups.flatMap((group) => measurableGroup(group) ?? []);
}

/** Why an image is left out by `--engine local`. */
export const notLocalReason = () => words('cli.engine.notLocal');

/**
 * What the self-check expects of a group cleaned on this computer, and when it expects a
 * trace of the mark, what becomes of its results under --engine local.
 */
function expectedLines(group: ProposalGroup): string[] {
  if (!group.expected) return [];
  const { db } = group.expected;
  return [
    expectedSentence(cliIntl(), db),
    ...(expectsTrace(db) ? [words('cli.engine.expectedLow')] : []),
  ];
}

/** Which engine each group gets, one line each, for --dry-run and before the run. */
export function engineLines(
  proposal: Proposal,
  engine: Engine,
): Array<{ event: string; message: string; extra: Record<string, unknown> }> {
  const local = engine === 'local' ? localGroups(proposal) : [];
  return proposal.groups.map((group, index) => {
    const ownGroup = local.find((entry) => group.images.some((i) => i.path === entry.files[0]));
    const images = ownGroup ? ownGroup.files.length : group.images.length;
    const number = index + 1;
    const message = ownGroup
      ? [words('cli.engine.groupLocal', { number, count: images }), ...expectedLines(group)].join(
          ' ',
        )
      : engine === 'local'
        ? words('cli.engine.groupLeftOut', {
            number,
            count: group.images.length,
            reason: notLocalReason(),
          })
        : words('cli.engine.groupService', {
            number,
            count: images,
            credits: formatCredits(cliIntl(), images),
          });
    return {
      event: 'engine',
      message,
      extra: {
        group: index + 1,
        engine: ownGroup || engine === 'service' ? engine : 'none',
        ...(ownGroup && group.expected ? { expectedDb: Number(group.expected.db.toFixed(1)) } : {}),
        inputs: (ownGroup?.files ?? group.images.map((i) => i.path)).map((file) =>
          path.resolve(file),
        ),
      },
    };
  });
}

/** An image's measurement of its mark, and what the self-check expects of it (dB). */
export interface Measured {
  estimate: string;
  expectedDb?: number;
}

/**
 * Keeps each group's measured mark (the finder measured it, asked with `measure`) and
 * returns each image's measurement.
 */
export async function keepMeasurements(
  proposal: Proposal,
  estimates: EstimateStore,
): Promise<Map<string, Measured>> {
  const byFile = new Map<string, Measured>();
  for (const group of proposal.groups) {
    const measurable = measurableGroup(group);
    if (!measurable || !group.estimate) continue;
    const estimate = await estimates.keepEncoded(group.estimate);
    const expected = group.expected ? { expectedDb: group.expected.db } : {};
    for (const file of measurable.files) byFile.set(file, { estimate, ...expected });
  }
  return byFile;
}
