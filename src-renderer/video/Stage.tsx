import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { hasClip, takeOf } from '../../src-shared/domain/film-takes.ts';
import type { VideoShotView } from '../../src-shared/ipc/contract.ts';

/** A film joined from the project's takes, to play in the large player. */
export interface JoinedFilm {
  filmId: string;
  name: string;
}

/**
 * The picture first: the joined film while it is shown, else the clip the user asked to play,
 * else the shot's take, large at the top of the screen. It belongs to the shot shown: a shot
 * with no clip yet shows an empty frame that says where its clip will come from, never
 * another shot's player.
 */
export function Stage(props: {
  shot: VideoShotView;
  playing: string | null;
  previewBase: string;
  film: JoinedFilm | null;
  /** Back from the film to the shot's own clip. */
  onLeaveFilm: () => void;
}) {
  const intl = useIntl();
  const { shot, previewBase, film } = props;
  const stage = useRef<HTMLElement>(null);
  // A film just joined is what the user came for: the player comes into view.
  useEffect(() => {
    if (film) stage.current?.scrollIntoView({ block: 'nearest' });
  }, [film]);
  const round =
    shot.rounds.find((candidate) => candidate.id === props.playing && hasClip(candidate)) ??
    takeOf(shot);
  const label = intl.formatMessage({ id: 'project.player' });
  if (film) {
    return (
      <section className="stage" aria-label={label} ref={stage}>
        <video
          key={film.filmId}
          src={`${previewBase}film/${film.filmId}`}
          controls
          preload="metadata"
          data-testid="film-player"
          aria-label={intl.formatMessage({ id: 'film.player' })}
        />
        <div className="stage-side">
          <p className="stage-caption">
            {intl.formatMessage({ id: 'film.playing' }, { name: film.name })}
          </p>
          <button type="button" onClick={props.onLeaveFilm}>
            {intl.formatMessage({ id: 'film.backToShot' }, { position: shot.position })}
          </button>
        </div>
      </section>
    );
  }
  if (!round) {
    return (
      <section className="stage empty" aria-label={label}>
        <p>{intl.formatMessage({ id: 'project.stageEmpty' }, { position: shot.position })}</p>
      </section>
    );
  }
  return (
    <section className="stage" aria-label={label}>
      <video
        key={round.id}
        src={`${previewBase}round/${round.id}/video`}
        controls
        preload="metadata"
        data-testid="player"
      />
      <div className="stage-side">
        <p className="stage-caption">
          {intl.formatMessage(
            { id: 'project.clipName' },
            { shot: shot.position, round: round.position },
          )}
        </p>
        {round.hasLastFrame && (
          <img
            src={`${previewBase}round/${round.id}/last-frame`}
            alt={intl.formatMessage({ id: 'project.lastFrame' })}
            className="last-frame"
          />
        )}
      </div>
    </section>
  );
}
