import { useEffect, useState, type FormEvent } from 'react';
import { formatUsd } from '../../src-shared/domain/budget.ts';
import type { VideoRoundView } from '../../src-shared/ipc/contract.ts';
import { RoundEditor } from './RoundEditor.tsx';
import { followVideo, useVideo } from './video-store.ts';

const SETTLED = new Set(['done', 'failed', 'canceled', 'needs-attention']);
const RETRYABLE = new Set(['failed', 'canceled', 'needs-attention']);

function promptOf(round: VideoRoundView): string {
  return round.request.content.find((item) => item.type === 'text')?.text ?? '';
}

/** One round in the queue: what it asked, what it costs, where it is, what it made. */
function RoundRow(props: {
  round: VideoRoundView;
  previewBase: string;
  onPlay: (id: string) => void;
}) {
  const { round } = props;
  const { act, duplicate, extend } = useVideo();
  const [next, setNext] = useState('');
  const money =
    round.chargedCents !== null && round.state === 'done'
      ? `charged ${formatUsd(round.chargedCents)}`
      : `est. ${formatUsd(round.estimateCents)}`;
  return (
    <li className={`round ${round.state}`} data-testid="round" data-state={round.state}>
      <span className="round-title">
        Round {round.position}: {promptOf(round)}
      </span>
      <span className="job-state">{round.state}</span>
      <span className="hint">{money}</span>
      {round.error && <span className="error">{round.error.message}</span>}
      <span className="job-actions">
        {round.state === 'done' && round.videos.length > 0 && (
          <button type="button" onClick={() => props.onPlay(round.id)}>
            Play
          </button>
        )}
        {!SETTLED.has(round.state) && (
          <button
            type="button"
            onClick={() => void act('video:cancel', [round.id])}
            title="Stops waiting for it; the service may still finish and bill it."
          >
            Cancel
          </button>
        )}
        {RETRYABLE.has(round.state) && (
          <button type="button" onClick={() => void act('video:retry', [round.id])}>
            Retry
          </button>
        )}
        <button type="button" onClick={() => void duplicate(round.id)}>
          Duplicate
        </button>
      </span>
      {round.state === 'done' && round.lastFrameUrl && (
        <form
          className="actions extend"
          aria-label={`Extend round ${round.position}`}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (next.trim()) void extend(round.id, next).then(() => setNext(''));
          }}
        >
          <input
            aria-label={`What happens after round ${round.position}`}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            placeholder="What happens next…"
          />
          <button type="submit">Extend from last frame</button>
        </form>
      )}
    </li>
  );
}

/** Video projects: shots in order, each with its rounds, the round editor and a player. */
export function VideoWorkspace(props: { previewBase: string }) {
  const video = useVideo();
  const [playing, setPlaying] = useState<string | null>(null);
  const [shotId, setShotId] = useState<string | null>(null);
  useEffect(() => followVideo(), []);
  const project = video.projects.find((p) => p.id === video.projectId);
  const shot = project?.shots.find((s) => s.id === shotId) ?? project?.shots.at(-1);

  return (
    <div className="video-workspace">
      <form
        className="actions"
        aria-label="Create a project"
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
          if (field.value.trim())
            void video.createProject(field.value.trim()).then(() => (field.value = ''));
        }}
      >
        <label htmlFor="project-name">New project</label>
        <input id="project-name" name="name" placeholder="Name" />
        <button type="submit">Create</button>
        <span className="spacer" />
        {video.projects.length > 0 && (
          <label>
            Project{' '}
            <select
              value={video.projectId ?? ''}
              onChange={(event) => video.select(event.target.value)}
            >
              {video.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      {video.error && (
        <p className="error" role="alert">
          {video.error}
        </p>
      )}
      {project && shot && (
        <>
          <nav className="actions shot-strip" aria-label="Shots">
            {project.shots.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={s.id === shot.id}
                onClick={() => setShotId(s.id)}
              >
                Shot {s.position} ({s.rounds.length})
              </button>
            ))}
            <button type="button" onClick={() => void video.addShot()}>
              Add shot
            </button>
          </nav>
          <section aria-labelledby="rounds-title" className="rounds">
            <h2 id="rounds-title">
              {project.name} · shot {shot.position}
            </h2>
            <ul className="round-list">
              {shot.rounds.map((round) => (
                <RoundRow
                  key={round.id}
                  round={round}
                  previewBase={props.previewBase}
                  onPlay={setPlaying}
                />
              ))}
            </ul>
          </section>
          {playing && (
            <section aria-label="Player" className="player">
              <video
                src={`${props.previewBase}round/${playing}/video`}
                controls
                data-testid="player"
              />
              <img
                src={`${props.previewBase}round/${playing}/last-frame`}
                alt="Last frame"
                className="last-frame"
              />
            </section>
          )}
          <RoundEditor onQueue={(requests) => video.queue(shot.id, requests)} />
        </>
      )}
    </div>
  );
}
