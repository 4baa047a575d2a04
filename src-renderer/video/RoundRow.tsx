import { useIntl } from 'react-intl';
import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { saidNow } from '../../src-shared/i18n/sentence.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import type { VideoRoundView, VideoShotView } from '../../src-shared/ipc/contract.ts';
import { estimateVideoCost } from '../../src-shared/domain/pricing.ts';
import { bridge } from '../bridge.ts';
import { RetryActions } from '../components/RetryActions.tsx';
import { ROUND_STATE_MESSAGES } from '../words/job-states.ts';
import { RoundTools } from './ArrangeControls.tsx';
import { paidEstimate, useConfirmPaid, usePricingTier } from './ConfirmPaid.tsx';
import { ExtendForms } from './ExtendForms.tsx';
import { clipWords, moneyWords, promptOf, timing } from './round-words.ts';
import { useVideo } from './video-store.ts';

/** One round in the queue: what it asked, what it costs, where it is, what it made. */
export function RoundRow(props: {
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
