import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { bridge } from '../bridge.ts';
import { SpendingHistory } from '../account/SpendingHistory.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ImportRounds } from './ImportRounds.tsx';
import { JoinFilm } from './JoinFilm.tsx';
import { ShotTools } from './ArrangeControls.tsx';
import { ProjectBar } from './ProjectBar.tsx';
import { useDrafts } from './draft-store.ts';
import { RoundEditor, type EditorSeed } from './RoundEditor.tsx';
import { RoundCard } from './RoundCard.tsx';
import { exportedNote, useNow } from './round-words.ts';
import { Stage, type JoinedFilm } from './Stage.tsx';
import { Storyboard } from './Storyboard.tsx';
import { followVideo, useVideo } from './video-store.ts';
import './video.css';
import './prompt-bar.css';
import './round-cards.css';
import './short-window.css';

/**
 * Video projects, picture first: the shot's clip (or the joined film) large at the top, the shots as a storyboard
 * under it, the shot's rounds, and the round editor docked at the foot of the window.
 */
export function VideoWorkspace(props: { previewBase: string }) {
  const intl = useIntl();
  const video = useVideo();
  const now = useNow();
  const [note, setNote] = useState<string | null>(null);
  const [filmOpen, setFilmOpen] = useState(false);
  const [spendingOpen, setSpendingOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const { playing, shotId } = video;
  // The film joined last, shown in the player until another clip or shot is chosen there.
  const [film, setFilm] = useState<(JoinedFilm & { over: string }) | null>(null);
  // A round's settings to start the editor from ("Write prompt…" on an attached task).
  const [seed, setSeed] = useState<EditorSeed | null>(null);
  const startDraftFrom = useDrafts((state) => state.startFrom);
  useEffect(() => followVideo(), []);
  const project = video.projects.find((p) => p.id === video.projectId);
  const shot = project?.shots.find((s) => s.id === shotId) ?? project?.shots.at(-1);
  // What the player showed when the film was joined: choosing anything else there leaves it.
  const shown = `${project?.id}|${shot?.id}|${playing}`;
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
    if (folder) setNote(exportedNote(intl, folder, count, leftOut));
  };

  const createForm = (
    <form
      className="actions"
      aria-label={intl.formatMessage({ id: 'project.createForm' })}
      onSubmit={(event) => {
        event.preventDefault();
        const field = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
        // An empty name is no reason to stop: the project gets a numbered one, renamed in place.
        const name =
          field.value.trim() ||
          intl.formatMessage({ id: 'project.defaultName' }, { number: video.projects.length + 1 });
        void video.createProject(name).then(() => (field.value = ''));
      }}
    >
      <label htmlFor="project-name">{intl.formatMessage({ id: 'project.newProject' })}</label>
      <input
        id="project-name"
        name="name"
        placeholder={intl.formatMessage({ id: 'project.namePlaceholder' })}
      />
      <button type="submit" className={video.projects.length ? undefined : 'primary'}>
        {intl.formatMessage({ id: 'project.create' })}
      </button>
    </form>
  );
  const showNote = (message: string | null) => {
    if (message) setNote(message);
  };

  return (
    <div className="video-workspace">
      {video.projects.length === 0 ? (
        <section className="video-empty" aria-labelledby="video-empty-title">
          <h2 id="video-empty-title">{intl.formatMessage({ id: 'project.emptyTitle' })}</h2>
          <p>{intl.formatMessage({ id: 'project.emptyAbout' })}</p>
          <p>{intl.formatMessage({ id: 'project.emptyStart' })}</p>
          {createForm}
        </section>
      ) : project ? (
        <ProjectBar
          key={project.id}
          project={project}
          onNote={showNote}
          onOpen={(panel) => {
            if (panel === 'film') setFilmOpen(true);
            if (panel === 'spending') setSpendingOpen(true);
            if (panel === 'import') setImportOpen(true);
          }}
          onExport={() => void exportProject(project.id)}
          createForm={createForm}
        />
      ) : (
        createForm
      )}
      {video.error && (
        <p className="error" role="alert">
          {video.error}
        </p>
      )}
      {project && shot && (
        <>
          <div className="studio-top">
            <Stage
              shot={shot}
              playing={playing}
              previewBase={props.previewBase}
              film={film?.over === shown ? film : null}
              onLeaveFilm={() => setFilm(null)}
            />
            <Storyboard
              project={project}
              shotId={shot.id}
              previewBase={props.previewBase}
              onNote={showNote}
            />
          </div>
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
              title={intl.formatMessage({ id: 'project.spendingTitle' }, { name: project.name })}
              className="rounds"
              onClose={() => setSpendingOpen(false)}
            />
          )}
          {filmOpen && (
            <JoinFilm
              key={project.id}
              project={project}
              onJoined={(joined) => setFilm({ ...joined, over: shown })}
              onClose={() => setFilmOpen(false)}
            />
          )}
          <section aria-labelledby="rounds-title" className="rounds">
            <div className="rounds-head">
              <h2 id="rounds-title">
                {intl.formatMessage(
                  { id: 'project.roundsTitle' },
                  { project: project.name, position: shot.position },
                )}
              </h2>
              <ShotTools shot={shot} onNote={showNote} />
            </div>
            <ul className="round-list">
              {shot.rounds.map((round) => (
                <RoundCard
                  key={round.id}
                  round={round}
                  shot={shot}
                  previewBase={props.previewBase}
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
          <HistoryPanel
            shotId={shot.id}
            shotLabel={intl.formatMessage({ id: 'project.shotName' }, { position: shot.position })}
          />
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
                  label: intl.formatMessage(
                    { id: 'project.clipName' },
                    { shot: s.position, round: r.position },
                  ),
                  asset: r.videoAsset,
                })),
            )}
          />
        </>
      )}
    </div>
  );
}
