import { takeOf } from '../../src-shared/domain/film-takes.ts';
import type { VideoShotView } from '../../src-shared/ipc/contract.ts';
import { useIntl } from 'react-intl';

/**
 * The first frame of the take a shot gives the film, so the shots read as a storyboard.
 * The browser shows a clip's first frame once its metadata is in (`preload="metadata"`);
 * nothing plays, and a shot without a take yet shows an empty frame that says so.
 */
export function ShotThumb(props: { shot: VideoShotView; previewBase: string }) {
  const intl = useIntl();
  const take = takeOf(props.shot);
  if (!take) {
    return (
      <span className="shot-thumb empty" aria-hidden="true">
        {intl.formatMessage({ id: 'project.noTake' })}
      </span>
    );
  }
  return (
    <video
      className="shot-thumb"
      src={`${props.previewBase}round/${take.id}/video#t=0.001`}
      preload="metadata"
      muted
      playsInline
      aria-hidden="true"
      tabIndex={-1}
      data-testid="shot-thumb"
    />
  );
}
