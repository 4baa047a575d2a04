import { Pause, Play, RotateCcw, X } from 'lucide-react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { ClipView } from '../../src-shared/ipc/contract.ts';
import { Button } from '../ui/Button.tsx';
import { ClipProposal } from './ClipProposal.tsx';
import { clipName, useClips } from './clips-store.ts';
import { leftOut, useProposals } from './proposals-store.ts';

/** One clip's line: what is happening to it, its speed, its sentence, its cleaned clip. */
function ClipLine({ clip, previewBase }: { clip: ClipView; previewBase: string }) {
  const intl = useIntl();
  const speed = useClips((state) => state.speed[clip.id]);
  const cancel = useClips((state) => state.cancel);
  const retry = useClips((state) => state.retry);
  const working = clip.state === 'preparing' || clip.state === 'downloading';
  const status =
    clip.state === 'preparing' && clip.frames && speed
      ? intl.formatMessage(
          { id: 'clips.progress' },
          {
            fps: intl.formatNumber(speed.fps, { maximumFractionDigits: 1 }),
            left: intl.formatNumber(Math.ceil(speed.secondsLeft), {
              style: 'unit',
              unit: 'second',
              unitDisplay: 'long',
            }),
            done: clip.frames.done,
            total: clip.frames.total,
          },
        )
      : intl.formatMessage({ id: 'clips.state' }, { state: clip.state });
  return (
    <li className="clip-line" data-testid="clip-line" data-state={clip.state}>
      <div className="clip-head">
        <strong>{clipName(clip.input)}</strong>
        <span className="clip-status">{status}</span>
        {(working || clip.state === 'queued') && (
          <Button icon={X} onClick={() => void cancel(clip.id)}>
            {intl.formatMessage({ id: 'clips.cancel' })}
          </Button>
        )}
        {clip.state === 'failed' && (
          <Button icon={RotateCcw} onClick={() => void retry(clip.id)}>
            {intl.formatMessage({ id: 'clips.retry' })}
          </Button>
        )}
      </div>
      {clip.error && (
        <p className="clip-error" role="alert">
          {clip.error.message}
        </p>
      )}
      {clip.state === 'done' && clip.output && (
        <video
          className="clip-result"
          data-testid="clip-result"
          controls
          src={`${previewBase}clip/${clip.id}/output`}
          aria-label={intl.formatMessage({ id: 'clips.result' }, { name: clipName(clip.output) })}
        />
      )}
    </li>
  );
}

/**
 * The Videos area of the Images screen (issue #38): clips dropped or chosen wait here for Run;
 * each shows its proposal first (ClipProposal), then is cleaned in this window, for free, with
 * its speed, Pause and Cancel, and its cleaned clip plays here. A clip the clean-up refuses (a mark that moves between scenes)
 * shows the sentence that says why.
 */
export function VideosArea({ previewBase }: { previewBase: string }) {
  const intl = useIntl();
  const { staged, clips, paused, error, run, pause } = useClips();
  const proposals = useProposals((state) => state.proposals);
  const propose = useProposals((state) => state.propose);
  useEffect(() => {
    for (const file of staged) propose(file, previewBase);
  }, [staged, propose, previewBase]);
  const toRun = staged.filter((file) => !leftOut(proposals[file])).length;
  if (staged.length === 0 && clips.length === 0) return null;
  return (
    <section className="videos-area" aria-labelledby="videos-title" data-testid="videos-area">
      <div className="clip-head">
        <h2 id="videos-title">{intl.formatMessage({ id: 'clips.title' })}</h2>
        {clips.length > 0 && (
          <Button icon={paused ? Play : Pause} onClick={() => void pause(!paused)}>
            {intl.formatMessage({ id: paused ? 'clips.resume' : 'clips.pause' })}
          </Button>
        )}
      </div>
      <p className="clip-hint">
        {intl.formatMessage({ id: paused ? 'clips.paused' : 'clips.hint' })}
      </p>
      {staged.length > 0 && (
        <ul className="clip-list">
          {staged.map((file) => (
            <ClipProposal key={file} path={file} />
          ))}
        </ul>
      )}
      {toRun > 0 && (
        <div className="clip-head">
          <Button variant="primary" icon={Play} onClick={() => void run()}>
            {intl.formatMessage({ id: 'clips.run' }, { count: toRun })}
          </Button>
        </div>
      )}
      {error && (
        <p className="clip-error" role="alert">
          {error}
        </p>
      )}
      <ul className="clip-list">
        {clips.map((clip) => (
          <ClipLine key={clip.id} clip={clip} previewBase={previewBase} />
        ))}
      </ul>
    </section>
  );
}
