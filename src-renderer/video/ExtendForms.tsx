import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  EXTEND_PLACES,
  type ExtendPlace,
  type VideoRoundView,
} from '../../src-shared/ipc/contract.ts';
import { continuationDuration } from '../../src-shared/domain/pricing.ts';
import { paidEstimate, usePricingTier, type PaidAsk } from './ConfirmPaid.tsx';
import { takeLastFrame } from './last-frame.ts';
import { useVideo } from './video-store.ts';

/**
 * The two ways on from a finished clip: a new round that starts from its last frame, or one
 * that takes the clip itself as its reference video; either goes into a new shot right after
 * this one (so the film holds both clips) or into this shot, where it becomes the take. The second needs the clip as an uploaded
 * asset; when the service gave only a download link, the form says so and asks for it.
 */
export function ExtendForms(props: {
  round: VideoRoundView;
  ask: (paid: PaidAsk) => void;
  previewBase: string;
}) {
  const intl = useIntl();
  const { round, ask, previewBase } = props;
  const { position } = round;
  const extend = useVideo((state) => state.extend);
  const showError = useVideo((state) => state.showError);
  const cost = paidEstimate(continuationDuration(round.request), usePricingTier());
  const [next, setNext] = useState('');
  const [asVideo, setAsVideo] = useState(false);
  const [asset, setAsset] = useState(round.videoAsset ?? '');
  const [continuation, setContinuation] = useState('continue @video1: ');
  // A new shot by default, so the film holds the clip and what follows it.
  const [into, setInto] = useState<ExtendPlace>('new-shot');
  // The messages choose their words by `new` or `this` (a message's choices take no dash).
  const place = (chosen: ExtendPlace) => (chosen === 'new-shot' ? 'new' : 'this');
  const what = (id: 'round.extendWhat' | 'round.extendVideoWhat') =>
    intl.formatMessage({ id }, { position, into: place(into) });
  return (
    <>
      <fieldset
        className="actions extend-place"
        aria-label={intl.formatMessage({ id: 'round.extendPlace' }, { position })}
      >
        {EXTEND_PLACES.map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name={`extend-place-${round.id}`}
              checked={into === choice}
              onChange={() => setInto(choice)}
            />{' '}
            {intl.formatMessage({ id: 'round.extendInto' }, { into: place(choice) })}
          </label>
        ))}
      </fieldset>
      <form
        className="actions extend"
        aria-label={intl.formatMessage({ id: 'round.extendForm' }, { position })}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (next.trim()) {
            ask({
              what: what('round.extendWhat'),
              ...cost,
              send: async () => {
                // The service kept no last frame: the player takes it from the clip.
                let how: { from: 'last-frame'; takenFrame: string } | undefined;
                if (!round.lastFrameUrl) {
                  try {
                    const clip = `${previewBase}round/${round.id}/video`;
                    how = { from: 'last-frame', takenFrame: await takeLastFrame(clip) };
                  } catch {
                    showError(intl.formatMessage({ id: 'round.frameUnreadable' }));
                    return;
                  }
                }
                await extend(round.id, next, into, how);
                setNext('');
              },
            });
          }
        }}
      >
        <input
          aria-label={intl.formatMessage({ id: 'round.next' }, { position })}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          placeholder={intl.formatMessage({ id: 'round.nextPlaceholder' })}
        />
        <button type="submit">{intl.formatMessage({ id: 'round.extendFromFrame' })}</button>
        <button type="button" aria-expanded={asVideo} onClick={() => setAsVideo(!asVideo)}>
          {intl.formatMessage({ id: 'round.extendVideoOpen' })}
        </button>
      </form>
      {asVideo && (
        <form
          className="extend-video"
          aria-label={intl.formatMessage({ id: 'round.extendVideoForm' }, { position })}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            ask({
              what: what('round.extendVideoWhat'),
              ...cost,
              send: () =>
                extend(round.id, continuation, into, { from: 'video', videoAsset: asset }),
            });
          }}
        >
          {!round.videoAsset && (
            <p className="hint">
              {intl.formatMessage({ id: 'round.uploadFirst' }, { file: round.videos[0] ?? '' })}
            </p>
          )}
          <span className="actions">
            <input
              aria-label={intl.formatMessage({ id: 'round.assetAddress' }, { position })}
              value={asset}
              onChange={(event) => setAsset(event.target.value)}
              placeholder={intl.formatMessage({ id: 'round.assetPlaceholder' })}
            />
            <input
              aria-label={intl.formatMessage({ id: 'round.continuation' }, { position })}
              value={continuation}
              onChange={(event) => setContinuation(event.target.value)}
            />
            <button type="submit" disabled={!asset.trim() || !continuation.trim()}>
              {intl.formatMessage({ id: 'round.extendVideo' })}
            </button>
          </span>
        </form>
      )}
    </>
  );
}
