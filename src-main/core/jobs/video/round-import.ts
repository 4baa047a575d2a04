import path from 'node:path';
import {
  referenceLengthIssues,
  unknownLengthWords,
} from '../../../../src-shared/api/video-reference-lengths.ts';
import {
  estimateVideoCost,
  toCents,
  type PricingTier,
} from '../../../../src-shared/domain/pricing.ts';
import type { ImportPlanView } from '../../../../src-shared/ipc/contract.ts';
import { MODES } from '../../../../src-shared/domain/round-draft.ts';
import { coreIntl, said } from '../../i18n/core-words.ts';
import { RoundImportError, readImportRows } from './import-file.ts';
import { rowRound, sentence, type ImportedRound, type RowRound } from './import-row.ts';
import { knownVideoLengths } from './reference-lengths.ts';
import { queueRound } from './round-planning.ts';
import type { ProjectTree, VideoRounds } from './video-rounds.ts';
import type { JobStore } from '../store/store.ts';

export { RoundImportError } from './import-file.ts';

/** A row of the file and every rule it breaks, each in the words of the round editor. */
export interface ImportProblem {
  label: string;
  message: string;
}

/** What importing a file would queue, checked in full before anything is. */
export interface ImportPlan {
  file: string;
  rounds: ImportedRound[];
  problems: ImportProblem[];
  totalCents: number;
  /** Some round is in the auto mode: the total is the most it can cost. */
  upperBound: boolean;
  /** Reference videos' lengths known here, held to the auto mode's rule when queued. */
  lengths: ReadonlyMap<string, number>;
}

/**
 * Reads a CSV or JSON file of rounds and checks every row with the rules the round editor
 * uses, the auto mode's reference-video length included wherever it is known here, and
 * prices each at the tier's rate. Nothing is queued: `queueImport` does that, all or none.
 */
export async function planImport(
  file: string,
  options: { rounds: VideoRounds; tier: PricingTier; demo: boolean },
): Promise<ImportPlan> {
  const rows = await readImportRows(file);
  const dir = path.dirname(path.resolve(file));
  const made: RowRound[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const result = await rowRound(row, dir);
    if (Array.isArray(result)) {
      for (const words of result) problems.push({ label: row.label, message: sentence(words) });
    } else made.push(result);
  }
  const lengths = await knownVideoLengths(
    made.map((m) => m.round.request),
    options,
  );
  for (const row of made) for (const [url, seconds] of row.lengths) lengths.set(url, seconds);
  const rounds: ImportedRound[] = [];
  for (const { round, numbering } of made) {
    const check = referenceLengthIssues(round.request, lengths, numbering);
    for (const issue of check.issues) {
      problems.push({ label: round.label, message: sentence(issue.say(coreIntl())) });
    }
    const estimate = estimateVideoCost(round.request.duration, options.tier);
    rounds.push({
      ...round,
      estimate,
      notes: check.unknown.length ? [unknownLengthWords(coreIntl(), check.unknown)] : [],
    });
  }
  const order = (label: string) => rows.findIndex((row) => row.label === label);
  problems.sort((a, b) => order(a.label) - order(b.label));
  return {
    file,
    rounds,
    problems,
    totalCents: rounds.reduce((sum, round) => sum + toCents(round.estimate.usd), 0),
    upperBound: rounds.some((round) => round.estimate.upperBound),
    lengths,
  };
}

/** Where a round of an import goes: a shot the project has, or one made for it. */
interface ShotPlace {
  shotId?: string;
  position: number;
  title: string;
}

/**
 * The shot of each round: rounds naming the same shot share it (the project's shot of that
 * title, or one made for them); a round naming none takes an empty untitled shot of the
 * project (a new project's first), else a new shot of its own. New shots follow the last.
 */
function placeShots(tree: ProjectTree | undefined, rounds: readonly ImportedRound[]): ShotPlace[] {
  const shots = tree?.shots ?? [];
  const spare = shots.filter((shot) => !shot.title && shot.rounds.length === 0);
  let next = Math.max(0, ...shots.map((shot) => shot.position)) + 1;
  const titled = new Map<string, ShotPlace>(
    shots
      .filter((shot) => shot.title)
      .map((shot) => [shot.title, { shotId: shot.id, position: shot.position, title: shot.title }]),
  );
  return rounds.map(({ shotTitle }) => {
    const known = shotTitle ? titled.get(shotTitle) : undefined;
    if (known) return known;
    const empty = shotTitle ? undefined : spare.shift();
    const place: ShotPlace = empty
      ? { shotId: empty.id, position: empty.position, title: '' }
      : { position: next++, title: shotTitle };
    if (shotTitle) titled.set(shotTitle, place);
    return place;
  });
}

/** The plan as the window and the command line show it, with each round's shot. */
export function planView(plan: ImportPlan, tree: ProjectTree | undefined): ImportPlanView {
  const places = placeShots(tree, plan.rounds);
  return {
    name: path.basename(plan.file),
    rounds: plan.rounds.map((round, i) => {
      const place = places[i];
      return {
        label: round.label,
        shot: said('core.import.shot', {
          position: String(place?.position ?? '?'),
          titled: String(Boolean(place?.title)),
          title: place?.title ?? '',
          isNew: String(!place?.shotId),
        }),
        kind: said(MODES[round.kind].message),
        prompt: round.prompt,
        seconds: round.estimate.seconds,
        cents: toCents(round.estimate.usd),
        upperBound: round.estimate.upperBound,
        notes: round.notes,
      };
    }),
    problems: plan.problems,
    totalCents: plan.totalCents,
    upperBound: plan.upperBound,
  };
}

/** Why a plan queues nothing: each broken rule with the row it is in. */
export function refusedImport(plan: Pick<ImportPlan, 'file' | 'problems'>): RoundImportError {
  const rows = new Set(plan.problems.map((problem) => problem.label)).size;
  return new RoundImportError({
    id: 'core.import.refused',
    values: {
      file: path.basename(plan.file),
      rows,
      problems: plan.problems.map((problem) => `${problem.label}: ${problem.message}`).join(' '),
    },
  });
}

/**
 * Queues every round of a plan with no problems, in one transaction with the shots it
 * makes, into a project (a new one when `project` is a name): all or none.
 */
export function queueImport(
  store: JobStore,
  rounds: VideoRounds,
  tier: PricingTier,
  plan: ImportPlan,
  project: { id: string } | { newName: string },
): { projectId: string; roundIds: string[] } {
  if (plan.problems.length > 0) throw refusedImport(plan);
  return store.db
    .transaction(() => {
      const projectId = 'id' in project ? project.id : rounds.createProject(project.newName);
      const tree = rounds.tree(projectId);
      if (!tree) throw new RoundImportError({ id: 'core.import.projectGone' });
      const made = new Map<ShotPlace, string>();
      const places = placeShots(tree, plan.rounds);
      const roundIds = plan.rounds.map((round, i) => {
        const place = places[i] as ShotPlace;
        const shotId = place.shotId ?? made.get(place) ?? rounds.addShot(projectId, place.title);
        made.set(place, shotId);
        return queueRound(rounds, tier, shotId, round.request, plan.lengths).roundId;
      });
      return { projectId, roundIds };
    })
    .immediate();
}
