import { randomUUID } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { filmTakes, type FilmRound, type FilmShot } from '../../../src-shared/domain/film-takes.ts';
import { saveUnderFreeName } from '../fs/save-under-free-name.ts';
import { filmFileName, FilmJoinError, joinClips } from '../media/film/film-join.ts';
import {
  readRoundOutputs,
  type ProjectTree,
  type VideoRounds,
} from '../jobs/video/video-rounds.ts';
import { said } from '../i18n/core-words.ts';

interface TakeRound extends FilmRound {
  shotPosition: number;
  /** The round's place in its shot, for the exported file's name. */
  position: number;
}

/** Every round of a project with the clips it saved, as the take rule reads them. */
function takeRounds(tree: ProjectTree): FilmShot<TakeRound>[] {
  return tree.shots.map((shot) => ({
    position: shot.position,
    chosenTakeId: shot.take_round_id,
    rounds: shot.rounds.map((row) => {
      const outputs = readRoundOutputs(row);
      return {
        id: row.id,
        state: row.state,
        createdAt: row.created_at,
        videos: outputs.ok ? (outputs.value?.videos ?? []) : [],
        shotPosition: shot.position,
        position: row.position,
      };
    }),
  }));
}

/** The rounds asked for, in the order asked, each a finished round of this project with a clip. */
function askedTakes(
  shots: ReturnType<typeof takeRounds>,
  roundIds: readonly string[],
): TakeRound[] {
  const byId = new Map(shots.flatMap((shot) => shot.rounds.map((round) => [round.id, round])));
  return roundIds.map((id) => {
    const round = byId.get(id);
    if (!round) {
      throw new FilmJoinError({ id: 'core.app.filmTakeGone' });
    }
    if (round.state !== 'done' || round.videos.length === 0) {
      throw new FilmJoinError({
        id: 'core.app.filmTakeUnfinished',
        values: { position: round.shotPosition },
      });
    }
    return round;
  });
}

/**
 * Joins a project's takes into one film in `folder` (see `joinClips`): the rounds given, or
 * each shot's take as `filmTakes` picks it, shots without one left out. The film is named
 * after the project and never replaces a file.
 */
export async function joinProjectFilm(
  rounds: VideoRounds,
  projectId: string,
  folder: string,
  roundIds?: readonly string[],
): Promise<string> {
  const tree = rounds.tree(projectId);
  if (!tree) throw new FilmJoinError({ id: 'core.app.projectGone' });
  const shots = takeRounds(tree);
  const takes = roundIds
    ? askedTakes(shots, roundIds)
    : filmTakes(shots).flatMap((take) => (take.round ? [take.round] : []));
  if (takes.length === 0) {
    throw new FilmJoinError({ id: 'core.app.filmNoTakes' });
  }
  const clips = takes.map((take) => ({
    file: take.videos[0] as string,
    label: `shot ${take.shotPosition}`,
  }));
  return joinClips(clips, folder, filmFileName(tree.name));
}

/** What an export did: how many takes it copied, and the shots left out for want of one. */
export interface ExportedTakes {
  count: number;
  leftOut: number[];
}

/**
 * Copies each shot's take (the one the film uses, see `filmTakes`) into `folder`, in shot
 * order, named so a file manager lists them in that order (`001-shot-1-round-2.mp4`). A
 * name already taken there is never replaced: the copy takes the next free numbered name.
 */
export async function exportProjectTakes(
  rounds: VideoRounds,
  projectId: string,
  folder: string,
): Promise<ExportedTakes> {
  const tree = rounds.tree(projectId);
  if (!tree) throw new FilmJoinError({ id: 'core.app.projectGone' });
  const takes = filmTakes(takeRounds(tree));
  let count = 0;
  for (const take of takes) {
    const round = take.round;
    const clip = round?.videos[0];
    if (!round || !clip) continue;
    count += 1;
    const name = `${String(count).padStart(3, '0')}-shot-${take.shotPosition}-round-${round.position}${path.extname(clip)}`;
    await saveUnderFreeName(path.join(folder, name), (temp) => copyFile(clip, temp), {
      what: said('core.files.what.take', { shot: take.shotPosition }),
      again: said('core.files.again.export'),
    });
  }
  return {
    count,
    leftOut: takes.filter((take) => !take.round).map((take) => take.shotPosition),
  };
}

/** Films joined in this session, by an id the preview URL may name: never a path from the page. */
export class FilmShelf {
  private readonly films = new Map<string, string>();

  add(file: string): string {
    const id = randomUUID();
    this.films.set(id, file);
    return id;
  }

  file(id: string): string | undefined {
    return this.films.get(id);
  }
}
