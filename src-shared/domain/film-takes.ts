/** A shot as the film sees it: its place, and its rounds with what they made. */
export interface FilmShot<R extends FilmRound> {
  position: number;
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

/**
 * The take each shot puts in the film, in shot order: its newest finished round with a clip.
 * The window shows this list before joining and the core joins exactly it, so both read the
 * rule here. A shot without one is left out of the film, and the list says so.
 */
export function filmTakes<R extends FilmRound>(shots: readonly FilmShot<R>[]): FilmTake<R>[] {
  return [...shots]
    .sort((a, b) => a.position - b.position)
    .map((shot) => ({
      shotPosition: shot.position,
      round: shot.rounds
        .filter((round) => round.state === 'done' && round.videos.length > 0)
        .reduce<R | undefined>(
          (newest, round) => (!newest || round.createdAt >= newest.createdAt ? round : newest),
          undefined,
        ),
    }));
}
