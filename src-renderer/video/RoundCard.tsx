import { useState } from 'react';
import { useIntl } from 'react-intl';
import { hasClip, takeOf } from '../../src-shared/domain/film-takes.ts';
import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { saidNow } from '../../src-shared/i18n/sentence.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import type { VideoRoundView, VideoShotView } from '../../src-shared/ipc/contract.ts';
import { estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { RetryActions } from '../components/RetryActions.tsx';
import { ROUND_STATE_MESSAGES } from '../words/job-states.ts';
import { ActionMenu } from './ActionMenu.tsx';
import { paidEstimate, useConfirmPaid, usePricingTier } from './ConfirmPaid.tsx';
import { ExtendForms, type ExtendWay } from './ExtendForms.tsx';
import { useRoundMenu } from './RoundMenu.tsx';
import { clipWords, moneyWords, promptOf, timing } from './round-words.ts';
import { useVideo } from './video-store.ts';

/**
 * The round's first frame, playing silently while the pointer rests on it (a take is chosen
 * by looking at it); a round with no clip yet shows an empty frame of the same size.
 */
function RoundThumb(props: { round: VideoRoundView; previewBase: string }) {
  if (!hasClip(props.round)) return <span className="round-thumb empty" aria-hidden="true" />;
  return (
    <video
      className="round-thumb"
      src={`${props.previewBase}round/${props.round.id}/video#t=0.001`}
      preload="metadata"
      muted
      loop
      playsInline
      aria-hidden="true"
      tabIndex={-1}
      data-testid="round-thumb"
      onMouseEnter={(event) => void event.currentTarget.play().catch(() => undefined)}
      onMouseLeave={(event) => {
        event.currentTarget.pause();
        event.currentTarget.currentTime = 0;
      }}
    />
  );
}

/**
 * One round of the shot as a take card: its first frame, what it asked, its state, length
 * and cost, a star when it is the shot's take. What the round's state calls for (Cancel,
 * Retry, Write prompt…) stays on the card; the rare actions are in its ⋯ menu.
 */
export function RoundCard(props: {
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
  const [extending, setExtending] = useState<ExtendWay | null>(null);
  const isTake = takeOf(props.shot)?.id === round.id;
  const menu = useRoundMenu({
    shot: props.shot,
    round,
    onNote: props.onNote,
    onPlay: props.onPlay,
    onExtend: setExtending,
    onDuplicate: round.promptUnknown
      ? null
      : () =>
          ask({
            what: intl.formatMessage({ id: 'round.duplicateWhat' }, { position: round.position }),
            ...paidEstimate(round.request.duration, tier),
            send: () => duplicate(round.id),
          }),
  });
  const open = extending !== null || prompt;
  return (
    <li
      className={`round ${round.state}${round.demo ? ' demo' : ''}${open ? ' open' : ''}`}
      data-testid="round"
      data-state={round.state}
    >
      <span className="round-frame">
        <RoundThumb round={round} previewBase={props.previewBase} />
        {isTake && (
          <span className="take-star" data-testid="take-star">
            ★ {intl.formatMessage({ id: 'arrange.isTake' })}
          </span>
        )}
      </span>
      <span className="round-title">
        {intl.formatMessage(
          { id: 'round.title' },
          {
            position: round.position,
            // The prompt is a value of the message, so each language places it after its own
            // colon (Japanese and Chinese take a full-width colon with no space after).
            prompt: round.promptUnknown ? (
              <em key="prompt">{intl.formatMessage({ id: 'round.promptUnknown' })}</em>
            ) : (
              promptOf(round)
            ),
          },
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
        {round.promptUnknown && (
          <button
            type="button"
            onClick={() => props.onWritePrompt(round)}
            title={intl.formatMessage({ id: 'round.writePromptHint' })}
          >
            {intl.formatMessage({ id: 'round.writePrompt' })}
          </button>
        )}
        <span className="spacer" />
        <ActionMenu
          label={intl.formatMessage({ id: 'round.actions' }, { position: round.position })}
          actions={menu.actions}
        />
      </span>
      {prompt}
      {extending && (
        <ExtendForms
          round={round}
          way={extending}
          ask={ask}
          previewBase={props.previewBase}
          onClose={() => setExtending(null)}
        />
      )}
      {menu.dialog}
    </li>
  );
}
