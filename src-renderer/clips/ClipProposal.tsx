import { Eye, Minus, Plus, X } from 'lucide-react';
import { useIntl } from 'react-intl';
import { refusalKey } from '../../src-shared/domain/clip-jobs.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import { Button } from '../ui/Button.tsx';
import { clipName, useClips } from './clips-store.ts';
import { STEP, useProposals, type Proposal } from './proposals-store.ts';

/** How wide (CSS pixels) a landscape clip's frame is shown, and how tall a portrait one's. */
const PICTURE = 360;

/** The free preview: the middle frame and a two-second stretch, before and after, side by side. */
function ClipPreview({
  preview,
  still,
  name,
}: {
  preview: NonNullable<Proposal['preview']>;
  still: string;
  name: string;
}) {
  const intl = useIntl();
  const sides = [
    { side: 'before', picture: still, clip: preview.before },
    { side: 'after', picture: preview.still, clip: preview.after },
  ] as const;
  return (
    <div className="clip-preview" data-testid="clip-preview">
      {sides.map(({ side, picture, clip }) => {
        const label = intl.formatMessage({ id: 'clips.previewSide' }, { side, name });
        return (
          <figure key={side}>
            <figcaption>
              {intl.formatMessage({ id: 'clips.previewSideShort' }, { side })}
            </figcaption>
            <img src={picture} alt={label} data-testid={`clip-still-${side}`} />
            <video
              src={clip}
              data-testid={`clip-stretch-${side}`}
              aria-label={label}
              muted
              loop
              autoPlay
              playsInline
              controls
            />
          </figure>
        );
      })}
    </div>
  );
}

/**
 * A staged clip before Run: the frame at its middle with the found mask over it (as the
 * image finder shows its proposal), the share of the frame it covers and how much of it is
 * un-blended rather than filled, Grow and Shrink, "Clean this clip" to untick it, and the free
 * preview; or, when the clip cannot be cleaned, the sentence that says why and what to do.
 */
export function ClipProposal({ path }: { path: string }) {
  const intl = useIntl();
  const proposal = useProposals((state) => state.proposals[path]);
  const { adjust, tick, preview } = useProposals();
  const unstage = useClips((state) => state.unstage);
  const name = clipName(path);
  if (!proposal) return null;
  const { view } = proposal;
  return (
    <li className="clip-proposal" data-testid="clip-proposal" data-status={proposal.status}>
      <div className="clip-head">
        <label>
          <input
            type="checkbox"
            checked={proposal.ticked && proposal.status !== 'refused'}
            disabled={proposal.status === 'refused'}
            onChange={(event) => tick(path, event.target.checked)}
          />
          {intl.formatMessage({ id: 'clips.cleanThis' }, { name })}
        </label>
        <Button variant="ghost" icon={X} onClick={() => unstage(path)}>
          {intl.formatMessage({ id: 'clips.unstage' })}
        </Button>
        {proposal.status === 'finding' && (
          <span className="clip-status" role="status">
            {intl.formatMessage({ id: 'clips.finding' })}
          </span>
        )}
      </div>
      {proposal.status === 'refused' && proposal.refused && (
        <p className="clip-error" role="alert">
          {intl.formatMessage(
            { id: 'core.clips.refused' },
            { reason: refusalKey(proposal.refused), name },
          )}
        </p>
      )}
      {proposal.status === 'failed' && (
        <p className="clip-error" role="alert">
          {intl.formatMessage({ id: 'clips.proposalFailed' }, { name, reason: proposal.failed })}
        </p>
      )}
      {!proposal.ticked && proposal.status !== 'refused' && (
        <p className="clip-hint">{intl.formatMessage({ id: 'clips.leftOut' }, { name })}</p>
      )}
      {view && (
        <div className="clip-found">
          <span
            className="finder-picture clip-picture"
            data-testid="clip-proposal-frame"
            style={{
              aspectRatio: `${view.width} / ${view.height}`,
              // A portrait clip's frame as tall as a landscape one's is wide, not taller.
              width: `min(100%, ${Math.round(PICTURE * Math.min(1, view.width / view.height))}px)`,
            }}
          >
            <img src={view.still} alt={intl.formatMessage({ id: 'clips.frameAlt' }, { name })} />
            <img src={view.mask} alt="" className="finder-mask" />
          </span>
          <div className="clip-found-side">
            <p data-testid="clip-share">
              {intl.formatMessage(
                { id: 'clips.share' },
                {
                  share: formatPercent(intl, view.share, 1),
                  unblended: formatPercent(intl, view.unblended),
                },
              )}
            </p>
            <div className="clip-head">
              <Button icon={Plus} disabled={proposal.busy} onClick={() => adjust(path, 1)}>
                {intl.formatMessage({ id: 'clips.grow' }, { pixels: STEP })}
              </Button>
              <Button
                icon={Minus}
                disabled={proposal.busy || proposal.by <= -STEP * 3}
                onClick={() => adjust(path, -1)}
              >
                {intl.formatMessage({ id: 'clips.shrink' }, { pixels: STEP })}
              </Button>
              <Button
                icon={Eye}
                disabled={proposal.busy || proposal.previewing}
                onClick={() => preview(path)}
              >
                {intl.formatMessage({ id: 'clips.preview' })}
              </Button>
            </div>
            <p className="clip-hint">{intl.formatMessage({ id: 'clips.previewCost' })}</p>
            {proposal.previewing && (
              <p className="clip-status" role="status">
                {intl.formatMessage({ id: 'clips.previewing' })}
              </p>
            )}
          </div>
        </div>
      )}
      {view && proposal.preview && (
        <ClipPreview preview={proposal.preview} still={view.still} name={name} />
      )}
    </li>
  );
}
