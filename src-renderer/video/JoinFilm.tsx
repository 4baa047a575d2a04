import { useState } from 'react';
import { filmTakes } from '../../src-shared/domain/film-takes.ts';
import type { VideoProjectView, VideoRoundView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';

type Outcome =
  { kind: 'saved'; path: string; filmId: string } | { kind: 'failed'; message: string } | undefined;

function takeWords(shotPosition: number, round: VideoRoundView | undefined): string {
  if (!round) return `Shot ${shotPosition}: no finished take yet, left out`;
  const prompt = round.request.content.find((item) => item.type === 'text')?.text ?? '';
  return `Shot ${shotPosition}: round ${round.position}${prompt ? `, ${prompt}` : ''}`;
}

/**
 * What "Join takes into one film…" opens: the take each shot gives the film, then the join,
 * without re-encoding, into one MP4 in a folder the user chooses, and the film to play. When
 * the takes cannot be joined that way, the core's sentence says which and why.
 */
export function JoinFilm(props: {
  project: VideoProjectView;
  previewBase: string;
  onClose: () => void;
}) {
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
    if (path && filmId) setOutcome({ kind: 'saved', path, filmId });
  };

  return (
    <section className="rounds join-film" aria-labelledby="join-film-title">
      <h2 id="join-film-title">One film of {props.project.name}</h2>
      <p>
        The take each shot gives the film, in order. They are joined as they are, without
        re-encoding, so the film looks exactly like its clips.
      </p>
      <ol data-testid="film-takes">
        {takes.map((take) => (
          <li key={take.shotPosition}>{takeWords(take.shotPosition, take.round)}</li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={!joinable || busy}
          onClick={() => void join()}
        >
          {busy ? 'Joining…' : 'Choose a folder and join'}
        </button>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      {!joinable && <p>No shot has a finished take yet.</p>}
      {outcome?.kind === 'failed' && (
        <p className="error" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'saved' && (
        <>
          <p role="status">Saved as {outcome.path}</p>
          <video
            src={`${props.previewBase}film/${outcome.filmId}`}
            controls
            data-testid="film-player"
            aria-label="The joined film"
          />
        </>
      )}
    </section>
  );
}
