import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { saidNow } from '../../src-shared/i18n/sentence.ts';
import { roundMoney } from '../../src-shared/domain/budget.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';
import { RetryActions } from '../components/RetryActions.tsx';
import type { VideoRoundView, VideoShotView } from '../../src-shared/ipc/contract.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { paidEstimate, useConfirmPaid, usePricingTier } from './ConfirmPaid.tsx';
import { SpendingHistory } from '../account/SpendingHistory.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ExtendForms } from './ExtendForms.tsx';
import { ImportRounds } from './ImportRounds.tsx';
import { JoinFilm } from './JoinFilm.tsx';
import { ShotThumb } from './ShotThumb.tsx';
import { ProjectTools, RoundTools, ShotTools } from './ArrangeControls.tsx';
import { useDrafts } from './draft-store.ts';
import { RoundEditor, type EditorSeed } from './RoundEditor.tsx';
import { followVideo, useVideo } from './video-store.ts';
import './video.css';
import { Select } from '../ui/Select.tsx';
import { ROUND_STATE_MESSAGES } from '../words/job-states.ts';

/** The time now, moving once a second while the screen is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function duration(intl: Formatter, ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 90
    ? intl.formatMessage({ id: 'round.seconds' }, { seconds: s })
    : intl.formatMessage({ id: 'round.minutes' }, { minutes: Math.round(s / 60) });
}

/** How long a round has run, and how long rounds that finished took on average. */
function timing(
  intl: Formatter,
  round: VideoRoundView,
  now: number,
  typicalMs: number | null,
): string {
  if (round.state === 'done' && round.submittedAt)
    return intl.formatMessage(
      { id: 'round.took' },
      { time: duration(intl, round.updatedAt - round.submittedAt) },
    );
  if (SETTLED_STATES.has(round.state) || !round.submittedAt) return '';
  const time = duration(intl, now - round.submittedAt);
  return typicalMs === null
    ? intl.formatMessage({ id: 'round.running' }, { time })
    : intl.formatMessage(
        { id: 'round.runningLeft' },
        { time, left: duration(intl, Math.max(0, typicalMs - (now - round.submittedAt))) },
      );
}

/**
 * The clip a round asks for, so its cost reads as the price of that length. The built-in
 * simulator answers every round with one of its few short canned clips, whatever the length
 * asked, so a demo round says its clip is a stand-in rather than promise the length.
 */
function clipWords(intl: Formatter, round: VideoRoundView): string {
  const { duration: seconds } = round.request;
  if (seconds === VIDEO_LIMITS.autoDuration) return intl.formatMessage({ id: 'round.clip.auto' });
  if (round.demo) {
    return intl.formatMessage(
      { id: 'round.clip.demoStandIn' },
      { seconds: seconds ?? VIDEO_LIMITS.defaultDuration },
    );
  }
  return seconds === undefined
    ? intl.formatMessage({ id: 'round.clip.default' })
    : intl.formatMessage({ id: 'round.clip.seconds' }, { seconds });
}

const MONEY_MESSAGES: Readonly<Record<ReturnType<typeof roundMoney>['kind'], MessageId>> = {
  demo: 'round.money.demo',
  charged: 'round.money.charged',
  estimated: 'round.money.estimated',
};

/** What a round costs or cost: charged, estimated, or what a demo round would cost. */
function moneyWords(intl: Formatter, round: VideoRoundView): string {
  const { kind, cents } = roundMoney(round);
  return intl.formatMessage({ id: MONEY_MESSAGES[kind] }, { cost: formatMoney(intl, cents) });
}

/** What an export did, in one sentence: the takes copied, and any shot left out. */
function exportedNote(
  intl: ReturnType<typeof useIntl>,
  folder: string,
  count: number,
  leftOut: readonly number[],
): string {
  const copied = intl.formatMessage({ id: 'project.exported' }, { count, folder });
  if (leftOut.length === 0) return copied;
  const shots = intl.formatList(
    leftOut.map((position) => intl.formatMessage({ id: 'project.shotName' }, { position })),
    { type: 'unit', style: 'short' },
  );
  return intl.formatMessage({ id: 'project.exportedLeftOut' }, { copied, shots });
}

function promptOf(round: VideoRoundView): string {
  return round.request.content.find((item) => item.type === 'text')?.text ?? '';
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
  previewBase: string;
}) {
  const intl = useIntl();
  const { round } = props;
  const { act, duplicate } = useVideo();
  const timed = timing(intl, round, props.now, props.typicalMs);
  const tier = usePricingTier();
  const { ask, prompt } = useConfirmPaid();
  return (
    <li
      className={`round ${round.state}${round.demo ? ' demo' : ''}`}
      data-testid="round"
      data-state={round.state}
    >
      <span className="round-title">
        {intl.formatMessage({ id: 'round.title' }, { position: round.position })}{' '}
        {round.promptUnknown ? (
          <em>{intl.formatMessage({ id: 'round.promptUnknown' })}</em>
        ) : (
          promptOf(round)
        )}
        {round.demo && (
          <span
            className="demo-mark"
            data-testid="demo-mark"
            title={intl.formatMessage({ id: 'round.demoHint' })}
          >
            {intl.formatMessage({ id: 'round.demo' })}
          </span>
        )}
      </span>
      <span className="job-state">
        {intl.formatMessage({ id: ROUND_STATE_MESSAGES[round.state] })}
      </span>
      <span className="hint">
        {moneyWords(intl, round)} · {clipWords(intl, round)}
        {timed && ' · '}
        {timed}
      </span>
      {round.error && (
        <span className="error">
          {saidNow((id, values) => intl.formatMessage({ id }, values), round.error)}
        </span>
      )}
      <span className="job-actions">
        {round.state === 'done' && round.videos.length > 0 && (
          <>
            <button type="button" onClick={() => props.onPlay(round.id)}>
              {intl.formatMessage({ id: 'round.play' })}
            </button>
            <button
              type="button"
              onClick={() => void bridge().invoke('shell:reveal', { jobId: round.id })}
            >
              {intl.formatMessage({ id: 'round.showInFolder' })}
            </button>
          </>
        )}
        {!SETTLED_STATES.has(round.state) && (
          <button
            type="button"
            onClick={() => void act('video:cancel', [round.id])}
            title={intl.formatMessage({ id: 'round.cancelHint' })}
          >
            {intl.formatMessage({ id: 'round.cancel' })}
          </button>
        )}
        <RetryActions
          state={round.state}
          checkAgain={round.checkAgain}
          cost={formatMoney(intl, round.estimateCents)}
          name={intl.formatMessage({ id: 'round.name' }, { position: round.position })}
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
            title={intl.formatMessage({ id: 'round.writePromptHint' })}
          >
            {intl.formatMessage({ id: 'round.writePrompt' })}
          </button>
        ) : (
          <button
            type="button"
            onClick={() =>
              ask({
                what: intl.formatMessage(
                  { id: 'round.duplicateWhat' },
                  { position: round.position },
                ),
                ...paidEstimate(round.request.duration, tier),
                send: () => duplicate(round.id),
              })
            }
          >
            {intl.formatMessage({ id: 'round.duplicate' })}
          </button>
        )}
        <RoundTools shot={props.shot} round={round} onNote={props.onNote} />
      </span>
      {prompt}
      {round.state === 'done' && round.videos.length > 0 && (
        <ExtendForms round={round} ask={ask} previewBase={props.previewBase} />
      )}
    </li>
  );
}

/** Video projects: shots in order, each with its rounds, the round editor and a player. */
export function VideoWorkspace(props: { previewBase: string }) {
  const intl = useIntl();
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
    if (folder) setNote(exportedNote(intl, folder, count, leftOut));
  };

  const createForm = (
    <form
      className="actions"
      aria-label={intl.formatMessage({ id: 'project.createForm' })}
      onSubmit={(event) => {
        event.preventDefault();
        const field = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
        if (field.value.trim())
          void video.createProject(field.value.trim()).then(() => (field.value = ''));
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
      <span className="spacer" />
      {video.projects.length > 0 && (
        <label>
          {intl.formatMessage({ id: 'project.project' })}{' '}
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
          <h2 id="video-empty-title">{intl.formatMessage({ id: 'project.emptyTitle' })}</h2>
          <p>{intl.formatMessage({ id: 'project.emptyAbout' })}</p>
          <p>{intl.formatMessage({ id: 'project.emptyStart' })}</p>
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
          <nav
            className="actions shot-strip"
            aria-label={intl.formatMessage({ id: 'project.shots' })}
          >
            {project.shots.map((s) => (
              <button
                key={s.id}
                type="button"
                aria-pressed={s.id === shot.id}
                onClick={() => video.selectShot(s.id)}
                className="shot-button"
              >
                <ShotThumb shot={s} previewBase={props.previewBase} />
                {intl.formatMessage(
                  { id: 'project.shotButton' },
                  { position: s.position, rounds: s.rounds.length },
                )}
              </button>
            ))}
            <button type="button" onClick={() => void video.addShot()}>
              {intl.formatMessage({ id: 'project.addShot' })}
            </button>
            <span className="spacer" />
            <button type="button" onClick={() => void exportProject(project.id)}>
              {intl.formatMessage({ id: 'project.exportTakes' })}
            </button>
            <button type="button" aria-expanded={filmOpen} onClick={() => setFilmOpen(true)}>
              {intl.formatMessage({ id: 'project.joinFilm' })}
            </button>
            <button
              type="button"
              aria-expanded={spendingOpen}
              onClick={() => setSpendingOpen(!spendingOpen)}
            >
              {intl.formatMessage({ id: 'project.spending' })}
            </button>
            <button type="button" onClick={() => setImportOpen(true)}>
              {intl.formatMessage({ id: 'project.importRounds' })}
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
              title={intl.formatMessage({ id: 'project.spendingTitle' }, { name: project.name })}
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
                {intl.formatMessage(
                  { id: 'project.roundsTitle' },
                  { project: project.name, position: shot.position },
                )}
              </h2>
              <ShotTools shot={shot} onNote={showNote} />
            </div>
            <ul className="round-list">
              {shot.rounds.map((round) => (
                <RoundRow
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
          {/* The player belongs to the shot whose clip it plays: another shot shows none. */}
          {playing && shot.rounds.some((round) => round.id === playing) && (
            <section aria-label={intl.formatMessage({ id: 'project.player' })} className="player">
              <video
                src={`${props.previewBase}round/${playing}/video`}
                controls
                data-testid="player"
              />
              <img
                src={`${props.previewBase}round/${playing}/last-frame`}
                alt={intl.formatMessage({ id: 'project.lastFrame' })}
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
                  label: intl.formatMessage(
                    { id: 'project.clipName' },
                    { shot: s.position, round: r.position },
                  ),
                  asset: r.videoAsset,
                })),
            )}
          />
          <HistoryPanel
            shotId={shot.id}
            shotLabel={intl.formatMessage({ id: 'project.shotName' }, { position: shot.position })}
          />
        </>
      )}
    </div>
  );
}
