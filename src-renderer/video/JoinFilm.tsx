import { useState } from 'react';
import { useIntl } from 'react-intl';
import { filmTakes } from '../../src-shared/domain/film-takes.ts';
import type { Formatter } from '../../src-shared/i18n/formats.ts';
import type { VideoProjectView, VideoRoundView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import type { JoinedFilm } from './Stage.tsx';

type Outcome = { kind: 'saved'; path: string } | { kind: 'failed'; message: string } | undefined;

function takeWords(intl: Formatter, shot: number, round: VideoRoundView | undefined): string {
  if (!round) return intl.formatMessage({ id: 'film.noTake' }, { shot });
  // A round attached from the service has no prompt known here, only a stand-in.
  const prompt = round.promptUnknown
    ? ''
    : (round.request.content.find((item) => item.type === 'text')?.text ?? '');
  return prompt
    ? intl.formatMessage({ id: 'film.takeWithPrompt' }, { shot, round: round.position, prompt })
    : intl.formatMessage({ id: 'film.take' }, { shot, round: round.position });
}

/**
 * What "Join takes into one film…" opens: the take each shot gives the film, then the join,
 * without re-encoding, into one MP4 in a folder the user chooses, which then plays in the
 * screen's large player (see Stage.tsx). When
 * the takes cannot be joined that way, the core's sentence says which and why.
 */
export function JoinFilm(props: {
  project: VideoProjectView;
  /** The film, joined: it plays in the screen's large player. */
  onJoined: (film: JoinedFilm) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const takes = filmTakes(props.project.shots);
  const joinable = takes.some((take) => take.round);

  const join = async () => {
    setBusy(true);
    setOutcome(undefined);
    const result = await bridge().invoke('video:joinProject', { projectId: props.project.id });
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: 'failed', message: result.error.message });
    const { path, filmId } = result.value;
    if (!path || !filmId) return;
    setOutcome({ kind: 'saved', path });
    props.onJoined({ filmId, name: props.project.name });
  };

  return (
    <section className="rounds join-film" aria-labelledby="join-film-title">
      <h2 id="join-film-title">
        {intl.formatMessage({ id: 'film.title' }, { name: props.project.name })}
      </h2>
      <p>{intl.formatMessage({ id: 'film.about' })}</p>
      <ol data-testid="film-takes">
        {takes.map((take) => (
          <li key={take.shotPosition}>{takeWords(intl, take.shotPosition, take.round)}</li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={!joinable || busy}
          onClick={() => void join()}
        >
          {intl.formatMessage({ id: busy ? 'film.joining' : 'film.join' })}
        </button>
        <button type="button" onClick={props.onClose}>
          {intl.formatMessage({ id: 'film.close' })}
        </button>
      </div>
      {!joinable && <p>{intl.formatMessage({ id: 'film.nothing' })}</p>}
      {outcome?.kind === 'failed' && (
        <p className="error" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'saved' && (
        <p role="status">{intl.formatMessage({ id: 'film.saved' }, { path: outcome.path })}</p>
      )}
    </section>
  );
}
