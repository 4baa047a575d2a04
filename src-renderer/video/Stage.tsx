import { useIntl } from 'react-intl';
import { hasClip, takeOf } from '../../src-shared/domain/film-takes.ts';
import type { VideoShotView } from '../../src-shared/ipc/contract.ts';

/**
 * The picture first: the clip the user asked to play, else the shot's take, large at the top
 * of the screen. It belongs to the shot shown: a shot with no clip yet shows an empty frame
 * that says where its clip will come from, never another shot's player.
 */
export function Stage(props: { shot: VideoShotView; playing: string | null; previewBase: string }) {
  const intl = useIntl();
  const { shot, previewBase } = props;
  const round =
    shot.rounds.find((candidate) => candidate.id === props.playing && hasClip(candidate)) ??
    takeOf(shot);
  const label = intl.formatMessage({ id: 'project.player' });
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
