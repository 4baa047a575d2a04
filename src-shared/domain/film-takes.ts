/** A shot as the film sees it: its place, the take the user chose, its rounds. */
export interface FilmShot<R extends FilmRound> {
  position: number;
  /** The round the user chose as the shot's take; null: the newest with a clip. */
  chosenTakeId: string | null;
  rounds: readonly R[];
}

export interface FilmRound {
  id: string;
  state: string;
  createdAt: number;
  /** The clips the round saved; a take needs one. */
  videos: readonly string[];
}

/** One shot's place in the film: the round whose clip it uses, or none yet. */
export interface FilmTake<R extends FilmRound> {
  shotPosition: number;
  round: R | undefined;
}

/** Whether a round can be a take: finished, with its clip on record. */
export function hasClip(round: Pick<FilmRound, 'state' | 'videos'>): boolean {
  return round.state === 'done' && round.videos.length > 0;
}

/**
 * The take a shot uses: the round the user chose while it still has its clip, else the
 * newest round (by when it was made, whatever the order) that has one.
 */
export function takeOf<R extends FilmRound>(shot: FilmShot<R>): R | undefined {
  const chosen = shot.rounds.find((round) => round.id === shot.chosenTakeId);
  if (chosen && hasClip(chosen)) return chosen;
  return shot.rounds
    .filter(hasClip)
    .reduce<R | undefined>(
      (newest, round) => (!newest || round.createdAt >= newest.createdAt ? round : newest),
      undefined,
    );
}

/**
 * The take each shot puts in the film, in shot order. The window shows this list before
 * joining and the core joins exactly it, so both read the rule here. A shot without one is
 * left out of the film, and the list says so.
 */
export function filmTakes<R extends FilmRound>(shots: readonly FilmShot<R>[]): FilmTake<R>[] {
  return [...shots]
    .sort((a, b) => a.position - b.position)
    .map((shot) => ({ shotPosition: shot.position, round: takeOf(shot) }));
}
