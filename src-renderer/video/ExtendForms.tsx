import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  EXTEND_PLACES,
  type ExtendPlace,
  type VideoRoundView,
} from '../../src-shared/ipc/contract.ts';
import { continuationDuration } from '../../src-shared/domain/pricing.ts';
import { PaidQuestion } from '../components/PaidQuestion.tsx';
import { paidEstimate, paidQuestion, usePricingTier, type PaidAsk } from './ConfirmPaid.tsx';
import { takeLastFrame } from './last-frame.ts';
import { useVideo } from './video-store.ts';

/** Which way on from a finished clip the take card has open. */
export type ExtendWay = 'frame' | 'video';

// The messages choose their words by `new` or `this` (a message's choices take no dash).
const placeWord = (chosen: ExtendPlace) => (chosen === 'new-shot' ? 'new' : 'this');

/** Where the continuation goes: a new shot after this one (the default), or this shot. */
function PlaceChoice(props: {
  round: VideoRoundView;
  into: ExtendPlace;
  onChange: (into: ExtendPlace) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset
      className="actions extend-place"
      aria-label={intl.formatMessage(
        { id: 'round.extendPlace' },
        { position: props.round.position },
      )}
    >
      {EXTEND_PLACES.map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={`extend-place-${props.round.id}`}
            checked={props.into === choice}
            onChange={() => props.onChange(choice)}
          />{' '}
          {intl.formatMessage({ id: 'round.extendInto' }, { into: placeWord(choice) })}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The two ways on from a finished clip, opened from its card's menu: a new round that starts
 * from its last frame, or one that takes the clip itself as its reference video; either goes
 * into a new shot right after this one (so the film holds both clips) or into this shot,
 * where it becomes the take. The first is its own paid question: the form says what it sends
 * and its cost above "Confirm and send", so menu, item and confirmation are the three clicks.
 * The second needs the clip as an uploaded asset; when the service gave only a download link,
 * the form says so and asks for it, and its button asks the usual question.
 */
export function ExtendForms(props: {
  round: VideoRoundView;
  way: ExtendWay;
  ask: (paid: PaidAsk) => void;
  previewBase: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { round, ask, previewBase } = props;
  const { position } = round;
  const extend = useVideo((state) => state.extend);
  const showError = useVideo((state) => state.showError);
  const cost = paidEstimate(continuationDuration(round.request), usePricingTier());
  const [next, setNext] = useState('');
  const [sending, setSending] = useState(false);
  const [asset, setAsset] = useState(round.videoAsset ?? '');
  const [continuation, setContinuation] = useState('continue @video1: ');
  // A new shot by default, so the film holds the clip and what follows it.
  const [into, setInto] = useState<ExtendPlace>('new-shot');
  const what = (id: 'round.extendWhat' | 'round.extendVideoWhat') =>
    intl.formatMessage({ id }, { position, into: placeWord(into) });
  const place = <PlaceChoice round={round} into={into} onChange={setInto} />;
  if (props.way === 'frame') {
    const sendFromFrame = async () => {
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
    };
    return (
      <form
        className="extend"
        aria-label={intl.formatMessage({ id: 'round.extendForm' }, { position })}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!next.trim() || sending) return;
          setSending(true);
          void sendFromFrame().finally(() => {
            setSending(false);
            props.onClose();
          });
        }}
      >
        {place}
        <input
          aria-label={intl.formatMessage({ id: 'round.next' }, { position })}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          placeholder={intl.formatMessage({ id: 'round.nextPlaceholder' })}
          autoFocus
        />
        <PaidQuestion
          submit
          label={what('round.extendWhat')}
          question={paidQuestion(intl, { what: what('round.extendWhat'), ...cost })}
          sending={sending || !next.trim()}
          onBack={props.onClose}
        />
      </form>
    );
  }
  return (
    <form
      className="extend-video"
      aria-label={intl.formatMessage({ id: 'round.extendVideoForm' }, { position })}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        ask({
          what: what('round.extendVideoWhat'),
          ...cost,
          send: () =>
            extend(round.id, continuation, into, { from: 'video', videoAsset: asset }).then(
              props.onClose,
            ),
        });
      }}
    >
      {place}
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
          autoFocus
        />
        <input
          aria-label={intl.formatMessage({ id: 'round.continuation' }, { position })}
          value={continuation}
          onChange={(event) => setContinuation(event.target.value)}
        />
        <button type="submit" disabled={!asset.trim() || !continuation.trim()}>
          {intl.formatMessage({ id: 'round.extendVideo' })}
        </button>
        <button type="button" onClick={props.onClose}>
          {intl.formatMessage({ id: 'arrange.cancel' })}
        </button>
      </span>
    </form>
  );
}
