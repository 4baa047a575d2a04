import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { formatUsd, roundMoneyWords } from '../../src-shared/domain/budget.ts';
import { bridge } from '../bridge.ts';
import { RetryActions } from '../components/RetryActions.tsx';
import type { VideoRoundView, VideoShotView } from '../../src-shared/ipc/contract.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { continuationDuration, estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { paidEstimate, useConfirmPaid, usePricingTier, type PaidAsk } from './ConfirmPaid.tsx';
import { SpendingHistory } from '../account/SpendingHistory.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ImportRounds } from './ImportRounds.tsx';
import { JoinFilm } from './JoinFilm.tsx';
import { ShotThumb } from './ShotThumb.tsx';
import { ProjectTools, RoundTools, ShotTools } from './ArrangeControls.tsx';
import { useDrafts } from './draft-store.ts';
import { RoundEditor, type EditorSeed } from './RoundEditor.tsx';
import { followVideo, useVideo } from './video-store.ts';
import './video.css';
import { Select } from '../ui/Select.tsx';
import { ROUND_STATE_WORDS } from '../words/job-states.ts';

/** The time now, moving once a second while the screen is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function seconds(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/** How long a round has run, and how long rounds that finished took on average. */
function timing(round: VideoRoundView, now: number, typicalMs: number | null): string {
  if (round.state === 'done' && round.submittedAt)
    return `took ${seconds(round.updatedAt - round.submittedAt)}`;
  if (SETTLED_STATES.has(round.state) || !round.submittedAt) return '';
  const elapsed = now - round.submittedAt;
  const left =
    typicalMs === null ? '' : ` · about ${seconds(Math.max(0, typicalMs - elapsed))} left`;
  return `running for ${seconds(elapsed)}${left}`;
}

/** The clip a round asks for, so its cost reads as the price of that length. */
function clipWords(round: VideoRoundView): string {
  const { duration } = round.request;
  if (duration === VIDEO_LIMITS.autoDuration) return 'length picked by the model';
  return duration === undefined ? "the service's default length" : `${duration}-second clip`;
}

/** What an export did, in one sentence: the takes copied, and any shot left out. */
function exportedNote(folder: string, count: number, leftOut: readonly number[]): string {
  const copied =
    count === 1
      ? `1 take copied to ${folder}.`
      : `${count} takes copied to ${folder}, one a shot, in order.`;
  if (leftOut.length === 0) return copied;
  const shots = leftOut.map((position) => `shot ${position}`).join(', ');
  return `${copied} Left out, with no finished round yet: ${shots}.`;
}

function promptOf(round: VideoRoundView): string {
  return round.request.content.find((item) => item.type === 'text')?.text ?? '';
}

/**
 * The two ways on from a finished clip: a new round that starts from its last frame, or one
 * that takes the clip itself as its reference video. The second needs the clip as an uploaded
 * asset; when the service gave only a download link, the form says so and asks for it.
 */
function ExtendForms(props: { round: VideoRoundView; ask: (paid: PaidAsk) => void }) {
  const { round, ask } = props;
  const extend = useVideo((state) => state.extend);
  const cost = paidEstimate(continuationDuration(round.request), usePricingTier());
  const [next, setNext] = useState('');
  const [asVideo, setAsVideo] = useState(false);
  const [asset, setAsset] = useState(round.videoAsset ?? '');
  const [continuation, setContinuation] = useState('continue @video1: ');
  return (
    <>
      {round.lastFrameUrl && (
        <form
          className="actions extend"
          aria-label={`Extend round ${round.position}`}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (next.trim()) {
              ask({
                what: `Send round ${round.position}'s continuation from its last frame`,
                ...cost,
                send: () => extend(round.id, next).then(() => setNext('')),
              });
            }
          }}
        >
          <input
            aria-label={`What happens after round ${round.position}`}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            placeholder="What happens next…"
          />
          <button type="submit">Extend from last frame</button>
          <button type="button" aria-expanded={asVideo} onClick={() => setAsVideo(!asVideo)}>
            Extend video…
          </button>
        </form>
      )}
      {(asVideo || !round.lastFrameUrl) && (
        <form
          className="extend-video"
          aria-label={`Extend the video of round ${round.position}`}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            ask({
              what: `Send round ${round.position}'s continuation with its clip as the reference`,
              ...cost,
              send: () => extend(round.id, continuation, { from: 'video', videoAsset: asset }),
            });
          }}
        >
          {!round.videoAsset && (
            <p className="hint">
              The service takes a reference video only as an uploaded asset, and this clip came back
              as a download link. Upload {round.videos[0]} to your account on the provider&apos;s
              site, then paste its asset:// address here.
            </p>
          )}
          <span className="actions">
            <input
              aria-label={`Asset address of round ${round.position}`}
              value={asset}
              onChange={(event) => setAsset(event.target.value)}
              placeholder="asset://…"
            />
            <input
              aria-label={`How round ${round.position} goes on`}
              value={continuation}
              onChange={(event) => setContinuation(event.target.value)}
            />
            <button type="submit" disabled={!asset.trim() || !continuation.trim()}>
              Extend video
            </button>
          </span>
        </form>
      )}
    </>
  );
}

/** One round in the queue: what it asked, what it costs, where it is, what it made. */
function RoundRow(props: {
  round: VideoRoundView;
  shot: VideoShotView;
  onNote: (message: string | null) => void;
  onPlay: (id: string) => void;
  onWritePrompt: (round: VideoRoundView) => void;
  now: number;
  typicalMs: number | null;
}) {
  const { round } = props;
  const { act, duplicate } = useVideo();
  const tier = usePricingTier();
  const { ask, prompt } = useConfirmPaid();
  return (
    <li
      className={`round ${round.state}${round.demo ? ' demo' : ''}`}
      data-testid="round"
      data-state={round.state}
    >
      <span className="round-title">
        Round {round.position}:{' '}
        {round.promptUnknown ? <em>prompt not known (added from the service)</em> : promptOf(round)}
        {round.demo && (
          <span
            className="demo-mark"
            data-testid="demo-mark"
            title="Made by the built-in simulator: nothing was sent to the service or charged."
          >
            demo
          </span>
        )}
      </span>
      <span className="job-state">{ROUND_STATE_WORDS[round.state]}</span>
      <span className="hint">
        {roundMoneyWords(round)} · {clipWords(round)}
        {timing(round, props.now, props.typicalMs) &&
          ` · ${timing(round, props.now, props.typicalMs)}`}
      </span>
      {round.error && <span className="error">{round.error.message}</span>}
      <span className="job-actions">
        {round.state === 'done' && round.videos.length > 0 && (
          <>
            <button type="button" onClick={() => props.onPlay(round.id)}>
              Play
            </button>
            <button
              type="button"
              onClick={() => void bridge().invoke('shell:reveal', { jobId: round.id })}
            >
              Show in folder
            </button>
          </>
        )}
        {!SETTLED_STATES.has(round.state) && (
          <button
            type="button"
            onClick={() => void act('video:cancel', [round.id])}
            title="Stops waiting for it; the service may still finish and bill it."
          >
            Cancel
          </button>
        )}
        <RetryActions
          state={round.state}
          checkAgain={round.checkAgain}
          cost={formatUsd(round.estimateCents)}
          name={`round ${round.position}`}
          onRetry={() => void act('video:retry', [round.id])}
          onSendAgain={() => void act('video:sendAgain', [round.id])}
          payable={!round.promptUnknown}
          ask={(what, send) =>
            ask({
              what,
              cents: round.estimateCents,
              upperBound: estimateVideoCost(round.request.duration, tier).upperBound,
              send: () => Promise.resolve(send()),
            })
          }
        />
        {round.promptUnknown ? (
          <button
            type="button"
            onClick={() => props.onWritePrompt(round)}
            title="Clearframe does not know this task's prompt, so it cannot send it again as it is."
          >
            Write prompt…
          </button>
        ) : (
          <button
            type="button"
            onClick={() =>
              ask({
                what: `Send a copy of round ${round.position}`,
                ...paidEstimate(round.request.duration, tier),
                send: () => duplicate(round.id),
              })
            }
          >
            Duplicate
          </button>
        )}
        <RoundTools shot={props.shot} round={round} onNote={props.onNote} />
      </span>
      {prompt}
      {round.state === 'done' && round.videos.length > 0 && <ExtendForms round={round} ask={ask} />}
    </li>
  );
}

/** Video projects: shots in order, each with its rounds, the round editor and a player. */
export function VideoWorkspace(props: { previewBase: string }) {
  const video = useVideo();
  const now = useNow();
  const [note, setNote] = useState<string | null>(null);
  const [filmOpen, setFilmOpen] = useState(false);
  const [spendingOpen, setSpendingOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const { playing, shotId } = video;
  // A round's settings to start the editor from ("Write prompt…" on an attached task).
  const [seed, setSeed] = useState<EditorSeed | null>(null);
  const startDraftFrom = useDrafts((state) => state.startFrom);
  useEffect(() => followVideo(), []);
  const project = video.projects.find((p) => p.id === video.projectId);
  const shot = project?.shots.find((s) => s.id === shotId) ?? project?.shots.at(-1);
  const finished = (project?.shots ?? [])
    .flatMap((s) => s.rounds)
    .filter((r) => r.state === 'done' && r.submittedAt !== null);
  const typicalMs = finished.length
    ? finished.reduce((sum, r) => sum + (r.updatedAt - (r.submittedAt ?? r.updatedAt)), 0) /
      finished.length
    : null;
  const exportProject = async (projectId: string) => {
    const result = await bridge().invoke('video:exportProject', { projectId });
    if (!result.ok) return setNote(result.error.message);
    const { folder, count, leftOut } = result.value;
    if (folder) setNote(exportedNote(folder, count, leftOut));
  };

  const createForm = (
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
      <input id="project-name" name="name" placeholder="Name, such as Harbour at night" />
      <button type="submit" className={video.projects.length ? undefined : 'primary'}>
        Create
      </button>
      <span className="spacer" />
      {video.projects.length > 0 && (
        <label>
          Project{' '}
          <Select
            value={video.projectId ?? ''}
            options={video.projects.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(event) => video.select(event.target.value)}
          />
        </label>
      )}
    </form>
  );
  const showNote = (message: string | null) => {
    if (message) setNote(message);
  };

  return (
    <div className="video-workspace">
      {video.projects.length === 0 ? (
        <section className="video-empty" aria-labelledby="video-empty-title">
          <h2 id="video-empty-title">Make a video, shot by shot</h2>
          <p>
            A project is one video. It is made of shots in order, and each shot is made in rounds:
            you describe the shot, see what it costs, send it, and keep trying until a round comes
            out right.
          </p>
          <p>Name your first project to begin.</p>
          {createForm}
        </section>
      ) : (
        <>
          {createForm}
          {project && <ProjectTools key={project.id} project={project} onNote={showNote} />}
        </>
      )}
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
                onClick={() => video.selectShot(s.id)}
                className="shot-button"
              >
                <ShotThumb shot={s} previewBase={props.previewBase} />
                Shot {s.position} ({s.rounds.length})
              </button>
            ))}
            <button type="button" onClick={() => void video.addShot()}>
              Add shot
            </button>
            <span className="spacer" />
            <button type="button" onClick={() => void exportProject(project.id)}>
              Export takes…
            </button>
            <button type="button" aria-expanded={filmOpen} onClick={() => setFilmOpen(true)}>
              Join takes into one film…
            </button>
            <button
              type="button"
              aria-expanded={spendingOpen}
              onClick={() => setSpendingOpen(!spendingOpen)}
            >
              Spending…
            </button>
            <button type="button" onClick={() => setImportOpen(true)}>
              Import rounds…
            </button>
          </nav>
          {importOpen && (
            <ImportRounds
              project={project}
              onClose={() => setImportOpen(false)}
              onQueued={setNote}
            />
          )}
          {note && <p role="status">{note}</p>}
          {spendingOpen && (
            <SpendingHistory
              key={project.id}
              projectId={project.id}
              title={`What ${project.name} cost`}
              className="rounds"
              onClose={() => setSpendingOpen(false)}
            />
          )}
          {filmOpen && (
            <JoinFilm
              key={project.id}
              project={project}
              previewBase={props.previewBase}
              onClose={() => setFilmOpen(false)}
            />
          )}
          <section aria-labelledby="rounds-title" className="rounds">
            <div className="rounds-head">
              <h2 id="rounds-title">
                {project.name} · shot {shot.position}
              </h2>
              <ShotTools shot={shot} onNote={showNote} />
            </div>
            <ul className="round-list">
              {shot.rounds.map((round) => (
                <RoundRow
                  key={round.id}
                  round={round}
                  shot={shot}
                  onNote={showNote}
                  onPlay={video.play}
                  onWritePrompt={(attached) => {
                    startDraftFrom(shot.id, attached.request);
                    setSeed({ request: attached.request, at: Date.now() });
                  }}
                  now={now}
                  typicalMs={typicalMs}
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
          <RoundEditor
            key={shot.id}
            shotId={shot.id}
            seed={seed}
            onQueue={(requests) => video.queue(shot.id, requests)}
            previewBase={props.previewBase}
            clips={project.shots.flatMap((s) =>
              s.rounds
                .filter((r) => r.state === 'done' && r.videos.length > 0)
                .map((r) => ({
                  roundId: r.id,
                  label: `Shot ${s.position}, round ${r.position}`,
                  asset: r.videoAsset,
                })),
            )}
          />
          <HistoryPanel shotId={shot.id} shotLabel={`shot ${shot.position}`} />
        </>
      )}
    </div>
  );
}
